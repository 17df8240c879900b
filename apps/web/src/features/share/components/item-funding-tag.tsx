import { Box, Typography } from '@mui/material';
import { fundingTag, type TipEpisodeRef } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { CopyField } from './copy-field';

/**
 * The feed check's per-episode suggestion (issue 41 part 5, decision 097): beside the channel's
 * podcast:funding tag, the same tag for the newest episode's `<item>`, pointing at its tip page
 * (`{storefrontUrl}/e/{episodeId}`), where a listener can also ask for a message to be read on air.
 */
export function ItemFundingTag({ storefrontUrl, episode }: { storefrontUrl: string; episode: TipEpisodeRef }) {
  const { t } = useTranslation('boosts');
  const url = `${storefrontUrl.replace(/\/$/, '')}/e/${encodeURIComponent(episode.id)}`;
  return (
    <Box data-testid="item-funding" sx={{ mt: 3 }}>
      <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('feed.itemTitle')}
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {t('feed.itemText', { title: episode.title })}
      </Typography>
      <CopyField label={t('feed.itemTag')} value={fundingTag({ url, text: t('feed.itemTagText') })} />
    </Box>
  );
}
