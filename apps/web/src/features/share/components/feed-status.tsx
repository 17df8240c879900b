import { Alert, Box, Typography } from '@mui/material';
import { FEED_REFRESH_MAX_FAILURES, type FeedRefreshState } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';

/**
 * What Podpot last read from the maker's feed (issue 14): whether it carries the `podcast:funding` tag
 * that points here, when it was read and how many episodes it listed, and — once the hourly refresh
 * stopped after repeated failures — what to do. `feed` null: no feed address saved.
 */
export function FeedStatus({ feed }: { feed: FeedRefreshState | null }) {
  const { t } = useTranslation('share');
  const format = useFormat();
  if (feed === null) {
    return (
      <Typography color="text.secondary" data-testid="feed-status" data-state="none" sx={{ mb: 2 }}>
        {t('feedState.noFeed')}
      </Typography>
    );
  }
  return (
    <Box data-testid="feed-status" sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }}>
      {feed.fundingLinked === true && (
        <Alert severity="success" data-testid="funding-linked">
          {t('feedState.linked')}
        </Alert>
      )}
      {feed.fundingLinked === false && (
        <Alert severity="info" data-testid="funding-not-linked">
          {t('feedState.notLinked')}
        </Alert>
      )}
      {feed.fundingLinked === null && (
        <Typography color="text.secondary" data-testid="funding-unchecked">
          {t('feedState.notChecked')}
        </Typography>
      )}
      {feed.stoppedAt ? (
        <Alert severity="warning" data-testid="feed-stopped">
          {t('feedState.stopped', { date: format.dateTime(feed.stoppedAt), failures: FEED_REFRESH_MAX_FAILURES })}
        </Alert>
      ) : (
        feed.failures > 0 && (
          <Alert severity="warning" data-testid="feed-failing">
            {t('feedState.failing', { count: feed.failures, max: FEED_REFRESH_MAX_FAILURES })}
          </Alert>
        )
      )}
      <Typography color="text.secondary" data-testid="feed-last-read">
        {feed.lastFetchedAt
          ? t('feedState.lastRead', { date: format.dateTime(feed.lastFetchedAt), count: feed.episodeCount })
          : t('feedState.notRead')}
      </Typography>
    </Box>
  );
}
