import { Alert, Box, Button, LinearProgress, List, ListItem, Paper, Typography } from '@mui/material';
import { formatCents } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { AppLink, LocaleRouterLink } from '@/components/app-link';
import { routePath } from '@/config/paths';
import { useRecurringTipsSummary } from '@/features/recurring-tips/api/get-recurring-tips-summary';
import { RecurringTipStatusChip } from '@/features/recurring-tips/components/recurring-tips-table';
import { useLocale } from '@/lib/use-locale';
import { usePeriodText } from './per-period';

/** 'Maandelijkse fooien' on the account page: how many, the newest few, and the way to manage them. */
export function RecurringTipsSection() {
  const { t } = useTranslation(['recurringtips', 'common']);
  const period = usePeriodText();
  const locale = useLocale();
  const query = useRecurringTipsSummary();
  const count = query.data?.metadata.count ?? 0;
  return (
    <Paper component="section" aria-labelledby="recurringtips-title" sx={{ p: 3, height: '100%' }}>
      <Typography id="recurringtips-title" variant="h2" sx={{ fontSize: '1.3rem' }}>
        {t('account.title')}
      </Typography>
      {query.isPending && <LinearProgress aria-label={t('common:loading')} sx={{ mt: 2 }} />}
      {query.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('account.loadError')}
        </Alert>
      )}
      {query.isSuccess && (
        <Typography sx={{ mt: 1 }}>
          {count > 0 ? t('account.sectionText', { count }) : t('account.sectionEmpty')}
        </Typography>
      )}
      {(query.data?.data.length ?? 0) > 0 && (
        <List dense disablePadding>
          {query.data?.data.map((tip) => (
            <ListItem key={tip.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
              <AppLink color="inherit" to={routePath('accountRecurringtips', { recurringtipid: tip.id })}>
                {tip.tipjar.name}
              </AppLink>
              <span>{period.amount(tip, formatCents(tip.amount, locale))}</span>
              <RecurringTipStatusChip status={tip.status} />
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ mt: 2 }}>
        <Button component={LocaleRouterLink} to={routePath('accountRecurringtips')} variant="outlined" color="inherit">
          {t('account.sectionLink')}
        </Button>
      </Box>
    </Paper>
  );
}
