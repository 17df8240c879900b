import { Box, MenuItem, TextField, Typography } from '@mui/material';
import type { ShareKit, TipEpisodeRef } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@/config/paths';
import { episodeKitOf } from '@/features/share/rules';
import { useFormat } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { CopyField } from './copy-field';
import { Download } from './download';

/**
 * One episode's kit (issue 14): pick an episode, get its tip page's address, its button's HTML, its QR
 * code (SVG, PNG) and its poster — the tip jar's kit pointed at `/{slug}/e/{episodeId}`.
 */
export function EpisodeShare({
  shareKit,
  episodes,
  episodeName,
}: {
  shareKit: ShareKit;
  /** The tip jar's episodes, newest first. */
  episodes: readonly TipEpisodeRef[];
  episodeName: (episode: TipEpisodeRef) => string;
}) {
  const { t } = useTranslation('share');
  const locale = useLocale();
  const format = useFormat();
  // None at first: the page's own kit above stays the only one until the maker picks an episode.
  const [chosen, setChosen] = useState('');
  const episode = episodes.find((candidate) => candidate.id === chosen);
  if (episodes.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="episode-share-empty">
        {t('episode.none')}
      </Typography>
    );
  }
  const kit = episode && episodeKitOf(shareKit.kits[locale], shareKit.slug, episode);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextField
        select
        label={t('episode.choose')}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        sx={{ maxWidth: 480 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'episode-select' } as object } }}
      >
        {episodes.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {episodeName(option)}
          </MenuItem>
        ))}
      </TextField>
      {episode && kit && (
        <>
          <CopyField label={t('episode.link')} value={kit.storefrontUrl} />
          <CopyField label={t('episode.snippet')} value={kit.snippet} />
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
            <Box
              component="img"
              src={kit.qr.svgUrl}
              alt={t('episode.qrImage', { episode: episodeName(episode) })}
              sx={{ width: 160, height: 160 }}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="episode-downloads">
              <Download href={kit.qr.svgUrl}>{t('qr.svg')}</Download>
              {kit.qr.png.map(({ size, url }) => (
                <Download key={size} href={url}>
                  {t('qr.png', { size: format.number(size) })}
                </Download>
              ))}
              {LOCALES.map((l) => (
                <Download key={l} href={episodeKitOf(shareKit.kits[l], shareKit.slug, episode).posterUrl}>
                  {t(l === 'en' ? 'poster.download' : 'poster.downloadNl')}
                </Download>
              ))}
            </Box>
          </Box>
        </>
      )}
    </Box>
  );
}
