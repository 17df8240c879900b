import '@/features/bonus/i18n';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Card, CardContent, LinearProgress, TextField, Typography } from '@mui/material';
import { podcastAppLinks, type SupporterFeed } from '@podpot/domain';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LinkAlert } from '@/components/link-alert';
import { routePath } from '@/config/paths';
import { useMySupporterFeed, useRotateSupporterFeed } from '@/features/bonus/api/supporter-feed';
import { isApiError } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notifications';
import type { SupporterFeedSlotProps } from '@/lib/supporter-feed-slot';

type SupporterFeedCardProps = SupporterFeedSlotProps;

/**
 * 'Your private feed' of one monthly tip (issue 40): the feed address to copy, one-tap links for the
 * podcast apps, the QR code for a phone, a new address on request; the warning when the address was
 * seen from too many networks, and the way back when the support has ended. Nothing at all while the
 * tip jar offers no feed to this tip (state 'none'), or while the tipper may not ask (401/403/404).
 */
export function SupporterFeedCard({ recurringTipId, token, tipjar }: SupporterFeedCardProps) {
  const { t } = useTranslation(['bonus', 'common']);
  const query = useMySupporterFeed(recurringTipId, token);
  if (query.isPending) return <LinearProgress aria-label={t('common:loading')} />;
  if (query.isError) {
    if (isApiError(query.error) && [401, 403, 404].includes(query.error.status)) return null;
    return <Alert severity="error">{t('feed.loadError')}</Alert>;
  }
  if (query.data.state === 'none' || !query.data.url) return null;
  return (
    <Loaded feed={query.data} url={query.data.url} recurringTipId={recurringTipId} token={token} tipjar={tipjar} />
  );
}

function Loaded({
  feed,
  url,
  recurringTipId,
  token,
  tipjar,
}: SupporterFeedCardProps & { feed: SupporterFeed; url: string }) {
  const { t } = useTranslation(['bonus', 'common']);
  const format = useFormat();
  const headingId = useId();
  const rotate = useRotateSupporterFeed(recurringTipId, token);
  const [confirming, setConfirming] = useState(false);
  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="supporter-feed"
      data-state={feed.state}
    >
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.3rem' }}>
          {t('feed.title')}
        </Typography>
        {feed.state === 'ended' ? (
          <LinkAlert
            severity="info"
            to={routePath('storefront', { tipjarslug: tipjar.slug })}
            linkText={t('feed.renew')}
          >
            {t('feed.ended', { name: tipjar.name })}
          </LinkAlert>
        ) : (
          <Typography>{t('feed.intro', { name: tipjar.name })}</Typography>
        )}
        {feed.flaggedAt && (
          <Alert severity="warning" data-testid="supporter-feed-flagged">
            {t('feed.flagged', { date: format.date(feed.flaggedAt) })}
          </Alert>
        )}
        <FeedAddress url={url} />
        <Box component="section" aria-label={t('feed.apps')}>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            {t('feed.apps')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {podcastAppLinks(url).map(({ app, href }) => (
              <Button key={app} variant="outlined" color="inherit" href={href} rel="noopener">
                {t(`feed.app.${app}`)}
              </Button>
            ))}
          </Box>
        </Box>
        {feed.qrSvg && (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            {/* The API's SVG as an image, never as markup: an <img> runs no script of it. */}
            <Box
              component="img"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(feed.qrSvg)}`}
              alt={t('feed.qr')}
              sx={{ width: 160, height: 160, bgcolor: '#fff' }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 160px' }}>
              {t('feed.qrText')}
            </Typography>
          </Box>
        )}
        <Box>
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<AutorenewIcon />}
            onClick={() => setConfirming(true)}
            disabled={rotate.isPending}
          >
            {t('feed.rotate')}
          </Button>
        </Box>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('feed.rotateTitle')}
        text={t('feed.rotateText')}
        confirmLabel={t('feed.rotate')}
        loading={rotate.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await rotate.mutateAsync();
            notifySuccess(t('feed.rotated'));
          } catch {
            // The api client's toast has said why.
          }
          setConfirming(false);
        }}
      />
    </Card>
  );
}

/** The address in a read-only field with a copy button; where the clipboard is refused, selected to copy by hand. */
function FeedAddress({ url }: { url: string }) {
  const { t } = useTranslation('bonus');
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(t('feed.copied'));
    } catch {
      field.current?.focus();
      field.current?.select();
      notifyError(t('feed.copyFailed'));
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        id={id}
        label={t('feed.url')}
        value={url}
        inputRef={field}
        sx={{ flex: '1 1 240px' }}
        onFocus={(event) => event.target.select()}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, 'data-testid': 'supporter-feed-url' } }}
      />
      <Button
        variant="contained"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        aria-label={t('feed.copyLabel')}
        sx={{ mt: 1 }}
      >
        {t('feed.copy')}
      </Button>
    </Box>
  );
}
