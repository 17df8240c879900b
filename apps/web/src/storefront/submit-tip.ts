import type { FieldError, PublicTipjar, TipFormField, TipFormInput } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { localizePath, routePath } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/api-error-text';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { saveTipDraft, type TipDraft } from '@/lib/tip-draft';
import { createRecurringTip } from '@/storefront/api/create-recurring-tip';
import { createTip } from '@/storefront/api/create-tip';
import type { Translate } from '@/storefront/strings';

/** One attempt's state, kept across renders: its Idempotency-Key and whether it is under way. */
export interface Submission {
  /** Kept while an attempt may have reached the API (network error, 5xx): sending again makes no second tip. */
  key: string | null;
  /** Guards the gap between a second click and the re-render that disables the button. */
  busy: boolean;
}

/**
 * The tip widget's checkout (decision 094): banks refuse to be framed, so the provider's checkout opens in
 * a window of its own instead of replacing the framed page.
 */
export interface CheckoutWindow {
  /** At the click, before anything is awaited: the browser allows a new window only then. */
  open(): void;
  /** The tip is made: the window goes to the provider's checkout (`url`). */
  go(url: string, tipId: string): void;
  /** No tip was made: the window closes again. */
  abort(): void;
}

export interface SubmitFailure {
  /** The API's field errors ("data.email" → "email"), when it named fields. */
  fields?: Partial<Record<TipFormField, FieldError>>;
  /** What to tell the listener, in the page's language (lib/api-error-text.ts). */
  text: (t: Translate) => string;
  /** Nothing was sent: the browser is offline (the text goes once the connection is back). */
  offline?: boolean;
}

/**
 * Sends a one-off tip (POST tipjars/{id}/tips) or a monthly one (POST tipjars/{id}/recurringtips, signed
 * in) and leaves for the provider's checkout; the form is saved as a draft first so "try again" refills it.
 */
export async function submitTip(input: {
  tipjar: PublicTipjar;
  locale: Locale;
  frequency: TipDraft['frequency'];
  /** The episode a one-off tip is for (its tip page); a monthly tip is for the podcast. */
  episodeId?: string;
  /** An episode boost (decision 097): read the message on air, at a moment (seconds). */
  boost?: { readOnAir?: boolean; boostMoment?: number };
  values: TipFormInput;
  submission: Submission;
  /** In the widget: the checkout opens in its own window (one-off tips only). */
  checkout?: CheckoutWindow;
  setLoading: (loading: boolean) => void;
  onFailure: (failure: SubmitFailure) => void;
}): Promise<void> {
  const { tipjar, locale, values, submission } = input;
  if (submission.busy) return;
  // Offline the provider's checkout cannot open either: say so instead of a request that must fail.
  if (!navigator.onLine) return input.onFailure({ text: (t) => t('errors:status.offline'), offline: true });
  submission.busy = true;
  input.setLoading(true);
  input.checkout?.open();
  const common = {
    amount: values.amount,
    displayName: values.displayName ?? '',
    message: values.message ?? '',
    privacy: values.privacy ?? 'NAME_AND_AMOUNT',
    payment: { paymentmethod: values.payment.paymentmethod, paymentissuer: values.payment.paymentissuer ?? '' },
    locale,
  };
  saveTipDraft(tipjar.slug, {
    ...common,
    email: values.email ?? '',
    paymentmethod: common.payment.paymentmethod,
    paymentissuer: common.payment.paymentissuer,
    frequency: input.frequency,
  });
  submission.key ??= newIdempotencyKey();
  try {
    if (input.frequency !== 'once') {
      const interval = input.frequency === 'yearly' ? 'year' : 'month';
      const answer = await createRecurringTip(tipjar.id, { ...common, interval }, submission.key);
      submission.key = null;
      // Stays "loading" while the browser leaves for the provider's checkout.
      window.location.assign(
        answer.oppTransaction.redirectUrl ??
          localizePath(routePath('accountRecurringtips', { recurringtipid: answer.recurringTip.id }), locale),
      );
      return;
    }
    const answer = await createTip(
      tipjar.id,
      {
        ...common,
        email: values.email ?? '',
        ...(input.episodeId ? { episodeId: input.episodeId, ...input.boost } : {}),
      },
      submission.key,
    );
    submission.key = null;
    if (input.checkout && answer.oppTransaction.redirectUrl) {
      input.checkout.go(answer.oppTransaction.redirectUrl, answer.tip.id);
      return;
    }
    const thanks = `${localizePath(routePath('thankyou'), locale)}?tip=${encodeURIComponent(answer.tip.id)}&slug=${encodeURIComponent(tipjar.slug)}`;
    window.location.assign(answer.oppTransaction.redirectUrl ?? thanks);
  } catch (error) {
    input.checkout?.abort();
    const maybeArrived = !isApiError(error) || error.status === 0 || error.status >= 500;
    if (!maybeArrived) submission.key = null;
    submission.busy = false;
    input.setLoading(false);
    if (isApiError(error) && error.status === 404) {
      return input.onFailure({ text: (t) => t('storefront:errors.notLive') });
    }
    const fields = isApiError(error) && error.fields ? fieldsOf(error.fields) : undefined;
    const offline = isApiError(error) && error.status === 0 && !navigator.onLine;
    input.onFailure({ fields, text: (t) => errorText(error, t), offline });
  }
}

function fieldsOf(fields: Record<string, FieldError>): Partial<Record<TipFormField, FieldError>> | undefined {
  const entries = Object.entries(fields).map(([path, error]) => [path.replace(/^data\./, ''), error] as const);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
