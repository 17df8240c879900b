import { Box, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { STATISTICS_GRANULARITIES, STATISTICS_PERIODS, type Statistics } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { type PeriodChoice, statisticsQuery } from '@/features/statistics/rules';

/** 30 days, 12 months, all time or two dates of one's own, and optionally per day, week or month. */
export function PeriodPicker({
  value,
  onChange,
  shown,
}: {
  value: PeriodChoice;
  onChange: (next: PeriodChoice) => void;
  /** The period the figures on screen are of (a custom choice starts from it). */
  shown: Statistics['period'] | undefined;
}) {
  const { t } = useTranslation('statistics');
  const invalid = value.period === 'custom' && Boolean(value.from && value.to) && statisticsQuery(value) === null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label={t('period.label')}
        value={value.period}
        onChange={(_, period: PeriodChoice['period'] | null) => {
          if (!period) return;
          const custom = period === 'custom' && !value.from ? { from: shown?.from ?? '', to: shown?.to ?? '' } : {};
          onChange({ ...value, period, ...custom });
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {STATISTICS_PERIODS.map((period) => (
          <ToggleButton key={period} value={period} data-testid={`period-${period}`}>
            {t(`period.${period}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {value.period === 'custom' && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            type="date"
            size="small"
            label={t('period.from')}
            value={value.from}
            onChange={(e) => onChange({ ...value, from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'period-from' } }}
            error={invalid}
          />
          <TextField
            type="date"
            size="small"
            label={t('period.to')}
            value={value.to}
            onChange={(e) => onChange({ ...value, to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'period-to' } }}
            error={invalid}
            helperText={invalid ? t('period.invalid') : undefined}
          />
        </Box>
      )}
      <TextField
        select
        size="small"
        label={t('period.granularity')}
        value={value.granularity}
        onChange={(e) => onChange({ ...value, granularity: e.target.value as PeriodChoice['granularity'] })}
        sx={{ minWidth: 140 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        data-testid="period-granularity"
      >
        <MenuItem value="">{t('period.auto')}</MenuItem>
        {STATISTICS_GRANULARITIES.map((g) => (
          <MenuItem key={g} value={g}>
            {t(`period.${g}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
