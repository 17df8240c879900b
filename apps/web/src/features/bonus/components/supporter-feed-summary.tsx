import '@/features/bonus/i18n';
import { Alert, Box, Card, CardContent, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSupporterFeedSummary } from '@/features/bonus/api/supporter-feed';
import { useFormat } from '@/lib/format';

/**
 * The maker's view of the private supporter feed: how many supporters have it, and the addresses seen
 * from too many networks in a day (perhaps passed on), by supporter and date, with what that means.
 */
export function SupporterFeedSummaryCard({ tipjarId }: { tipjarId: string }) {
  const { t } = useTranslation(['bonus', 'common']);
  const format = useFormat();
  const summary = useSupporterFeedSummary(tipjarId);
  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby="supporter-feed-summary"
      data-testid="supporter-feed-summary"
    >
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="supporter-feed-summary" variant="h2" sx={{ fontSize: '1.3rem' }}>
          {t('summary.title')}
        </Typography>
        {summary.isPending && <LinearProgress aria-label={t('common:loading')} />}
        {summary.isError && <Alert severity="error">{t('summary.loadError')}</Alert>}
        {summary.data && (
          <>
            <Typography data-testid="supporter-feed-open">
              {t('summary.open', { count: summary.data.openFeeds, formatted: format.number(summary.data.openFeeds) })}
            </Typography>
            {summary.data.flagged.length > 0 && (
              <Box component="section" aria-labelledby="supporter-feed-flagged">
                <Typography id="supporter-feed-flagged" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {t('summary.flaggedTitle')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('summary.flaggedText')}
                </Typography>
                <List dense aria-labelledby="supporter-feed-flagged">
                  {summary.data.flagged.map((flag) => (
                    <ListItem key={flag.recurringTipId} disableGutters data-testid="supporter-feed-flagged-row">
                      <ListItemText
                        primary={flag.displayName ?? t('summary.anonymous')}
                        secondary={t('summary.flaggedAt', { date: format.dateTime(flag.flaggedAt) })}
                        slotProps={{ primary: { dir: 'auto' } }}
                      />
                    </ListItem>
                  ))}
                </List>
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
