import { Box, Typography } from '@mui/material';
import { formatCents, type Statistics } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/features/statistics/rules';
import { useLocale } from '@/lib/use-locale';

/** The period's totals: paid tips, gross, refunded (when any), platform fee and net — the API's figures. */
export function StatisticsTotals({ totals }: { totals: Statistics['totals'] }) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  const facts: [string, string, string][] = [
    ['count', t('totals.count'), formatCount(totals.count, locale)],
    ['gross', t('totals.gross'), formatCents(totals.sum, locale)],
    ...(totals.refunded > 0
      ? [['refunded', t('totals.refunded'), formatCents(-totals.refunded, locale)] as [string, string, string]]
      : []),
    ['fees', t('totals.fees'), formatCents(totals.fees, locale)],
    ['net', t('totals.net'), formatCents(totals.net, locale)],
  ];
  return (
    <Box component="dl" data-testid="statistics-totals" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0, mb: 2 }}>
      {facts.map(([key, label, value]) => (
        <Box key={key} sx={{ minWidth: 110 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h3" sx={{ m: 0 }} data-testid={`total-${key}`}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
