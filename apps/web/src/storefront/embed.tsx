import { formatCents, type PublicTipjar, type TipOutcome } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { useEffect, useMemo, useRef, useState } from 'react';
import { localizePath, routePath } from '@/config/paths';
import { clearTipDraft } from '@/lib/tip-draft';
import { getTipOutcome } from '@/storefront/api/get-tip-outcome';
import type { Translate } from '@/storefront/strings';
import type { CheckoutWindow } from '@/storefront/submit-tip';
import { TipForm } from '@/storefront/tip-form';

/*
 * The tip widget's page (`/{slug}/embed`, decision 094): the storefront's tip form, compact, in the
 * overlay the loader (src/embed/loader.ts) opens on a maker's website. Banks refuse to be framed, so the
 * provider's checkout opens in a window of its own; this page asks for the tip's outcome meanwhile and
 * shows the thank-you (or "did not go through") itself.
 */

/** A tip whose checkout is open in its own window. */
interface Paying {
  tipId: string;
  url: string;
}

/** How long to wait before asking again: quick while the listener pays, never more than 3 s. */
const pollDelay = (attempt: number) => Math.min(1000 + 250 * attempt, 3000);
/** Asking stops after this many tries (about 20 minutes: the checkout has expired by then). */
const MAX_POLLS = 420;

/** Asks the loader's overlay to close (it checks that the message comes from our origin and this frame). */
function askToClose() {
  if (window.parent !== window) window.parent.postMessage({ podpot: 'close' }, '*');
}

function useOutcome(tipId: string, onFocus: boolean): TipOutcome | null {
  const [outcome, setOutcome] = useState<TipOutcome | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const ask = () => {
      clearTimeout(timer);
      getTipOutcome(tipId, controller.signal).then(
        (answer) => {
          setOutcome(answer);
          if (!answer.final && attempt < MAX_POLLS) timer = setTimeout(ask, pollDelay(attempt++));
        },
        () => {
          if (!controller.signal.aborted && attempt < MAX_POLLS) timer = setTimeout(ask, pollDelay(attempt++));
        },
      );
    };
    ask();
    // Back from the payment window: ask at once.
    if (onFocus) window.addEventListener('focus', ask);
    return () => {
      controller.abort();
      clearTimeout(timer);
      window.removeEventListener('focus', ask);
    };
  }, [tipId, onFocus]);
  return outcome;
}

function PaymentState(props: {
  paying: Paying;
  tipjar: PublicTipjar;
  t: Translate;
  locale: Locale;
  onPaid: () => void;
  onRetry: () => void;
}) {
  const { paying, tipjar, t, locale, onPaid } = props;
  const outcome = useOutcome(paying.tipId, true);
  const paid = outcome?.status === 'completed';
  const failed = Boolean(outcome?.final) && !paid;
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!paid && !failed) return;
    if (paid) {
      clearTipDraft(tipjar.slug);
      onPaid();
    }
    done.current?.focus();
  }, [paid, failed, tipjar.slug, onPaid]);

  if (paid) {
    return (
      <section className="sf-embed-state" data-testid="embed-outcome" data-status="completed">
        <h2 ref={done} tabIndex={-1}>
          {t('widget:embed.thanks.title')}
        </h2>
        <p>{t('widget:embed.thanks.text', { amount: formatCents(outcome?.amount ?? 0, locale), name: tipjar.name })}</p>
        <button type="button" className="sf-button sf-contained" onClick={askToClose}>
          {t('widget:embed.close')}
        </button>
      </section>
    );
  }
  if (failed) {
    return (
      <section className="sf-embed-state" data-testid="embed-outcome" data-status={outcome?.status}>
        <h2 ref={done} tabIndex={-1}>
          {t('widget:embed.failed.title')}
        </h2>
        <p>{t('widget:embed.failed.text')}</p>
        <button type="button" className="sf-button sf-contained" onClick={props.onRetry}>
          {t('widget:embed.failed.retry')}
        </button>
      </section>
    );
  }
  return (
    <section className="sf-embed-state" data-testid="embed-outcome" data-status={outcome?.status ?? 'pending'}>
      <h2>{t('widget:embed.paying.title')}</h2>
      <p>{t('widget:embed.paying.text')}</p>
      <div className="sf-progress" role="progressbar" aria-label={t('widget:embed.paying.waiting')} />
      <p>
        {/* A blocked or closed window: the listener opens the checkout from here (a click always may). */}
        <a className="sf-button sf-text" href={paying.url} target="_blank" rel="noopener">
          {t('widget:embed.paying.open')}
        </a>
      </p>
    </section>
  );
}

export function EmbedApp({ tipjar, locale, t }: { tipjar: PublicTipjar; locale: Locale; t: Translate }) {
  const [paying, setPaying] = useState<Paying | null>(null);
  // A new form (and its state) after "try again": the form refills from the saved draft.
  const [attempt, setAttempt] = useState(0);
  const popup = useRef<Window | null>(null);
  const checkout = useMemo<CheckoutWindow>(
    () => ({
      open() {
        popup.current = window.open('', '_blank');
      },
      go(url, tipId) {
        const window = popup.current;
        if (window && !window.closed) {
          window.location.href = url;
          // The provider's pages get no hold on this frame; we keep ours on their window.
          window.opener = null;
        }
        setPaying({ url, tipId });
      },
      abort() {
        popup.current?.close();
        popup.current = null;
      },
    }),
    [],
  );
  // Best effort: back on our thank-you page the window is usually cut off from this frame (its
  // Cross-Origin-Opener-Policy), and then it stays open for the listener to close.
  const closePopup = useMemo(() => () => checkout.abort(), [checkout]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && askToClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const storefront = localizePath(routePath('storefront', { tipjarslug: tipjar.slug }), locale);
  const image = tipjar.artworkUrl ?? tipjar.imageUrl;
  return (
    <main className="sf-embed">
      <header className="sf-embed-header">
        {image ? (
          <img className="sf-embed-avatar" src={image} alt="" width={48} height={48} />
        ) : (
          <div className="sf-embed-avatar" aria-hidden="true">
            {tipjar.name.slice(0, 1).toUpperCase()}
          </div>
        )}
        <h1>{tipjar.name}</h1>
      </header>
      {paying ? (
        <PaymentState
          paying={paying}
          tipjar={tipjar}
          t={t}
          locale={locale}
          onPaid={closePopup}
          onRetry={() => {
            setPaying(null);
            setAttempt((n) => n + 1);
          }}
        />
      ) : tipjar.acceptsTips === false ? (
        <p className="sf-alert sf-info" data-testid="not-accepting-tips">
          {t('storefront:errors.notAcceptingTips')}
        </p>
      ) : (
        <TipForm key={attempt} tipjar={tipjar} t={t} locale={locale} checkout={checkout} />
      )}
      <p className="sf-small sf-embed-full">
        <a href={storefront} target="_blank" rel="noopener">
          {t('widget:embed.fullPage', { name: tipjar.name })}
        </a>
      </p>
    </main>
  );
}
