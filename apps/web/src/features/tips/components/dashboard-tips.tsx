import { Alert, Box, Button, LinearProgress, List, ListItem, Paper, Typography } from '@mui/material';
import { formatCents } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';
import { TipName } from '@/components/tip-name';
import { routePath } from '@/config/paths';
import { useTipjarStatistics, useTipjarTips } from '@/features/tips/api/get-tipjar-tips';
import { TipStatusChip } from '@/features/tips/components/tips-table';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

const RECENT = { page: 1, itemsPerPage: 5, sortBy: 'created', sortDesc: true } as const;

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h3" component="p">
        {value}
      </Typography>
    </Box>
  );
}

/** Dashboard card of a tip jar: totals of paid tips (statistics) and the five latest tips. */
export function DashboardTips({ tipjarId, slug }: { tipjarId: string; slug: string }) {
  const { t } = useTranslation('tips');
  const locale = useLocale();
  const statistics = useTipjarStatistics(tipjarId);
  const recent = useTipjarTips(tipjarId, RECENT);
  const totals = statistics.data?.tips;
  const tips = recent.data?.data ?? [];

  return (
    <Paper component="section" aria-labelledby="dashboard-tips-title" sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
        <Typography id="dashboard-tips-title" variant="h2" sx={{ flexGrow: 1 }}>
          {t('dashboard.title')}
        </Typography>
        <Button component={LocaleRouterLink} to={routePath('backofficeTips', { tipjarslug: slug })} color="inherit">
          {t('dashboard.all')}
        </Button>
      </Box>

      <Typography variant="subtitle2" component="h3" gutterBottom>
        {t('dashboard.totals')}
      </Typography>
      {statistics.isPending && <LinearProgress aria-label={t('dashboard.totals')} />}
      {statistics.isError && <Alert severity="error">{t('dashboard.loadError')}</Alert>}
      {totals && (
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 3 }} data-testid="tip-totals">
          <Total label={t('dashboard.count')} value={String(totals.count)} />
          <Total label={t('dashboard.sum')} value={formatCents(totals.sum, locale)} />
          {totals.refunded > 0 && (
            <Total label={t('dashboard.refunded')} value={formatCents(-totals.refunded, locale)} />
          )}
          <Total label={t('dashboard.fees')} value={formatCents(totals.fees, locale)} />
          <Total label={t('dashboard.net')} value={formatCents(totals.net, locale)} />
        </Box>
      )}

      <Typography variant="subtitle2" component="h3" gutterBottom>
        {t('dashboard.recent')}
      </Typography>
      {recent.isPending && <LinearProgress aria-label={t('dashboard.recent')} />}
      {recent.isError && <Alert severity="error">{t('dashboard.loadError')}</Alert>}
      {recent.isSuccess && tips.length === 0 && <Typography color="text.secondary">{t('dashboard.empty')}</Typography>}
      {tips.length > 0 && (
        <List dense disablePadding>
          {tips.map((tip) => (
            // One shape for every tip: amount, who (and the message), status; the time beside them, or
            // on a phone on its own line under them.
            <ListItem
              key={tip.id}
              divider
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'auto minmax(0, 1fr) auto', sm: '90px minmax(0, 1fr) auto auto' },
                columnGap: 2,
                rowGap: 0.5,
              }}
            >
              <Box sx={{ fontWeight: 600 }}>{formatCents(tip.amount, locale)}</Box>
              <Box sx={{ minWidth: 0 }}>
                <TipName tip={tip} />
                {tip.message && (
                  <Typography variant="body2" color="text.secondary" noWrap title={tip.message}>
                    {tip.message}
                  </Typography>
                )}
              </Box>
              <TipStatusChip status={tip.status} />
              <Typography variant="body2" color="text.secondary" sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
                {formatDateTime(tip.created, locale)}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

export default DashboardTips;
