import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { PAYMENT_DIALOG_STATUSES } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { routePath } from '@/config/paths';
import type { BackofficeTipjar } from '@/features/tipjars/api/get-tipjar-by-slug';
import { RetryPaymentCard } from '@/features/tipjars/components/retry-payment-card';
import type { CheckoutComponent } from '@/lib/checkout-slot';
import { useLocalePath } from '@/lib/use-locale';

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

      <Dialog
        open={paymentOpen}
        maxWidth={false}
        aria-labelledby="payment-dialog-title"
        slotProps={{ paper: { sx: { m: 1 } } }}
      >
        <DialogTitle id="payment-dialog-title">{t('paymentDialog.title')}</DialogTitle>
        <Box sx={{ px: 3 }}>
          <RetryPaymentCard tipjar={tipjar} checkout={checkout} onRefresh={onRefresh} refreshing={refreshing} />
        </Box>
        <DialogActions>
          <Button onClick={() => setPaymentDismissed(true)}>{t('paymentDialog.later')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
