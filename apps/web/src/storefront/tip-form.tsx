import {
  type FieldError,
  formatCents,
  formatEuroAmount,
  type PaymentChoice,
  type PublicTipjar,
  parseEuroToCents,
  type RecurringTip,
  TIP_DISPLAY_NAME_MAX,
  TIP_MESSAGE_LIMIT,
  TIP_PRIVACY,
  type TipFormField,
  type TipFormInput,
  type TipPrivacy,
  tipFormErrors,
} from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { localizePath, routePath } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useOnline } from '@/lib/online';
import { readTipDraft, type TipDraft } from '@/lib/tip-draft';
import { createValidationScheduler } from '@/lib/validation-timing';
import { AmountChoice } from '@/storefront/amount-choice';
import { getOpenMonthlyTip } from '@/storefront/api/get-open-monthly-tip';
import { type BoostErrors, BoostFields, boostDataOf, boostErrorsOf, NO_BOOST } from '@/storefront/boost-fields';
import { Checkout } from '@/storefront/checkout';
import { Counter, Field } from '@/storefront/form-field';
import { FrequencyChoice } from '@/storefront/frequency-choice';
import { LevelCards } from '@/storefront/level-cards';
import { RadioOptions } from '@/storefront/radio-options';
import type { Translate } from '@/storefront/strings';
import { type CheckoutWindow, type Submission, submitTip } from '@/storefront/submit-tip';

/** The monthly tip's login/register: the full app's MUI panel, loaded only when someone needs it. */
const InlineAuth = lazy(() => import('@/storefront/inline-auth-island'));

type Frequency = TipDraft['frequency'];
type Shown = Partial<Record<TipFormField, FieldError>>;

const PRIVACY_LABEL_KEY = {
  NAME_AND_AMOUNT: 'storefront:privacy.nameAndAmount',
  NAME_ONLY: 'storefront:privacy.nameOnly',
  ANONYMOUS: 'storefront:privacy.anonymous',
} as const satisfies Record<TipPrivacy, string>;

/** The first values: the same on the server and in the browser (a draft is restored after hydration). */
function startValues(tipjar: PublicTipjar): TipFormInput {
  const presets = tipjar.presetAmounts;
  return {
    amount: presets[Math.min(1, presets.length - 1)] ?? 500,
    displayName: '',
    message: '',
    privacy: 'NAME_AND_AMOUNT',
    email: '',
    payment: { paymentmethod: '', paymentissuer: '' },
  };
}

export function TipForm({
  tipjar,
  t,
  locale,
  episodeId,
  checkout,
  episodeDuration,
}: {
  tipjar: PublicTipjar;
  t: Translate;
  locale: Locale;
  /** On an episode's tip page: the episode a one-off tip is for. */
  episodeId?: string;
  /** In the widget (decision 094): one-off tips only, paid in a window of their own. */
  checkout?: CheckoutWindow;
  /** Its length in seconds, when the feed gives it: a boost's moment lies within it. */
  episodeDuration?: number | null;
}) {
  const auth = useAuth();
  const id = useId();
  const [values, setValues] = useState<TipFormInput>(() => startValues(tipjar));
  const [customText, setCustomText] = useState('');
  const [frequency, setFrequency] = useState<Frequency>('once');
  const [shown, setShown] = useState<Shown>({});
  // An episode boost (decision 097): "read my message on air", at a moment.
  const [boost, setBoost] = useState(NO_BOOST);
  const [boostShown, setBoostShown] = useState<BoostErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // A failure because the browser was offline goes once the connection is back.
  const [offlineFailure, setOfflineFailure] = useState(false);
  const online = useOnline();
  useEffect(() => {
    if (online && offlineFailure) {
      setFailure(null);
      setOfflineFailure(false);
    }
  }, [online, offlineFailure]);
  const [loading, setLoading] = useState(false);
  /** The tipper's own open monthly tip to this tip jar, found when they asked to start another. */
  const [existing, setExisting] = useState<RecurringTip | null>(null);
  /**
   * Monthly or yearly (decision 092): both start a recurring tip and need an account. The widget takes
   * one-off tips only (decision 094): signing in cannot be kept inside a frame.
   */
  const recurring = frequency !== 'once' && !checkout;
  const submission = useRef<Submission>({ key: null, busy: false });
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const shownRef = useRef(shown);
  shownRef.current = shown;

  // Back after a cancelled payment: the form as it was sent (lib/tip-draft.ts). From the thank-you page's
  // "make it monthly" (?frequency=monthly&amount=cents): "Every month" with that amount.
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const draft: Partial<TipDraft> | null =
      query.get('frequency') === 'monthly'
        ? { ...readTipDraft(tipjar.slug), frequency: 'monthly', amount: Number(query.get('amount')) || undefined }
        : readTipDraft(tipjar.slug);
    if (!draft) return;
    const amount = draft.amount ?? valuesRef.current.amount;
    setValues({
      amount,
      displayName: draft.displayName ?? '',
      message: draft.message ?? '',
      privacy: draft.privacy ?? 'NAME_AND_AMOUNT',
      email: draft.email ?? '',
      payment: { paymentmethod: draft.paymentmethod ?? '', paymentissuer: draft.paymentissuer ?? '' },
    });
    if (!tipjar.presetAmounts.includes(amount)) setCustomText(formatEuroAmount(amount, locale));
    if (draft.frequency === 'monthly' || draft.frequency === 'yearly') setFrequency(draft.frequency);
  }, [tipjar, locale]);

  // What a listener typed into the server's page before it was hydrated (a slow phone): React keeps
  // its own first values, so the fields are read once after hydration and taken over (after a draft).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const typed = (fieldId: string) =>
      (form.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${fieldId}`)?.value ?? '').trim();
    const patch: Partial<TipFormInput> = {};
    for (const name of ['displayName', 'message', 'email'] as const) {
      const value = typed(`field-${name}`);
      if (value !== '') patch[name] = value;
    }
    const custom = typed('field-customAmount');
    if (custom !== '') {
      setCustomText(custom);
      patch.amount = parseEuroToCents(custom) ?? Number.NaN;
    }
    if (Object.keys(patch).length === 0) return;
    valuesRef.current = { ...valuesRef.current, ...patch };
    setValues(valuesRef.current);
  }, []);

  const errorsOf = useCallback((input: TipFormInput) => tipFormErrors(input, { oneOff: !recurring }), [recurring]);
  // The validation timing (docs/product.md §5, lib/validation-timing.ts): a field shows its error once validated.
  const scheduler = useMemo(
    () =>
      createValidationScheduler((name) =>
        setShown((prev) => ({ ...prev, [name]: errorsOf(valuesRef.current)[name as TipFormField] })),
      ),
    [errorsOf],
  );
  useEffect(() => () => scheduler.cancel(), [scheduler]);
  const revalidate = (name: TipFormField) => scheduler.schedule(name, Boolean(shownRef.current[name]));
  const set = (patch: Partial<TipFormInput>, name?: TipFormField) => {
    valuesRef.current = { ...valuesRef.current, ...patch };
    setValues(valuesRef.current);
    if (name) revalidate(name);
  };
  const onPayment = useCallback((payment: PaymentChoice) => {
    valuesRef.current = { ...valuesRef.current, payment };
    setValues(valuesRef.current);
  }, []);

  // Back from the provider with the browser's back button (bfcache): usable again, a new attempt.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      submission.current = { key: null, busy: false };
      setLoading(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const errors = errorsOf(values);
  const isValid = Object.keys(errors).length === 0 && (!recurring || Boolean(auth.user));
  const amount = values.amount;
  const amountValid = !errors.amount;
  /** A preset, a level or the free amount's text: the amount, and the free amount's text to show. */
  const pickAmount = (cents: number, text: string) => {
    setCustomText(text);
    set({ amount: cents }, 'amount');
  };
  const message = (key: TipFormField) => {
    const error = shown[key];
    return error ? t(`validation:${error.key}`, error.params) : undefined;
  };
  const needsAccount = recurring && !auth.user;
  const text = (name: 'displayName' | 'message' | 'email') => ({
    value: values[name] ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      set({ [name]: event.target.value }, name);
      if (name === 'message' && boostShown.message) setBoostShown(boostErrors());
    },
    onBlur: () => revalidate(name),
  });

  /** `anyway`: the tipper saw their open monthly tip to this tip jar and still starts another one. */
  const boostOf = (current = boost) => (recurring ? NO_BOOST : current);
  const boostErrors = (current = boost) =>
    boostErrorsOf(boostOf(current), { episodeId, message: valuesRef.current.message, duration: episodeDuration });
  const send = async (anyway = false) => {
    const found = errorsOf(valuesRef.current);
    const boostFound = boostErrors();
    if (Object.keys(found).length > 0 || Object.keys(boostFound).length > 0 || (recurring && !auth.user)) {
      setShown(found);
      setBoostShown(boostFound);
      return;
    }
    setFailure(null);
    if (recurring && !anyway) {
      // Asked before paying: a second monthly tip to the same podcast is most often a mistake.
      if (submission.current.busy) return;
      setLoading(true);
      const open = await getOpenMonthlyTip(tipjar.id).catch(() => null);
      setLoading(false);
      setExisting(open);
      if (open) return;
    }
    setExisting(null);
    await submitTip({
      tipjar,
      locale,
      frequency: recurring ? frequency : 'once',
      episodeId,
      boost: boostDataOf(boostOf()),
      values: valuesRef.current,
      submission: submission.current,
      checkout,
      setLoading,
      onFailure: (failed) => {
        if (failed.fields) {
          setShown(failed.fields);
          setBoostShown(failed.fields as BoostErrors);
        } else setFailure(failed.text(t));
        setOfflineFailure(Boolean(failed.offline));
      },
    });
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <>
      <form ref={form} noValidate onSubmit={onSubmit} aria-label={t('storefront:form.label', { name: tipjar.name })}>
        <AmountChoice
          headingId={`${id}-amount`}
          presets={tipjar.presetAmounts}
          amount={amount}
          valid={amountValid}
          customText={customText}
          showError={Boolean(shown.amount)}
          onPick={pickAmount}
          onCustomBlur={() => revalidate('amount')}
          t={t}
          locale={locale}
        />

        <fieldset className="sf-fieldset sf-section" hidden={Boolean(checkout)}>
          <FrequencyChoice
            name={`${id}-frequency`}
            frequency={frequency}
            amount={amountValid ? amount : null}
            onChange={(option) => {
              setFrequency(option);
              setFailure(null);
              setExisting(null);
            }}
            t={t}
            locale={locale}
          />
          {recurring && tipjar.levels && tipjar.levels.length > 0 && (
            <LevelCards
              levels={tipjar.levels}
              amount={amount}
              interval={frequency === 'yearly' ? 'year' : 'month'}
              onPick={(cents) =>
                pickAmount(cents, tipjar.presetAmounts.includes(cents) ? '' : formatEuroAmount(cents, locale))
              }
              t={t}
              locale={locale}
            />
          )}
        </fieldset>

        <section aria-labelledby={`${id}-about`} className="sf-section">
          <h2 id={`${id}-about`}>{t('storefront:about.title')}</h2>
          <fieldset className="sf-fieldset">
            <legend>{t('storefront:privacy.label')}</legend>
            <RadioOptions
              name={`${id}-privacy`}
              options={TIP_PRIVACY}
              value={values.privacy}
              onChange={(privacy) => set({ privacy }, shown.displayName ? 'displayName' : undefined)}
              label={(privacy) => t(PRIVACY_LABEL_KEY[privacy])}
            />
          </fieldset>
          <Field
            id="field-displayName"
            label={t('storefront:fields.displayName')}
            required={values.privacy !== 'ANONYMOUS'}
            help={t(
              values.privacy === 'ANONYMOUS'
                ? 'storefront:fields.displayNameAnonymous'
                : 'storefront:fields.displayNameHelp',
            )}
            error={message('displayName')}
            after={<Counter length={values.displayName?.length ?? 0} max={TIP_DISPLAY_NAME_MAX} t={t} />}
          >
            {(a11y) => (
              <input
                {...a11y}
                autoComplete="name"
                dir="auto"
                maxLength={TIP_DISPLAY_NAME_MAX}
                required={values.privacy !== 'ANONYMOUS'}
                {...text('displayName')}
              />
            )}
          </Field>
          <Field
            id="field-message"
            label={t('storefront:fields.message')}
            help={t('storefront:fields.messageHelp', { max: TIP_MESSAGE_LIMIT })}
            error={
              message('message') ??
              (boostShown.message ? t(`validation:${boostShown.message.key}`, boostShown.message.params) : undefined)
            }
            after={<Counter length={values.message?.length ?? 0} max={TIP_MESSAGE_LIMIT} t={t} />}
          >
            {(a11y) => <textarea {...a11y} rows={3} dir="auto" maxLength={TIP_MESSAGE_LIMIT} {...text('message')} />}
          </Field>
          {episodeId && !recurring && (
            <BoostFields
              boost={boost}
              errors={boostShown}
              t={t}
              onChange={(next) => {
                setBoost(next);
                // Errors shown go as soon as the field is right (the timing of the other fields is theirs).
                if (Object.keys(boostShown).length > 0) setBoostShown(boostErrors(next));
              }}
            />
          )}
          {recurring ? (
            auth.user && (
              <p className="sf-small sf-muted" data-testid="monthly-account">
                {t('recurringtips:storefront.loggedInAs', { email: auth.user.email })}.{' '}
                {t('recurringtips:storefront.receiptsTo', { email: auth.user.email })}
              </p>
            )
          ) : (
            <Field
              id="field-email"
              label={t('storefront:fields.email')}
              required
              help={t('storefront:fields.emailHelp')}
              error={message('email')}
            >
              {(a11y) => <input {...a11y} type="email" autoComplete="email" required {...text('email')} />}
            </Field>
          )}
        </section>

        {recurring && existing && (
          <div className="sf-alert sf-warning" role="alert" data-testid="existing-monthly">
            <p className="sf-alert-title">{t('recurringtips:storefront.existingTitle', { name: tipjar.name })}</p>
            <p>
              {t(
                existing.status === 'paused'
                  ? 'recurringtips:storefront.existingPaused'
                  : 'recurringtips:storefront.existingActive',
                { amount: formatCents(existing.amount, locale), name: tipjar.name },
              )}
            </p>
            <div className="sf-row">
              <a
                className="sf-button sf-contained"
                href={localizePath(routePath('accountRecurringtips', { recurringtipid: existing.id }), locale)}
              >
                {t('recurringtips:storefront.existingChange')}
              </a>
              <button type="button" className="sf-button sf-text" onClick={() => void send(true)}>
                {t('recurringtips:storefront.existingContinue')}
              </button>
            </div>
          </div>
        )}
        {!needsAccount && (
          <Checkout
            t={t}
            locale={locale}
            value={{ paymentmethod: values.payment.paymentmethod, paymentissuer: values.payment.paymentissuer ?? '' }}
            onChange={onPayment}
            amountCents={amountValid ? amount : null}
            invalid={!isValid}
            loading={loading}
            error={failure}
            title={
              frequency === 'yearly'
                ? t('yearlytips:storefront.checkoutTitle')
                : recurring
                  ? t('recurringtips:storefront.checkoutTitle')
                  : undefined
            }
          />
        )}
      </form>
      {needsAccount && (
        <Suspense fallback={<div className="sf-progress" role="progressbar" aria-label={t('storefront:loading')} />}>
          <InlineAuth locale={locale} />
        </Suspense>
      )}
    </>
  );
}
