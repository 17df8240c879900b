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
import { formatEuroAmount, type PaymentMethodType } from '@podpot/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { routePath } from '@/config/paths';
import { activePaymentMethodsQuery } from '@/features/paymentmethods/api/list-active-payment-methods';
import { choose, withDefaultMethod } from '@/features/paymentmethods/rules';
import type { CheckoutProps } from '@/lib/checkout-slot';
import { useLocale, useLocalePath } from '@/lib/use-locale';

/* ---------- logos (50x50, spec §9) ---------- */

function IdealLogo() {
  return (
    <svg width="50" height="50" viewBox="0 0 50 50" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="48" height="48" rx="8" fill="#fff" stroke="#cc0066" strokeWidth="2" />
      <rect x="9" y="16" width="5" height="20" fill="#000" />
      <circle cx="11.5" cy="11" r="3" fill="#000" />
      <path d="M18 12h9a12 12 0 0 1 0 24h-9z" fill="#cc0066" />
      <text x="25" y="28" fontSize="9" fontWeight="700" fill="#fff" fontFamily="Arial, sans-serif" textAnchor="middle">
        DEAL
      </text>
    </svg>
  );
}

function BancontactLogo() {
  return (
    <svg width="50" height="50" viewBox="0 0 50 50" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="48" height="48" rx="8" fill="#fff" stroke="#1e3764" strokeWidth="2" />
      <path d="M7 28h16l6-8h14l-6 8H21l-6 8H7z" fill="#1e3764" />
      <path d="M7 20h14l-4 6H7z" fill="#005ab9" />
      <path d="M29 20h14l-6 8H25z" fill="#ffd800" />
    </svg>
  );
}

const LOGOS: Record<PaymentMethodType, () => React.JSX.Element> = { ideal: IdealLogo, bcmc: BancontactLogo };

/* ---------- the block ---------- */

/**
 * Checkout block 'Betalen' (spec §2): payment-method picker with 50x50 logos, optional iDEAL issuer,
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
              const Logo = LOGOS[method.type];
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
