import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { formatEuroAmount } from '@podpot/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { routePath } from '@/config/paths';
import { activePaymentMethodsQuery } from '@/features/paymentmethods/api/list-active-payment-methods';
import { PAYMENT_LOGOS } from '@/features/paymentmethods/components/payment-logos';
import { choose, withDefaultMethod } from '@/features/paymentmethods/rules';
import type { CheckoutProps } from '@/lib/checkout-slot';
import { useLocale, useLocalePath } from '@/lib/use-locale';

/* ---------- the block ---------- */

/**
 * Checkout block 'Betalen' (docs/product.md §2): payment-method picker with 50x50 logos, optional iDEAL issuer,
 * the terms notice and the AFREKENEN button with the amount. Loads the active payment methods itself.
 * Features that take a payment get it from their page as their `checkout` (lib/checkout-slot.ts).
 */
export function CheckoutBlock({
  amountCents,
  value,
  onChange,
  onSubmit,
  invalid = false,
  loading = false,
  error,
  title,
}: CheckoutProps) {
  const { t } = useTranslation('checkout');
  const locale = useLocale();
  const localePath = useLocalePath();
  const id = useId();
  const methodsQuery = useQuery(activePaymentMethodsQuery);
  const methods = methodsQuery.data ?? [];

  // Preselect the first method when none (or an unknown one) is chosen.
  const effective = withDefaultMethod(value, methods);
  useEffect(() => {
    if (effective !== value) onChange(effective);
  }, [effective, value, onChange]);

  const selected = methods.find((method) => method.id === effective.paymentmethod);
  const disabled = invalid || loading || !selected;
  const titleId = `${id}-title`;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 3 }}>
      <Typography id={titleId} variant="h3" component="h2" gutterBottom>
        {title ?? t('title')}
      </Typography>
      {methodsQuery.isPending && <LinearProgress aria-label={t('loadingMethods')} />}
      {methodsQuery.isError && <Alert severity="error">{t('methodsError')}</Alert>}
      {methodsQuery.isSuccess && methods.length === 0 && <Alert severity="warning">{t('noMethods')}</Alert>}
      {methods.length > 0 && (
        <FormControl component="fieldset" sx={{ width: '100%' }}>
          <FormLabel component="legend" id={`${id}-methods`}>
            {t('method')}
          </FormLabel>
          <RadioGroup
            aria-labelledby={`${id}-methods`}
            value={effective.paymentmethod}
            onChange={(event) => {
              const method = methods.find((candidate) => candidate.id === event.target.value);
              if (method) onChange(choose(method, effective));
            }}
            sx={{ flexDirection: 'row', gap: 1, mt: 1 }}
          >
            {methods.map((method) => {
              const Logo = PAYMENT_LOGOS[method.type];
              return (
                <FormControlLabel
                  key={method.id}
                  value={method.id}
                  control={<Radio />}
                  data-testid={`paymentmethod-${method.type}`}
                  sx={{
                    m: 0,
                    pr: 2,
                    border: 1,
                    borderRadius: 2,
                    borderColor: method.id === effective.paymentmethod ? 'primary.main' : 'divider',
                  }}
                  label={
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      {Logo && <Logo />}
                      <span>{method.name}</span>
                    </Box>
                  }
                />
              );
            })}
          </RadioGroup>
        </FormControl>
      )}
      {selected?.type === 'ideal' && selected.paymentissuers.length > 0 && (
        <TextField
          select
          id={`${id}-issuer`}
          label={t('issuer')}
          value={effective.paymentissuer}
          onChange={(event) => onChange({ ...effective, paymentissuer: event.target.value })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('issuerPlaceholder')}</MenuItem>
          {selected.paymentissuers.map((issuer) => (
            <MenuItem key={issuer.bic} value={issuer.bic}>
              {issuer.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Typography variant="body2" sx={{ mt: 2 }}>
        <Trans
          t={t}
          i18nKey="terms"
          components={{
            terms: <Link href={localePath(routePath('termsofuse'))} target="_blank" rel="noopener" color="inherit" />,
            privacy: <Link href={localePath(routePath('privacy'))} target="_blank" rel="noopener" color="inherit" />,
          }}
        />
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {loading && <LinearProgress sx={{ mt: 2 }} aria-label={t('paying')} />}
      <Button
        type={onSubmit ? 'button' : 'submit'}
        onClick={onSubmit}
        variant="contained"
        size="large"
        fullWidth
        disabled={disabled}
        sx={{ mt: 2 }}
      >
        {t('pay', { amount: formatEuroAmount(amountCents, locale) })}
      </Button>
    </Paper>
  );
}
