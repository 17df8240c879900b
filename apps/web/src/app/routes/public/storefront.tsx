import PodcastsIcon from '@mui/icons-material/Podcasts';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import { Alert, Avatar, Box, Button, Divider, LinearProgress, Paper, Typography } from '@mui/material';
import type { PublicTipjar } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/error-page';
import { CheckoutBlock } from '@/features/paymentmethods/components/checkout-block';
import { usePublicTipjar } from '@/features/storefront/api/get-public-tipjar';
import { ShareMeta } from '@/features/storefront/components/share-meta';
import { TipForm } from '@/features/storefront/components/tip-form';

function TipjarHeader({ tipjar }: { tipjar: PublicTipjar }) {
  const { t } = useTranslation('storefront');
  return (
    <Box component="header" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 3 }}>
      <Avatar
        src={tipjar.imageUrl ?? undefined}
        alt={t('header.imageAlt', { name: tipjar.name })}
        variant="rounded"
        sx={{ width: 96, height: 96, bgcolor: 'primary.main', fontSize: '2.5rem' }}
      >
        {tipjar.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h1" gutterBottom>
          {tipjar.name}
        </Typography>
        {tipjar.description && <Typography sx={{ whiteSpace: 'pre-line', mb: 1 }}>{tipjar.description}</Typography>}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {tipjar.podcastUrl && (
            <Button
              size="small"
              color="inherit"
              href={tipjar.podcastUrl}
              target="_blank"
              rel="noopener"
              startIcon={<PodcastsIcon />}
            >
              {t('header.listen')}
            </Button>
          )}
          {tipjar.rssUrl && (
            <Button
              size="small"
              color="inherit"
              href={tipjar.rssUrl}
              target="_blank"
              rel="noopener"
              startIcon={<RssFeedIcon />}
            >
              {t('header.rss')}
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/** The public page of one LIVE tip jar (spec §2): who the maker is, and the tip form with checkout. */
export default function StorefrontPage() {
  const { t } = useTranslation('storefront');
  const { tipjarslug = '' } = useParams();
  const slug = tipjarslug.toLowerCase();
  const tipjarQuery = usePublicTipjar(slug);
  const tipjar = tipjarQuery.data ?? null;

  const shareMeta = tipjar && (
    <ShareMeta
      title={tipjar.name}
      description={tipjar.description || t('meta.description', { name: tipjar.name })}
      imageUrl={tipjar.imageUrl}
      url={window.location.origin + window.location.pathname}
    />
  );

  if (tipjarQuery.isPending) return <LinearProgress aria-label={t('loading')} />;
  if (tipjarQuery.isError) {
    return (
      <>
        {shareMeta}
        <Alert severity="error">{t('errors.load')}</Alert>
      </>
    );
  }
  // Unknown slug or not LIVE: the app's 404 page.
  if (!tipjar) return <NotFoundPage />;

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      {shareMeta}
      <TipjarHeader tipjar={tipjar} />
      <Divider sx={{ mb: 3 }} />
      {tipjar.acceptsTips === false ? (
        // No merchant yet, or the payment provider stopped it: say so instead of a form that must fail.
        <Alert severity="info" data-testid="not-accepting-tips">
          {t('errors.notAcceptingTips')}
        </Alert>
      ) : (
        <TipForm checkout={CheckoutBlock} tipjar={tipjar} />
      )}
    </Paper>
  );
}
