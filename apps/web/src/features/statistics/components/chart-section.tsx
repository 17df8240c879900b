import { Box, Paper, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { brandChartColors } from '@/features/statistics/rules';

/** The height of every chart's drawing (px). */
export const CHART_HEIGHT = 260;

/**
 * One chart: its title, then either a helpful empty state or the chart — an image to assistive
 * technology, named by `summary` — with its figures as a table under "Show as table".
 */
export function ChartSection({
  id,
  title,
  summary,
  empty,
  chart,
  table,
  level = 'h3',
}: {
  id: string;
  title: string;
  /** The title's heading level: h3 under a page's section (statistics), h2 straight under the page's h1. */
  level?: 'h2' | 'h3';
  summary: string;
  /** The empty state's text when there is nothing to draw. */
  empty: string | null;
  chart: ReactNode;
  table: ReactNode;
}) {
  const { t } = useTranslation('statistics');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`chart-${id}-title`}
      data-testid={`chart-${id}`}
      sx={{ p: { xs: 1.5, sm: 2 }, height: '100%', minWidth: 0 }}
    >
      <Typography id={`chart-${id}-title`} variant="h3" component={level} gutterBottom>
        {title}
      </Typography>
      {empty !== null ? (
        <Typography color="text.secondary" data-testid="chart-empty" sx={{ py: 4, textAlign: 'center' }}>
          {empty}
        </Typography>
      ) : (
        <>
          <Box role="img" aria-label={summary} data-testid="chart-graphic" sx={{ width: '100%' }}>
            {chart}
          </Box>
          <Box component="details" sx={{ mt: 1, '& summary': { cursor: 'pointer', py: 0.5 } }}>
            <Box component="summary">{t('showTable')}</Box>
            {table}
          </Box>
        </>
      )}
    </Paper>
  );
}

/** The brand colours (the theme's palette) for a chart's series: `colors={useBrandChartColors()}`. */
export function useBrandChartColors(): string[] {
  return brandChartColors(useTheme().palette);
}
