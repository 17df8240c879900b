import { formatEuroAmount, type PaymentChoice, type PaymentMethod } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { useEffect, useId, useState } from 'react';
import { localizePath, routePath } from '@/config/paths';
import { listActivePaymentMethods } from '@/features/paymentmethods/api/list-active-payment-methods';
import { PAYMENT_LOGOS } from '@/features/paymentmethods/components/payment-logos';
import { choose, withDefaultMethod } from '@/features/paymentmethods/rules';
import type { Translate } from '@/storefront/strings';

type Methods = { state: 'loading' } | { state: 'error' } | { state: 'done'; methods: PaymentMethod[] };

/** GET paymentmethods once the page runs (the server's HTML shows "loading" until then). */
function useActiveMethods(): Methods {
  const [methods, setMethods] = useState<Methods>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    listActivePaymentMethods(controller.signal).then(
      (list) => setMethods({ state: 'done', methods: list }),
      () => !controller.signal.aborted && setMethods({ state: 'error' }),
    );
    return () => controller.abort();
  }, []);
  return methods;
}

/** "By clicking … you accept the <terms>…</terms> and the <privacy>…</privacy>." with the two links. */
function Terms({ text, locale }: { text: string; locale: Locale }) {
  const parts = text.split(/<(terms|privacy)>(.*?)<\/\1>/);
  return (
    <p className="sf-small">
      {parts.map((part, index) => {
        if (index % 3 === 0) return part;
        if (index % 3 === 2) return null;
        const to = localizePath(routePath(part === 'terms' ? 'termsofuse' : 'privacy'), locale);
        return (
          <a key={part} href={to} target="_blank" rel="noopener">
            {parts[index + 1]}
          </a>
        );
      })}
    </p>
  );
}

export interface CheckoutProps {
  t: Translate;
  locale: Locale;
  /** The amount on the button; null while the amount is not a valid tip (never "€0.00"). */
  amountCents: number | null;
  value: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
  invalid: boolean;
  loading: boolean;
  error: string | null;
  title?: string;
}

/**
 * The checkout block of the storefront (docs/product.md §2; the app's is features/paymentmethods CheckoutBlock):
 * the active payment methods with their logos, the first preselected, iDEAL's bank, the terms and the
 * submit button of the surrounding form with the amount.
 */
export function Checkout({ t, locale, amountCents, value, onChange, invalid, loading, error, title }: CheckoutProps) {
  const id = useId();
  const methods = useActiveMethods();
  const list = methods.state === 'done' ? methods.methods : [];
  const effective = withDefaultMethod(value, list);
  useEffect(() => {
    if (effective !== value) onChange(effective);
  }, [effective, value, onChange]);
  const selected = list.find((method) => method.id === effective.paymentmethod);

  return (
    <section className="sf-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sf-h3">
        {title ?? t('checkout:title')}
      </h2>
      {methods.state === 'loading' && (
        <div className="sf-progress" role="progressbar" aria-label={t('checkout:loadingMethods')} />
      )}
      {methods.state === 'error' && (
        <p className="sf-alert sf-error" role="alert">
          {t('checkout:methodsError')}
        </p>
      )}
      {methods.state === 'done' && list.length === 0 && (
        <p className="sf-alert sf-warning">{t('checkout:noMethods')}</p>
      )}
      {list.length > 0 && (
        <fieldset className="sf-fieldset">
          <legend>{t('checkout:method')}</legend>
          <div className="sf-methods">
            {list.map((method) => {
              const Logo = PAYMENT_LOGOS[method.type];
              return (
                <label
                  key={method.id}
                  className={`sf-method${method.id === effective.paymentmethod ? ' sf-chosen' : ''}`}
                  data-testid={`paymentmethod-${method.type}`}
                >
                  <input
                    type="radio"
                    name={`${id}-method`}
                    value={method.id}
                    checked={method.id === effective.paymentmethod}
                    onChange={() => onChange(choose(method, effective))}
                  />
                  {Logo && <Logo />}
                  <span>{method.name}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      {selected?.type === 'ideal' && selected.paymentissuers.length > 0 && (
        <div className="sf-field">
          <label htmlFor={`${id}-issuer`}>{t('checkout:issuer')}</label>
          <select
            id={`${id}-issuer`}
            value={effective.paymentissuer}
            onChange={(event) => onChange({ ...effective, paymentissuer: event.target.value })}
          >
            <option value="">{t('checkout:issuerPlaceholder')}</option>
            {selected.paymentissuers.map((issuer) => (
              <option key={issuer.bic} value={issuer.bic}>
                {issuer.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <Terms text={t('checkout:terms')} locale={locale} />
      {error && (
        <p className="sf-alert sf-error" role="alert">
          {error}
        </p>
      )}
      {loading && <div className="sf-progress" role="progressbar" aria-label={t('checkout:paying')} />}
      <button type="submit" className="sf-button sf-contained sf-pay" disabled={invalid || loading || !selected}>
        {amountCents === null
          ? t('checkout:payNoAmount')
          : t('checkout:pay', { amount: formatEuroAmount(amountCents, locale) })}
      </button>
    </section>
  );
}
