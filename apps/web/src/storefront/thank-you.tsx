import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { type TipStatus, UNPAID_TIP_STATUSES } from '@podpot/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { clearTipDraft } from '@/lib/tip-draft';
import { useThankedTipjar } from '@/storefront/api/get-thanked-tipjar';
import { useTipOutcome } from '@/storefront/api/get-tip-outcome';

/** No tip in the address (e.g. opened from a link): a plain thank-you. */
function GenericThanks() {
  const { t } = useTranslation('thankyou');
  return (
    <Page title={t('title')}>
      <Paper sx={{ p: 3 }}>
        <Typography gutterBottom>{t('generic')}</Typography>
        <Button component={LocaleRouterLink} to={routePath('home')} variant="contained" sx={{ mt: 1 }}>
          {t('home')}
        </Button>
      </Paper>
    </Page>
  );
}

function Waiting({ slow }: { slow: boolean }) {
  const { t } = useTranslation('thankyou');
  return (
    <Page title={t('waiting.title')}>
      <Paper sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'center' }} role="status" aria-live="polite">
        <CircularProgress size={32} aria-hidden="true" />
        <Typography>{t(slow ? 'waiting.slow' : 'waiting.text')}</Typography>
      </Paper>
    </Page>
  );
}

function Completed({ slug }: { slug: string | null }) {
  const { t } = useTranslation('thankyou');
  const tipjar = useThankedTipjar(slug).data;
  useEffect(() => {
    // Paid: the next visit starts with an empty form.
    if (slug) clearTipDraft(slug);
  }, [slug]);
  return (
    <Page title={t('completed.title')}>
      <Paper sx={{ p: 3 }} data-testid="tip-outcome" data-status="completed">
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 40 }} aria-hidden="true" />
          <Box>
            <Typography variant="h2" gutterBottom>
              {tipjar ? t('completed.heading', { name: tipjar.name }) : t('completed.headingGeneric')}
            </Typography>
            {tipjar?.thankYouMessage && (
              <Typography component="blockquote" sx={{ fontStyle: 'italic', whiteSpace: 'pre-line', m: 0, mb: 2 }}>
                {tipjar.thankYouMessage}
              </Typography>
            )}
            <Typography>{t('completed.receipt')}</Typography>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
          {slug && (
            <Button
              component={LocaleRouterLink}
              to={routePath('storefront', { tipjarslug: slug })}
              variant="outlined"
              color="inherit"
            >
              {tipjar ? t('backTo', { name: tipjar.name }) : t('back')}
            </Button>
          )}
          <Button component={LocaleRouterLink} to={routePath('home')} color="inherit">
            {t('home')}
          </Button>
        </Box>
      </Paper>
    </Page>
  );
}

function Unpaid({ status, slug }: { status: TipStatus; slug: string | null }) {
  const { t } = useTranslation('thankyou');
  const reason = status === 'cancelled' ? 'cancelled' : status === 'expired' ? 'expired' : 'failed';
  return (
    <Page title={t('unpaid.title')}>
      <Paper sx={{ p: 3 }} data-testid="tip-outcome" data-status={status}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <ErrorOutlineIcon color="warning" sx={{ fontSize: 40 }} aria-hidden="true" />
          <Box>
            <Typography variant="h2" gutterBottom>
              {t(`unpaid.${reason}`)}
            </Typography>
            <Typography>{t('unpaid.noMoney')}</Typography>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
          {slug && (
            // The storefront refills the form from the draft it saved before paying.
            <Button component={LocaleRouterLink} to={routePath('storefront', { tipjarslug: slug })} variant="contained">
              {t('unpaid.tryAgain')}
            </Button>
          )}
          <Button component={LocaleRouterLink} to={routePath('home')} color="inherit">
            {t('home')}
          </Button>
        </Box>
      </Paper>
    </Page>
  );
}

/**
 * The thank-you page's content for the tip `tipId` of the tip jar `slug`. Asks for the
 * outcome until it is final (the provider's notification may come after the browser), then thanks
 * or offers to try again.
 */
export function ThankYou({ tipId, slug }: { tipId: string | null; slug: string | null }) {
  const { t } = useTranslation('thankyou');
  const outcome = useTipOutcome(tipId);
  const [startedAt] = useState(() => Date.now());

  if (!tipId) return <GenericThanks />;
  if (outcome.isError) {
    return (
      <Page title={t('title')}>
        <Alert severity="warning">{t('unknown')}</Alert>
      </Page>
    );
  }
  const data = outcome.data;
  // After about a minute of asking, say that it takes longer (the receipt follows by e-mail).
  if (!data?.final) return <Waiting slow={outcome.dataUpdatedAt - startedAt > 60_000} />;
  if (data.status === 'completed') return <Completed slug={slug} />;
  if (UNPAID_TIP_STATUSES.includes(data.status)) return <Unpaid status={data.status} slug={slug} />;
  // Refunded or charged back: final, but not a payment to thank for.
  return (
    <Page title={t('title')}>
      <Alert severity="info" data-testid="tip-outcome" data-status={data.status}>
        {t('reversed')}
      </Alert>
    </Page>
  );
}
