import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Link,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import type { PaymentChoice } from '@podpot/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';
import type { BackofficeTipjar } from '@/features/tipjars/api/get-tipjar-by-slug';
import { useRetryAddonPayment } from '@/features/tipjars/api/retry-addon-payment';
import { TipjarStatusChip } from '@/features/tipjars/components/tipjar-status-chip';
import { findTipjarAddon, retryStepFor } from '@/features/tipjars/rules';
import type { CheckoutComponent } from '@/lib/checkout-slot';

export type RetryStep = 1 | 2 | 3;

/** Retry-payment card for an unfinished Podpot order (docs/product.md §2, §4, §8): three steps, width 600. */
export function RetryPaymentCard({
  tipjar,
  checkout: CheckoutBlock,
  onRefresh,
  refreshing = false,
}: {
  tipjar: BackofficeTipjar;
  /** The checkout block (lib/checkout-slot.ts). */
  checkout: CheckoutComponent;
  onRefresh: () => void;
  refreshing?: boolean;
}) {
  const { t } = useTranslation('tipjar');
  const addon = findTipjarAddon(tipjar);
  const retry = useRetryAddonPayment(tipjar.id);
  const [choice, setChoice] = useState<PaymentChoice>({ paymentmethod: '', paymentissuer: '' });
  // Step 3 (and going back to 2 from it) is the user's doing; otherwise the order's state decides.
  const [manualStep, setManualStep] = useState<2 | 3 | null>(null);
  const onChoice = useCallback((next: PaymentChoice) => setChoice(next), []);
  // On a phone three labels side by side do not fit the card: the steps go under each other.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  if (!addon) {
    return (
      <Card sx={{ width: 600, maxWidth: '100%' }}>
        <CardContent>
          <Alert severity="error">{t('retry.missingOrder')}</Alert>
        </CardContent>
      </Card>
    );
  }

  const step: RetryStep = manualStep ?? retryStepFor(addon);

  const pay = async () => {
    try {
      const answer = await retry.mutateAsync({ addonId: addon.id, choice });
      const redirectUrl = answer.oppTransaction?.redirectUrl;
      if (redirectUrl) {
        window.location.assign(redirectUrl);
        return;
      }
      setManualStep(3);
    } catch {
      setManualStep(3);
    }
  };

  return (
    <Card sx={{ width: 600, maxWidth: '100%' }} data-testid="retry-payment-card">
      <CardHeader title={t('retry.title')} slotProps={{ title: { component: 'h2', variant: 'h3' } }} />
      <CardContent>
        <Typography sx={{ mb: 1 }}>{t('retry.notPaid')}</Typography>
        <Typography sx={{ mb: 1 }}>{t('retry.onHold')}</Typography>
        <Typography sx={{ mb: 1 }}>{t('retry.finish')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('retry.mayTakeAWhile')} {t('retry.help')}{' '}
          <Link color="inherit" href={`mailto:${env.supportEmail}`}>
            {env.supportEmail}
          </Link>
        </Typography>
        <Stepper
          activeStep={step - 1}
          alternativeLabel={!narrow}
          orientation={narrow ? 'vertical' : 'horizontal'}
          sx={{ mb: 3 }}
        >
          <Step>
            <StepLabel>{t('retry.steps.status')}</StepLabel>
          </Step>
          <Step>
            <StepLabel>{t('retry.steps.method')}</StepLabel>
          </Step>
          <Step>
            <StepLabel>{t('retry.steps.done')}</StepLabel>
          </Step>
        </Stepper>

        {step === 1 && (
          <Box data-testid="retry-step-1">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
              <Typography>{t('retry.status')}</Typography>
              <TipjarStatusChip status={tipjar.status} />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                href={addon.oppTransaction?.redirectUrl ?? undefined}
                data-testid="retry-pay-link"
              >
                {t('retry.payWithIdeal')}
              </Button>
              <Button startIcon={<RefreshIcon />} onClick={onRefresh} disabled={refreshing}>
                {t('retry.refresh')}
              </Button>
            </Box>
          </Box>
        )}

        {step === 2 && (
          <Box data-testid="retry-step-2">
            <CheckoutBlock
              amountCents={addon.costTotalWithTax}
              value={choice}
              onChange={onChoice}
              onSubmit={() => void pay()}
              loading={retry.isPending}
            />
          </Box>
        )}

        {step === 3 && (
          <Box data-testid="retry-step-3">
            <Alert severity="error" sx={{ mb: 2 }}>
              {t('retry.failed')}
            </Alert>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={() => setManualStep(2)}>
                {t('retry.tryAgain')}
              </Button>
              <Button startIcon={<RefreshIcon />} onClick={onRefresh} disabled={refreshing}>
                {t('retry.refresh')}
              </Button>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
