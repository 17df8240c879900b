import { Alert, Box, Button, LinearProgress, List, ListItem, Paper, Typography } from '@mui/material';
import { formatCents } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { useMyRecurringTips } from '@/features/recurring-tips/api/get-my-recurring-tips';
import {
  MandateStatusChip,
  RecurringTipStatusChip,
  useFailureReason,
} from '@/features/recurring-tips/components/recurring-tips-table';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { usePeriodText } from './per-period';

/** 'Mijn maandelijkse fooien': every own monthly tip, newest first, each with a link to manage it. */
export function RecurringTipList() {
  const { t } = useTranslation(['recurringtips', 'yearlytips', 'common']);
  const period = usePeriodText();
  const locale = useLocale();
  const reasonText = useFailureReason();
  const query = useMyRecurringTips();
  const rows = query.data?.data ?? [];
  return (
    <Page title={t('account.title')} subtitle={t('account.intro')}>
      <Paper>
        {query.isPending && <LinearProgress aria-label={t('common:loading')} />}
        {query.isError && <Alert severity="error">{t('account.loadError')}</Alert>}
        {query.isSuccess && rows.length === 0 && (
          <Box sx={{ p: 3 }}>
            <Typography>{t('account.empty')}</Typography>
          </Box>
        )}
        {rows.length > 0 && (
          // A list, not a table: a listener has a few, and each reads whole on a phone too.
          <List disablePadding aria-label={t('account.listLabel')}>
            {rows.map((tip) => (
              <ListItem
                key={tip.id}
                divider
                data-testid="my-recurringtip-row"
                sx={{ px: 3, py: 2, gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
              >
                <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {tip.tipjar.name}
                  </Typography>
                  <Typography>{period.amount(tip, formatCents(tip.amount, locale))}</Typography>
                  {tip.nextAmount !== null && tip.status !== 'cancelled' && (
                    <Typography variant="body2" color="text.secondary">
                      {period.next(tip, formatCents(tip.nextAmount, locale))}
                    </Typography>
                  )}
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
                    <RecurringTipStatusChip status={tip.status} />
                    <MandateStatusChip status={tip.mandate.status} />
                  </Box>
                  {tip.nextChargeAt && tip.status === 'active' && (
                    <Typography variant="body2" color="text.secondary">
                      {t('columns.nextCharge')}: {formatDate(tip.nextChargeAt, locale)}
                    </Typography>
                  )}
                  {tip.lastFailureReason && (
                    <Typography variant="body2" color="error">
                      {t('columns.failure')}: {reasonText(tip.lastFailureReason)}
                    </Typography>
                  )}
                </Box>
                <Button
                  component={LocaleRouterLink}
                  to={routePath('accountRecurringtips', { recurringtipid: tip.id })}
                  size="small"
                  variant="outlined"
                  color="inherit"
                  aria-label={
                    tip.interval === 'year'
                      ? t('yearlytips:manageLabel', { name: tip.tipjar.name })
                      : t('account.manageLabel', { name: tip.tipjar.name })
                  }
                >
                  {t('account.manage')}
                </Button>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Page>
  );
}
