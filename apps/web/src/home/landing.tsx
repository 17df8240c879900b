import { formatCents } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import type { ReactNode } from 'react';
import { LogoShapes } from '@/components/logo-shapes';
import { env } from '@/config/env';
import { localizePath, routePath } from '@/config/paths';
import { CheckIcon, HeroIllustration, StepIcon } from '@/home/illustrations';
import { writeLangCookie } from '@/lib/locale';
import type { Translate } from '@/storefront/strings';

const STEPS = ['one', 'two', 'three'] as const;
const MAKER_POINTS = ['page', 'monthly', 'backoffice'] as const;
const LEGAL = ['about', 'faq', 'privacy', 'termsofuse', 'support'] as const;
const LANGUAGES: Locale[] = ['en', 'nl'];

/** The footer: the information and legal pages, the language choice, the brand. */
function Footer({ t, locale }: { t: Translate; locale: Locale }) {
  return (
    <footer className="lp-footer">
      <div className="lp-wrap lp-footer-grid">
        <nav aria-label={t('home:footer.legal')}>
          <h2 className="lp-footer-title">{t('home:footer.legal')}</h2>
          <ul>
            {LEGAL.map((page) => (
              <li key={page}>
                <a href={localizePath(routePath(page), locale)}>{t(`home:footer.${page}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('home:footer.language')}>
          <h2 className="lp-footer-title">{t('home:footer.language')}</h2>
          <ul>
            {LANGUAGES.map((language) => (
              <li key={language}>
                <a
                  href={localizePath(routePath('home'), language)}
                  lang={language}
                  hrefLang={language}
                  aria-current={language === locale ? 'true' : undefined}
                  onClick={() => writeLangCookie(language)}
                >
                  {t(`common:language.${language}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="lp-footer-brand">
          <svg className="lp-footer-logo" viewBox="0 0 100 50" role="img" aria-label={t('common:logo.alt')}>
            <LogoShapes brand={t('common:brand')} />
          </svg>
          <p className="lp-footer-rights">{t('home:footer.rights', { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}

/**
 * Podpot's landing page (docs/product.md §2 home, 'Fooi geven'): what Podpot is and a search for a podcast to tip,
 * how tipping works (#podcastluisteraar), what makers get, and the footer. Plain React and `home.css`
 * (no MUI): the server renders it into the landing page's own small entry (home.html, src/entries/home.tsx), and
 * the app's home route draws the same tree under its own top bar. `search`: the search box (SearchBox),
 * which the server renders as an island of its own (src/entries/home-server.tsx).
 */
export function Landing({ t, locale, search }: { t: Translate; locale: Locale; search: ReactNode }) {
  const makerPath = localizePath(routePath('podcastmaker'), locale);
  return (
    <div className="lp">
      <section className="lp-hero" aria-labelledby="lp-title">
        <div className="lp-wrap lp-hero-grid">
          <div className="lp-hero-text">
            <h1 id="lp-title">{t('home:title')}</h1>
            <p className="lp-tagline">{t('home:tagline')}</p>
            {search}
          </div>
          <HeroIllustration label={t('home:illustrationAlt')} />
        </div>
      </section>

      <section id="podcastluisteraar" className="lp-section" aria-labelledby="lp-listener">
        <div className="lp-wrap">
          <h2 id="lp-listener">{t('home:listener.title')}</h2>
          <p className="lp-lead">{t('home:listener.text')}</p>
          <ol className="lp-steps">
            {STEPS.map((step, index) => (
              <li key={step} className="lp-step">
                <StepIcon step={step} />
                <h3>
                  <span className="lp-step-number">{index + 1}.</span> {t(`home:listener.steps.${step}.title`)}
                </h3>
                <p>{t(`home:listener.steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="lp-maker" aria-labelledby="lp-maker-title">
        <div className="lp-wrap lp-maker-grid">
          <div>
            <h2 id="lp-maker-title">{t('home:maker.title')}</h2>
            <p className="lp-lead">{t('home:maker.text')}</p>
            <p>{t('home:maker.price', { price: formatCents(env.tipjarPriceCents, locale) })}</p>
          </div>
          <div>
            <ul className="lp-points">
              {MAKER_POINTS.map((point) => (
                <li key={point}>
                  <CheckIcon />
                  {t(`home:maker.points.${point}`)}
                </li>
              ))}
            </ul>
            <div className="lp-actions">
              <a className="lp-button lp-primary" href={`${makerPath}#order`}>
                {t('home:maker.cta')}
              </a>
              <a className="lp-button lp-on-dark" href={makerPath}>
                {t('home:maker.more')}
              </a>
            </div>
          </div>
        </div>
      </section>

      <Footer t={t} locale={locale} />
    </div>
  );
}
