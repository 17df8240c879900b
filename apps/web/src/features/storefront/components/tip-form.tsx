import {
  Box,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputAdornment,
  LinearProgress,
  Radio,
  RadioGroup,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  CreateRecurringTipDataSchema,
  CreateTipDataSchema,
  DEFAULT_PLATFORM_FEE_BPS,
  formatCents,
  formatEuroAmount,
  MAX_TIP_CENTS,
  MIN_TIP_CENTS,
  type PublicTipjar,
  parseEuroToCents,
  platformFeeOf,
  TIP_MESSAGE_MAX,
  TIP_PRIVACY,
  type TipPrivacy,
} from '@podpot/domain';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routePath } from '@/config/paths';
import { type CreateRecurringTipData, useCreateRecurringTip } from '@/features/storefront/api/create-recurring-tip';
import { type CreateTipData, newIdempotencyKey, useCreateTip } from '@/features/storefront/api/create-tip';
import { FrequencyField, type TipFrequency } from '@/features/storefront/components/frequency-field';
import { isApiError } from '@/lib/api-client';
import { errorTextKey } from '@/lib/api-errors';
import { useAuth } from '@/lib/auth';
import type { CheckoutComponent } from '@/lib/checkout-slot';
import { lazyWithPreload } from '@/lib/chunk-reload';
import { applyServerFieldErrors, createValidationScheduler, decodeFieldError, useDomainForm } from '@/lib/form';
import { readTipDraft, saveTipDraft } from '@/lib/tip-draft';
import { useLocale, useLocalePath } from '@/lib/use-locale';

/**
 * Its own chunk: only a monthly tip without an account needs it, and it brings the login and register
 * schemas (and their module's phone rules) that a first visit does not.
 */
const InlineAuth = lazyWithPreload<object>(() =>
  import('@/features/storefront/components/inline-auth').then((m) => ({ default: m.InlineAuth })),
);

/** The form's values are exactly the API's `data` (CreateTipDataSchema), so one schema validates both. */
type TipFormValues = CreateTipData;

const PRIVACY_LABEL_KEY = {
  NAME_AND_AMOUNT: 'privacy.nameAndAmount',
  NAME_ONLY: 'privacy.nameOnly',
  ANONYMOUS: 'privacy.anonymous',
} as const satisfies Record<TipPrivacy, string>;

function initialValues(
  tipjar: PublicTipjar,
  locale: 'en' | 'nl',
): { values: TipFormValues; customText: string; frequency: TipFrequency } {
  const draft = readTipDraft(tipjar.slug);
  const presets = tipjar.presetAmounts;
  const amount = draft?.amount ?? presets[Math.min(1, presets.length - 1)] ?? 500;
  const values: TipFormValues = {
    amount,
    displayName: draft?.displayName ?? '',
    message: draft?.message ?? '',
    privacy: draft?.privacy ?? 'NAME_AND_AMOUNT',
    email: draft?.email ?? '',
    payment: { paymentmethod: draft?.paymentmethod ?? '', paymentissuer: draft?.paymentissuer ?? '' },
    locale,
  };
  // A restored amount that is not a preset goes back into the "other amount" field.
  const customText = presets.includes(amount) ? '' : formatEuroAmount(amount, locale);
  return { values, customText, frequency: draft?.frequency === 'monthly' ? 'monthly' : 'once' };
}

export function TipForm({
  tipjar,
  checkout: CheckoutBlock,
}: {
  tipjar: PublicTipjar;
  /** The checkout block (lib/checkout-slot.ts). */
  checkout: CheckoutComponent;
}) {
  const { t } = useTranslation(['storefront', 'errors', 'recurringtips']);
  const auth = useAuth();
  const locale = useLocale();
  const localePath = useLocalePath();
  const initial = useMemo(() => initialValues(tipjar, locale), [tipjar, locale]);
  const { form, field } = useDomainForm<TipFormValues>(CreateTipDataSchema, initial.values);
  const [customText, setCustomText] = useState(initial.customText);
  const [failure, setFailure] = useState<string | null>(null);
  // One-off (the API's tips) or monthly (its recurring tips: a signed-in tipper, the account's e-mail).
  const [frequency, setFrequency] = useState<TipFrequency>(initial.frequency);
  const monthly = frequency === 'monthly';
  const createTip = useCreateTip(tipjar.id);
  const createRecurringTip = useCreateRecurringTip(tipjar.id);
  // One key per attempt; kept when an attempt may have reached the API (network error, 5xx) so sending
  // it again cannot make a second tip, renewed once the API has definitely refused it.
  const idempotencyKey = useRef<string | null>(null);
  // Guards the gap between a second click and the re-render that disables the button.
  const submitting = useRef(false);

  const values = form.watch();
  const { errors } = form.formState;
  const monthlyData = (): CreateRecurringTipData => ({
    amount: values.amount,
    displayName: values.displayName ?? '',
    message: values.message ?? '',
    privacy: values.privacy ?? 'NAME_AND_AMOUNT',
    payment: values.payment,
    locale,
  });
  const isValid = monthly
    ? Boolean(auth.user) && CreateRecurringTipDataSchema.safeParse(monthlyData()).success
    : CreateTipDataSchema.safeParse(values).success;

  // The spec's validation timing for the fields that are not plain inputs (amount, choices).
  const formRef = useRef(form);
  formRef.current = form;
  const scheduler = useMemo(
    () => createValidationScheduler((name) => void formRef.current.trigger(name as keyof TipFormValues)),
    [],
  );
  useEffect(() => () => scheduler.cancel(), [scheduler]);
  const revalidate = (name: 'amount') => scheduler.schedule(name, Boolean(form.formState.errors[name]));

  const amount = values.amount;
  const amountValid = Number.isInteger(amount) && amount >= MIN_TIP_CENTS && amount <= MAX_TIP_CENTS;
  // The live fee setting is read by the API; before paying we show the default rate (5 %).
  const fee = amountValid ? platformFeeOf(amount, DEFAULT_PLATFORM_FEE_BPS) : 0;
  const amountError = decodeFieldError(errors.amount);
  const amountErrorText = amountError
    ? t('amount.range', { min: formatCents(MIN_TIP_CENTS, locale), max: formatCents(MAX_TIP_CENTS, locale) })
    : undefined;
  const presetValue = customText === '' && tipjar.presetAmounts.includes(amount) ? amount : null;
  const messageField = field('message', {
    helperText: t('fields.messageCount', { count: values.message?.length ?? 0, max: TIP_MESSAGE_MAX }),
  });

  const saveDraft = (data: TipFormValues) =>
    saveTipDraft(tipjar.slug, {
      amount: data.amount,
      displayName: data.displayName ?? '',
      message: data.message ?? '',
      privacy: data.privacy ?? 'NAME_AND_AMOUNT',
      email: data.email,
      paymentmethod: data.payment.paymentmethod,
      paymentissuer: data.payment.paymentissuer ?? '',
      frequency,
    });

  const onSubmitOnce = form.handleSubmit(async (data) => {
    if (submitting.current) return;
    submitting.current = true;
    setFailure(null);
    idempotencyKey.current ??= newIdempotencyKey();
    saveDraft(data);
    try {
      const answer = await createTip.mutateAsync({
        data: { ...data, locale },
        idempotencyKey: idempotencyKey.current,
      });
      idempotencyKey.current = null;
      const redirectUrl = answer.oppTransaction.redirectUrl;
      if (redirectUrl) {
        // Stays "loading" while the browser leaves for the provider's checkout.
        window.location.assign(redirectUrl);
        return;
      }
      window.location.assign(
        `${localePath(routePath('thankyou'))}?tip=${encodeURIComponent(answer.tip.id)}&slug=${encodeURIComponent(tipjar.slug)}`,
      );
    } catch (error) {
      const maybeArrived = !isApiError(error) || error.status === 0 || error.status >= 500;
      if (!maybeArrived) idempotencyKey.current = null;
      submitting.current = false;
      if (isApiError(error) && error.status === 404) setFailure(t('errors.notLive'));
      else if (!applyServerFieldErrors(form, error)) setFailure(t(errorTextKey(error)));
    }
  });

  /**
   * Monthly: validated with the recurring tip's own schema (no e-mail field: the account's address is
   * used), then POST tipjars/{id}/recurringtips and off to the first payment. The provider sends the
   * tipper back to /account/recurringtips/{id}, which waits for the mandate to be confirmed.
   */
  const onSubmitMonthly = async (event: React.FormEvent) => {
    event.preventDefault();
    if (submitting.current || !auth.user) return;
    const parsed = CreateRecurringTipDataSchema.safeParse(monthlyData());
    if (!parsed.success) {
      // The one-off schema checks these fields the same way, and shows their messages.
      await form.trigger(['amount', 'displayName', 'message', 'privacy', 'payment']);
      return;
    }
    submitting.current = true;
    setFailure(null);
    saveDraft(form.getValues());
    idempotencyKey.current ??= newIdempotencyKey();
    try {
      const answer = await createRecurringTip.mutateAsync({
        data: parsed.data,
        idempotencyKey: idempotencyKey.current,
      });
      idempotencyKey.current = null;
      const redirectUrl = answer.oppTransaction.redirectUrl;
      // Stays "loading" while the browser leaves for the provider's checkout.
      window.location.assign(
        redirectUrl ?? localePath(routePath('accountRecurringtips', { recurringtipid: answer.recurringTip.id })),
      );
    } catch (error) {
      const maybeArrived = !isApiError(error) || error.status === 0 || error.status >= 500;
      if (!maybeArrived) idempotencyKey.current = null;
      submitting.current = false;
      if (isApiError(error) && error.status === 404) setFailure(t('errors.notLive'));
      else if (!applyServerFieldErrors(form, error)) setFailure(t(errorTextKey(error)));
    }
  };

  const onSubmit = monthly ? onSubmitMonthly : onSubmitOnce;

  // Back from the provider through the browser's back button (page restored from the bfcache):
  // the form is usable again, and the next submit is a new attempt with a new key.
  const { reset } = createTip;
  const { reset: resetMonthly } = createRecurringTip;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      submitting.current = false;
      idempotencyKey.current = null;
      reset();
      resetMonthly();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset, resetMonthly]);

  const mutation = monthly ? createRecurringTip : createTip;
  const loading = mutation.isPending || (mutation.isSuccess && submitting.current);
  const needsAccount = monthly && !auth.user;

  return (
    <>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('form.label', { name: tipjar.name })}>
        <Box component="section" aria-labelledby="amount-title" sx={{ mb: 3 }}>
          <Typography id="amount-title" variant="h2" gutterBottom>
            {t('amount.title')}
          </Typography>
          {tipjar.presetAmounts.length > 0 && (
            <ToggleButtonGroup
              exclusive
              value={presetValue}
              aria-label={t('amount.presets')}
              onChange={(_, value: number | null) => {
                if (value === null) return;
                setCustomText('');
                form.setValue('amount', value);
                revalidate('amount');
              }}
              sx={{ flexWrap: 'wrap', mb: 2 }}
            >
              {tipjar.presetAmounts.map((preset) => (
                <ToggleButton
                  key={preset}
                  value={preset}
                  sx={{
                    minWidth: 88,
                    fontSize: '1rem',
                    // Dark text on the brand orange: orange text on white would fail WCAG AA contrast.
                    '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText' },
                  }}
                >
                  {formatCents(preset, locale)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
          <TextField
            id="field-customAmount"
            label={t('amount.custom')}
            value={customText}
            fullWidth
            inputMode="decimal"
            autoComplete="off"
            error={Boolean(amountError)}
            helperText={
              amountErrorText ??
              t('amount.customHelp', {
                min: formatCents(MIN_TIP_CENTS, locale),
                max: formatCents(MAX_TIP_CENTS, locale),
              })
            }
            onChange={(event) => {
              const text = event.target.value;
              setCustomText(text);
              // An empty field falls back to no amount; a wrong one to NaN, which the schema refuses.
              const cents = text.trim() === '' ? Number.NaN : parseEuroToCents(text);
              form.setValue('amount', cents ?? Number.NaN);
              revalidate('amount');
            }}
            onBlur={() => {
              if (customText !== '') revalidate('amount');
            }}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
              htmlInput: { inputMode: 'decimal' },
            }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite" data-testid="tip-fee">
            {amountValid
              ? t('amount.fee', {
                  amount: formatCents(amount, locale),
                  fee: formatCents(fee, locale),
                  net: formatCents(amount - fee, locale),
                  percent: DEFAULT_PLATFORM_FEE_BPS / 100,
                })
              : t('amount.feeRate', { percent: DEFAULT_PLATFORM_FEE_BPS / 100 })}
          </Typography>
        </Box>

        <FrequencyField
          value={frequency}
          onChange={(next) => {
            setFrequency(next);
            setFailure(null);
          }}
          amountCents={amountValid ? amount : null}
        />

        <Box component="section" aria-labelledby="about-title" sx={{ mb: 3 }}>
          <Typography id="about-title" variant="h2" gutterBottom>
            {t('about.title')}
          </Typography>
          <Box sx={{ display: 'grid' }}>
            <FormControl>
              <FormLabel id="privacy-label">{t('privacy.label')}</FormLabel>
              <RadioGroup
                aria-labelledby="privacy-label"
                value={values.privacy}
                onChange={(event) => {
                  form.setValue('privacy', event.target.value as TipPrivacy);
                  // Whether a name is needed depends on this choice.
                  if (form.formState.errors.displayName) void form.trigger('displayName');
                }}
              >
                {TIP_PRIVACY.map((privacy) => (
                  <FormControlLabel
                    key={privacy}
                    value={privacy}
                    control={<Radio />}
                    label={t(PRIVACY_LABEL_KEY[privacy])}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              label={t('fields.displayName')}
              autoComplete="name"
              fullWidth
              required={values.privacy !== 'ANONYMOUS'}
              {...field('displayName', {
                helperText:
                  values.privacy === 'ANONYMOUS' ? t('fields.displayNameAnonymous') : t('fields.displayNameHelp'),
              })}
            />
            <TextField
              label={t('fields.message')}
              fullWidth
              multiline
              minRows={3}
              {...messageField}
              slotProps={{ htmlInput: { maxLength: TIP_MESSAGE_MAX } }}
            />
            {monthly ? (
              auth.user && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="monthly-account">
                  {t('recurringtips:storefront.loggedInAs', { email: auth.user.email })}.{' '}
                  {t('recurringtips:storefront.receiptsTo', { email: auth.user.email })}
                </Typography>
              )
            ) : (
              <TextField
                label={t('fields.email')}
                type="email"
                autoComplete="email"
                fullWidth
                required
                {...field('email', { helperText: t('fields.emailHelp') })}
              />
            )}
          </Box>
        </Box>

        {/* Loads the active methods itself and preselects the first (spec §2, §4). A monthly tip needs
          an account first: the inline panel below the form takes its place until then. */}
        {!needsAccount && (
          <CheckoutBlock
            value={{ paymentmethod: values.payment.paymentmethod, paymentissuer: values.payment.paymentissuer ?? '' }}
            onChange={(payment) => form.setValue('payment', payment, { shouldValidate: Boolean(errors.payment) })}
            amountCents={amountValid ? amount : 0}
            invalid={!isValid}
            loading={loading}
            error={failure}
            title={monthly ? t('recurringtips:storefront.checkoutTitle') : undefined}
          />
        )}
      </Box>
      {needsAccount && (
        <Suspense fallback={<LinearProgress aria-label={t('loading')} />}>
          <InlineAuth />
        </Suspense>
      )}
    </>
  );
}
