import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { PAYMENT_DIALOG_STATUSES } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { routePath } from '@/config/paths';
import type { BackofficeTipjar } from '@/features/tipjars/api/get-tipjar-by-slug';
import { RetryPaymentCard } from '@/features/tipjars/components/retry-payment-card';
import type { CheckoutComponent } from '@/lib/checkout-slot';
import { useLocalePath } from '@/lib/use-locale';
import { usePhone } from '@/lib/use-phone';

/**
 * The backoffice's two dialogs (docs/product.md §2): the payment dialog while the tip jar is NEW,
 * AWAITING_PAYMENT or PAYMENT_EXPIRED; the welcome dialog when `?welcome=true` and the order is paid
 * (a failed or expired payment also returns with `welcome=true`: it gets the payment dialog). While a
 * payment's outcome is still on its way the layout polls, so a completed one turns into the welcome.
 */
export function TipjarDialogs({
  tipjar,
  checkout,
  onRefresh,
  refreshing,
}: {
  tipjar: BackofficeTipjar;
  /** The checkout block of the payment dialog (lib/checkout-slot.ts). */
  checkout: CheckoutComponent;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation(['tipjar', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [paymentDismissed, setPaymentDismissed] = useState(false);
  const phone = usePhone();
  const unpaid = PAYMENT_DIALOG_STATUSES.includes(tipjar.status);
  const welcome = params.get('welcome') === 'true' && !unpaid;
  const home = routePath('backofficeDashboard', { tipjarslug: tipjar.slug });
  const paymentOpen = unpaid && !paymentDismissed;

  return (
    <>
      <Dialog
        open={welcome}
        onClose={() => navigate(localePath(home), { replace: true })}
        aria-labelledby="welcome-title"
        aria-describedby="welcome-text"
      >
        <DialogTitle id="welcome-title">{t('welcome.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="welcome-text" sx={{ mb: 1 }}>
            {t('welcome.text')}
          </DialogContentText>
          <DialogContentText>{t('welcome.later')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => navigate(localePath(home), { replace: true })}>{t('common:actions.close')}</Button>
          <Button
            variant="contained"
            onClick={() =>
              navigate(localePath(routePath('backofficeRegistration', { tipjarslug: tipjar.slug })), { replace: true })
            }
          >
            {t('welcome.register')}
          </Button>
        </DialogActions>
      </Dialog>

      {/*
        On a phone the dialog takes the whole screen: a floating one left a strip of the page at its
        bottom, the same retry card showing through the backdrop as if the dialog were see-through.
        Its content scrolls between the title and the "later" button.
      */}
      <Dialog open={paymentOpen} maxWidth={false} fullScreen={phone} aria-labelledby="payment-dialog-title">
        <DialogTitle id="payment-dialog-title">{t('paymentDialog.title')}</DialogTitle>
        <DialogContent sx={{ px: { xs: 2, sm: 3 } }}>
          <RetryPaymentCard tipjar={tipjar} checkout={checkout} onRefresh={onRefresh} refreshing={refreshing} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPaymentDismissed(true)}>{t('paymentDialog.later')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
