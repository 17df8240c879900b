import { Box, Button, Container, Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LocaleRouterLink } from '@/components/app-link';
import { PageTitle } from '@/components/page-title';
import { routePath } from '@/config/paths';
import { errorStatus } from '@/lib/api-client';
import { isChunkLoadError, reloadOnceForChunkError } from '@/lib/chunk-reload';

/** The explanation under the error page's heading: what happened and what the user can do. */
function explanationKey(status: number) {
  if (status === 404) return 'errors:page.notFoundText' as const;
  if (status === 401 || status === 403) return 'errors:page.forbiddenText' as const;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'errors:page.offlineText' as const;
  return 'errors:page.failedText' as const;
}

/**
 * Error page (docs/product.md §2, §8): message and status code, then what happened and a way on in the
 * page's language — 404: home (the spec's link) or back; any other: try again, or home.
 */
export function ErrorPage({ status = 500, message }: { status?: number; message?: string }) {
  const { t } = useTranslation(['common', 'errors']);
  const text = status === 404 ? t('errors:page.notFound') : message || t('errors:page.title');
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  const home = (primary: boolean) => (
    <Button component={LocaleRouterLink} to={routePath('home')} variant={primary ? 'contained' : 'text'}>
      {t(status === 404 ? 'errors:page.backHome' : 'errors:page.goHome')}
    </Button>
  );
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 8 }, textAlign: 'center' }} data-testid="error-page">
      <PageTitle title={text} />
      <Typography
        variant="h1"
        component="p"
        sx={{ fontSize: '4rem', color: 'primary.main' }}
        aria-label={t('errors:page.status', { status })}
      >
        {status}
      </Typography>
      <Typography variant="h2" component="h1" gutterBottom>
        {text}
      </Typography>
      <Typography color="text.secondary">{t(explanationKey(status))}</Typography>
      <Box sx={{ mt: 3, display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        {status === 404 ? (
          <>
            {home(true)}
            {canGoBack && <Button onClick={() => window.history.back()}>{t('errors:page.back')}</Button>}
          </>
        ) : (
          <>
            <Button variant="contained" onClick={() => window.location.reload()}>
              {t('errors:page.retry')}
            </Button>
            {home(false)}
          </>
        )}
      </Box>
    </Container>
  );
}

export function NotFoundPage() {
  return <ErrorPage status={404} />;
}

/**
 * Turns whatever a route threw into a status (default 500). No message: the page shows the catalog's
 * text for the status ('Error', or the 404 text) in the user's language — an exception's own message
 * is for the console, never for the user.
 */
export function describeRouteError(error: unknown): { status: number } {
  if (isRouteErrorResponse(error)) return { status: error.status };
  return { status: errorStatus(error) ?? 500 };
}

/** The router's errorElement. A failed chunk download reloads the page (at most once a minute). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isChunkLoadError(error)) reloadOnceForChunkError();
  const { status } = describeRouteError(error);
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <ErrorPageBoundary>
      <ErrorPage status={status} />
    </ErrorPageBoundary>
  );
}

/** When the error page itself fails: plain markup, no router, no theme, no translations that could fail again. */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Error while showing the error page', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <ErrorPageFailed />;
    return this.props.children;
  }
}

function ErrorPageFailed() {
  const nl = typeof window !== 'undefined' && /^\/nl(\/|$)/.test(window.location.pathname);
  return <ErrorPageFailedText nl={nl} />;
}

function ErrorPageFailedText({ nl }: { nl: boolean }) {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <p>{t('errors:page.showError')}</p>
      <a href={nl ? '/nl' : '/'}>{t('errors:page.goHome')}</a>
    </Box>
  );
}
