import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { formatCents, type Tip } from '@podpot/domain';
import { useMemo, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateRefund } from '@/features/tips/api/refunds';
import { type RefundFormValues, refundableOf, refundCentsOf, refundFormSchema } from '@/features/tips/rules';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { notify, notifySuccess } from '@/lib/notifications';
import { useLocale } from '@/lib/use-locale';

/**
 * A platform admin refunds a paid tip (or a monthly charge): all that is left or a part in euros,
 * with a reason the tipper is mailed; a second step confirms the amount before anything is sent.
 * One Idempotency-Key per dialog, so a double click or a retry refunds once.
 */
export function RefundDialog({ tip, open, onClose }: { tip: Tip; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['tips', 'common']);
  const locale = useLocale();
  const left = refundableOf(tip);
  const schema = useMemo(() => refundFormSchema(left), [left]);
  const { form, field } = useDomainForm<RefundFormValues>(schema, { mode: 'full', amount: '', reason: '' });
  const mutation = useCreateRefund(tip.id);
  const idempotencyKey = useRef(newIdempotencyKey());
  const [confirming, setConfirming] = useState<RefundFormValues | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mode = form.watch('mode');

  const close = () => {
    setConfirming(null);
    setFailure(null);
    form.reset();
    idempotencyKey.current = newIdempotencyKey();
    onClose();
  };

  const onReview = form.handleSubmit((values) => {
    setFailure(null);
    setConfirming(values);
  });

  const onConfirm = () => {
    if (!confirming) return;
    mutation.mutate(
      {
        data: { amount: refundCentsOf(confirming, left), reason: confirming.reason },
        idempotencyKey: idempotencyKey.current,
      },
      {
        onSuccess: (refund) => {
          if (refund.status === 'pending')
            notify(t(refund.providerUid ? 'refund.processing' : 'refund.pending'), 'info');
          else notifySuccess(t('refund.done'));
          close();
        },
        onError: (error) => {
          setConfirming(null);
          if (!applyServerFieldErrors(form, error)) {
            setFailure(
              error instanceof ApiError && error.status === 409 ? t('refund.notRefundable') : t('refund.failed'),
            );
          }
        },
      },
    );
  };

  const amount = confirming ? formatCents(refundCentsOf(confirming, left), locale) : '';
  return (
    <Dialog open={open} onClose={close} aria-labelledby="refund-title" fullWidth maxWidth="xs">
      <DialogTitle id="refund-title">{t('refund.title')}</DialogTitle>
      {confirming && (
        <>
          <DialogContent>
            <DialogContentText id="refund-confirm-text">
              {t('refund.confirmText', { amount, total: formatCents(tip.amount, locale) })}
            </DialogContentText>
            <DialogContentText sx={{ mt: 1 }}>
              {t('refund.confirmReason', { reason: confirming.reason })}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(null)} color="inherit">
              {t('common:actions.back')}
            </Button>
            <Button color="error" variant="contained" onClick={onConfirm} disabled={mutation.isPending}>
              {t('refund.confirm', { amount })}
            </Button>
          </DialogActions>
        </>
      )}
      {/* Kept mounted while confirming, so a field error from the API lands on its field. */}
      <Box
        component="form"
        noValidate
        onSubmit={onReview}
        aria-labelledby="refund-title"
        sx={{ display: confirming ? 'none' : 'block' }}
      >
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('refund.left', { left: formatCents(left, locale), total: formatCents(tip.amount, locale) })}
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <FormControl component="fieldset" sx={{ mb: 1 }}>
            <FormLabel component="legend" id="refund-mode-label">
              {t('refund.what')}
            </FormLabel>
            <Controller
              control={form.control}
              name="mode"
              render={({ field: radio }) => (
                <RadioGroup aria-labelledby="refund-mode-label" {...radio}>
                  <FormControlLabel
                    value="full"
                    control={<Radio />}
                    label={t('refund.full', { amount: formatCents(left, locale) })}
                  />
                  <FormControlLabel value="partial" control={<Radio />} label={t('refund.partial')} />
                </RadioGroup>
              )}
            />
          </FormControl>
          {mode === 'partial' && (
            <TextField
              label={t('refund.amount')}
              inputMode="decimal"
              autoFocus
              slotProps={{ input: { startAdornment: '€\u00a0' } }}
              {...field('amount', { helperText: t('refund.amountHint', { left: formatCents(left, locale) }) })}
            />
          )}
          <TextField label={t('refund.reason')} {...field('reason', { helperText: t('refund.reasonHint') })} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} color="inherit">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={left === 0}>
            {t('refund.review')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
