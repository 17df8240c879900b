import { Link, Paper, Typography } from '@mui/material';
import { formatCents, routePath, type Statistics } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';
import { StatisticsTable } from '@/features/statistics/components/statistics-table';
import { formatCount } from '@/features/statistics/rules';
import { useLocale } from '@/lib/use-locale';

/** The platform's tip jars with the most net income in the period, each a link to its admin page. */
export function TopTipjars({ tipjars }: { tipjars: NonNullable<Statistics['topTipjars']> }) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="top-tipjars-title"
      sx={{ p: { xs: 1.5, sm: 2 }, mt: 2 }}
    >
      <Typography id="top-tipjars-title" variant="h3" component="h3" gutterBottom>
        {t('charts.topTipjars')}
      </Typography>
      {tipjars.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <StatisticsTable
          testId="table-top-tipjars"
          caption={t('charts.topTipjars')}
          columns={[t('columns.tipjar'), t('columns.count'), t('columns.gross'), t('columns.net')]}
          rows={tipjars.map((jar) => [
            jar.name,
            formatCount(jar.count, locale),
            formatCents(jar.sum, locale),
            formatCents(jar.net, locale),
          ])}
          // On a phone: name, count and net (the ranking); gross is in the wider table.
          narrowHidden={[2]}
          renderHead={(name, i) => (
            <Link component={LocaleRouterLink} to={routePath('adminTipjar', { tipjarid: tipjars[i]!.id })}>
              {name}
            </Link>
          )}
        />
      )}
    </Paper>
  );
}
