import { Paper, Typography } from '@mui/material';
import { formatCents, type Statistics } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { StatisticsTable } from '@/features/statistics/components/statistics-table';
import { formatCount } from '@/features/statistics/rules';
import { useLocale } from '@/lib/use-locale';

type ByLevel = NonNullable<Statistics['recurring']['byLevel']>;

/** A tip jar's active monthly supporters per level now (issue 40), cheapest level first, then those below every level. */
export function SupportersByLevel({ byLevel }: { byLevel: ByLevel }) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="by-level-title"
      sx={{ p: { xs: 1.5, sm: 2 }, mt: 2 }}
    >
      <Typography id="by-level-title" variant="h3" component="h3" gutterBottom>
        {t('byLevel.title')}
      </Typography>
      <StatisticsTable
        testId="table-by-level"
        caption={t('byLevel.title')}
        columns={[t('byLevel.level'), t('byLevel.supporters')]}
        rows={byLevel.map((row) => [
          row.level
            ? t('byLevel.name', { name: row.level.name, amount: formatCents(row.level.amount, locale) })
            : t('byLevel.none'),
          formatCount(row.count, locale),
        ])}
      />
    </Paper>
  );
}
