import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { FeedRefreshState, Locale, ShareKit, ShareKitOfLocale, TipEpisodeRef } from '@podpot/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { CopyField } from './copy-field';
import { Download } from './download';
import { EpisodeShare } from './episode-share';
import { FeedStatus } from './feed-status';
import { ItemFundingTag } from './item-funding-tag';
import { WidgetShare } from './widget-share';

function Section({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
          {title}
        </Typography>
        <Typography sx={{ mb: 2, color: 'text.secondary', overflowWrap: 'anywhere' }}>{text}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The badge in one language: what a reader of the show notes sees, and its HTML. */
function BadgeOf({ kit, language }: { kit: ShareKitOfLocale; language: string }) {
  const { t } = useTranslation('share');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem' }}>
        {language}
      </Typography>
      <Box
        role="group"
        aria-label={`${t('badge.preview')}: ${language}`}
        sx={{ p: 2, bgcolor: 'grey.100', borderRadius: 1 }}
      >
        {/* The snippet itself, as React elements: the same link and image the HTML below makes. */}
        <a href={kit.storefrontUrl}>
          <img src={kit.badge.url} alt={kit.badge.alt} width={kit.badge.width} height={kit.badge.height} />
        </a>
      </Box>
      <CopyField label={t('badge.snippet', { language })} value={kit.snippet} />
    </Box>
  );
}

/**
 * The Share page's content (issue 14, decision 031): the podcast:funding tag for the feed, the badge
 * for show notes in both languages, the QR code and the poster. Everything comes from the API's share
 * kit, so every address is the platform's public one, whatever address this page was opened on.
 */
export function ShareKitView({
  shareKit,
  name,
  feed,
  episodes,
  episodeName,
}: {
  shareKit: ShareKit;
  /** The tip jar's name (the widget frame's title); the slug without it. */
  name?: string;
  /** The feed's refresh state (null: no feed address; undefined: not known, nothing shown). */
  feed?: FeedRefreshState | null;
  /** The tip jar's episodes, newest first, for the per-episode kit (undefined: still loading). */
  episodes?: readonly TipEpisodeRef[];
  episodeName: (episode: TipEpisodeRef) => string;
}) {
  const { t } = useTranslation('share');
  const { t: tWidget } = useTranslation('widget');
  const locale = useLocale();
  const format = useFormat();
  const kit = shareKit.kits[locale];
  const other: Locale = locale === 'nl' ? 'en' : 'nl';
  return (
    <Stack spacing={3}>
      <Typography>{t('intro')}</Typography>
      {!shareKit.live && <Alert severity="info">{t('notLive')}</Alert>}

      <Section id="share-feed" title={t('feed.title')} text={t('feed.text')}>
        {feed !== undefined && <FeedStatus feed={feed} />}
        <CopyField label={t('feed.tag')} value={kit.fundingTag} />
        {episodes?.[0] && <ItemFundingTag storefrontUrl={kit.storefrontUrl} episode={episodes[0]} />}
      </Section>

      <Section id="share-badge" title={t('badge.title')} text={t('badge.text')}>
        <Stack spacing={3}>
          {[locale, other].map((l) => (
            <BadgeOf key={l} kit={shareKit.kits[l]} language={t(`badge.language.${l}`)} />
          ))}
        </Stack>
      </Section>

      <Section id="share-widget" title={tWidget('share.title')} text={tWidget('share.text')}>
        <WidgetShare shareKit={shareKit} locale={locale} name={name ?? shareKit.slug} />
      </Section>

      <Section id="share-qr" title={t('qr.title')} text={t('qr.text', { url: kit.storefrontUrl })}>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
          <Box component="img" src={kit.qr.svgUrl} alt={t('qr.image')} sx={{ width: 180, height: 180 }} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Download href={kit.qr.svgUrl}>{t('qr.svg')}</Download>
            {kit.qr.png.map(({ size, url }) => (
              <Download key={size} href={url}>
                {t('qr.png', { size: format.number(size) })}
              </Download>
            ))}
          </Box>
        </Box>
      </Section>

      <Section id="share-poster" title={t('poster.title')} text={t('poster.text')}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {LOCALES.map((l) => (
            <Download key={l} href={shareKit.kits[l].posterUrl}>
              {t(l === 'en' ? 'poster.download' : 'poster.downloadNl')}
            </Download>
          ))}
        </Box>
      </Section>
      {episodes && (
        <Section id="share-episode" title={t('episode.title')} text={t('episode.text')}>
          <EpisodeShare shareKit={shareKit} episodes={episodes} episodeName={episodeName} />
        </Section>
      )}
    </Stack>
  );
}
