import type { ListResponse, PublicTipjar } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { localizePath, routePath } from '@/config/paths';
import { MIN_SEARCH_LENGTH, searchTipjars } from '@/home/search-tipjars';
import type { Translate } from '@/storefront/strings';

type SearchState =
  | { kind: 'idle' }
  | { kind: 'loading'; query: string }
  | { kind: 'done'; query: string; result: ListResponse<PublicTipjar> }
  | { kind: 'failed'; query: string };

/** Wait this long after the last key before searching (each search is a request). */
const TYPING_PAUSE_MS = 250;

function Result({ tipjar, t, locale }: { tipjar: PublicTipjar; t: Translate; locale: Locale }) {
  // The podcast's artwork as its storefront shows it: the copy we stored from its feed, else its image address.
  const image = tipjar.artworkUrl ?? tipjar.imageUrl;
  return (
    <li>
      <a className="lp-result" href={localizePath(routePath('storefront', { tipjarslug: tipjar.slug }), locale)}>
        {image ? (
          <img className="lp-result-avatar" src={image} alt="" width={48} height={48} loading="lazy" decoding="async" />
        ) : (
          <span className="lp-result-avatar" aria-hidden="true">
            {tipjar.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="lp-result-text">
          <span className="lp-result-name">{tipjar.name}</span>
          {tipjar.description && <span className="lp-result-description">{tipjar.description}</span>}
        </span>
        <span className="lp-result-action" aria-hidden="true">
          {t('home:search.give')}
        </span>
      </a>
    </li>
  );
}

/**
 * The landing page's search box: finds LIVE podcasts by name as you type (and on submit), links each to
 * its storefront, and says what to do next when none is found. `?q=` in the address searches at once.
 */
export function SearchBox({ t, locale }: { t: Translate; locale: Locale }) {
  const [text, setText] = useState('');
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const inputId = useId();
  const hintId = useId();
  const first = useRef(true);

  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // After hydration (the server knows no address bar): what was typed before the page's script ran
    // (the input is uncontrolled, so React keeps it), else a search carried in the address (`?q=`).
    const box = input.current;
    const q = new URLSearchParams(window.location.search).get('q');
    if (box && !box.value && q) box.value = q;
    if (box?.value) setText(box.value);
  }, []);

  const query = text.trim();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs a failed search on request.
  useEffect(() => {
    if (query.length < MIN_SEARCH_LENGTH) {
      setState({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    const delay = first.current ? 0 : TYPING_PAUSE_MS;
    first.current = false;
    const timer = setTimeout(() => {
      setState({ kind: 'loading', query });
      searchTipjars(query, controller.signal).then(
        (result) => setState({ kind: 'done', query, result }),
        (error: unknown) => {
          if (!(error instanceof DOMException && error.name === 'AbortError')) setState({ kind: 'failed', query });
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, attempt]);

  function onSubmit(event: FormEvent) {
    // Searching happens as you type; submitting (Enter) searches now.
    event.preventDefault();
    first.current = true;
    setAttempt((n) => n + 1);
  }

  return (
    <div className="lp-search">
      <search>
        <form className="lp-search-form" onSubmit={onSubmit} action={localizePath('/', locale)}>
          <label className="lp-search-label" htmlFor={inputId}>
            {t('home:search.label')}
          </label>
          <div className="lp-search-row">
            <input
              id={inputId}
              className="lp-search-input"
              type="search"
              name="q"
              autoComplete="off"
              placeholder={t('home:search.placeholder')}
              aria-describedby={hintId}
              ref={input}
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit" className="lp-button lp-primary">
              {t('home:search.submit')}
            </button>
          </div>
          <p id={hintId} className="lp-search-hint">
            {t('home:search.hint')}
          </p>
        </form>
      </search>
      <div className="lp-search-results" aria-live="polite">
        {state.kind === 'loading' && <p className="lp-search-status">{t('home:search.searching')}</p>}
        {state.kind === 'failed' && (
          <div className="lp-empty" role="alert">
            <p>{t('home:search.failed')}</p>
            <button type="button" className="lp-button lp-outlined" onClick={() => setAttempt((n) => n + 1)}>
              {t('home:search.retry')}
            </button>
          </div>
        )}
        {state.kind === 'done' && state.result.data.length === 0 && (
          <div className="lp-empty">
            <p className="lp-empty-title">{t('home:search.noneTitle', { query: state.query })}</p>
            <p>{t('home:search.noneText')}</p>
            <a className="lp-button lp-outlined" href={localizePath(routePath('podcastmaker'), locale)}>
              {t('home:search.noneAction')}
            </a>
          </div>
        )}
        {state.kind === 'done' && state.result.data.length > 0 && (
          <>
            <p className="lp-search-status">
              {t(state.result.metadata.count === 1 ? 'home:search.found_one' : 'home:search.found_other', {
                count: state.result.metadata.count,
              })}
            </p>
            <ul className="lp-results">
              {state.result.data.map((tipjar) => (
                <Result key={tipjar.id} tipjar={tipjar} t={t} locale={locale} />
              ))}
            </ul>
            {state.result.metadata.count > state.result.data.length && (
              <p className="lp-search-hint">
                {t('home:search.more', { shown: state.result.data.length, count: state.result.metadata.count })}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
