import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  InputAdornment,
  LinearProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type FieldError,
  formatCents,
  formatEuroAmount,
  LEVEL_NAME_MAX,
  LEVEL_PERK_MAX,
  type Level,
  MAX_TIP_CENTS,
  MIN_TIP_CENTS,
  TIPJAR_LEVELS_MAX,
} from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSaveTipjarLevels, useTipjarLevels } from '@/features/tipjars/api/tipjar-levels';
import { emptyRow, type LevelRow, levelErrors, levelsInput, rowOf } from '@/features/tipjars/level-rules';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-errors';
import { validationMessage } from '@/lib/form';
import { notifySuccess } from '@/lib/notifications';
import { useLocale } from '@/lib/use-locale';

/**
 * Backoffice settings: the tip jar's levels with a perk line (issue 40) — up to five amounts per month
 * with a name, a perk and whether they open the bonus feed. Saved as a whole list.
 */
export function TipjarLevelsEditor({ tipjarId }: { tipjarId: string }) {
  const { t } = useTranslation(['levels', 'common']);
  const levels = useTipjarLevels(tipjarId);
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} component="section" aria-labelledby="levels-title">
      <Typography id="levels-title" variant="h3" component="h2" gutterBottom>
        {t('title')}
      </Typography>
      {levels.isPending && <LinearProgress aria-label={t('common:loading')} />}
      {levels.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void levels.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadError')}
        </Alert>
      )}
      {levels.data && <LevelsForm key={levels.dataUpdatedAt} tipjarId={tipjarId} saved={levels.data} />}
    </Paper>
  );
}

function LevelsForm({ tipjarId, saved }: { tipjarId: string; saved: Level[] }) {
  const { t } = useTranslation(['levels', 'validation']);
  const { t: tv } = useTranslation('validation');
  const locale = useLocale();
  const save = useSaveTipjarLevels(tipjarId);
  const [rows, setRows] = useState<LevelRow[]>(() => saved.map((l) => rowOf(l, (c) => formatEuroAmount(c, locale))));
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState<LevelRow | null>(null);

  const change = (key: string, values: Partial<LevelRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...values } : row)));
  const remove = (key: string) => {
    setRows((current) => current.filter((row) => row.key !== key));
    setErrors({});
  };
  const errorText = (path: string) => {
    const error = errors[path];
    if (!error) return undefined;
    if (error.key === 'amountRange') {
      return t('validation:amountRange', {
        min: formatCents(MIN_TIP_CENTS, locale),
        max: formatCents(MAX_TIP_CENTS, locale),
      });
    }
    return validationMessage(tv, error);
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = levelErrors(rows);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync(levelsInput(rows));
      notifySuccess(t('saved'));
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(error.fields as Record<string, FieldError>);
      else setFailure(apiErrorText(error));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="levels-title">
      <Typography variant="body2" sx={{ mb: 2 }}>
        {rows.length === 0 ? t('empty') : t('intro')}
      </Typography>
      <Stack spacing={2} sx={{ mb: 2 }}>
        {rows.map((row, i) => (
          <Box
            key={row.key}
            component="fieldset"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}
          >
            <Box component="legend" sx={{ px: 0.5, typography: 'subtitle2' }}>
              {t('levelN', { n: i + 1 })}
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('amount')}
                value={row.amount}
                onChange={(e) => change(row.key, { amount: e.target.value })}
                required
                error={Boolean(errors[`data.${i}.amount`])}
                helperText={errorText(`data.${i}.amount`) ?? t('amountHint')}
                sx={{ flex: { sm: '0 0 10rem' } }}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
                }}
              />
              <TextField
                label={t('name')}
                value={row.name}
                onChange={(e) => change(row.key, { name: e.target.value })}
                required
                fullWidth
                error={Boolean(errors[`data.${i}.name`])}
                helperText={errorText(`data.${i}.name`) ?? t('nameHint')}
                slotProps={{ htmlInput: { maxLength: LEVEL_NAME_MAX } }}
              />
            </Stack>
            <TextField
              label={t('perk')}
              value={row.perk}
              onChange={(e) => change(row.key, { perk: e.target.value })}
              fullWidth
              sx={{ mt: 2 }}
              error={Boolean(errors[`data.${i}.perk`])}
              helperText={errorText(`data.${i}.perk`) ?? t('perkHint')}
              slotProps={{ htmlInput: { maxLength: LEVEL_PERK_MAX } }}
            />
            <Stack direction="row" sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={row.unlocksFeed}
                    onChange={(e) => change(row.key, { unlocksFeed: e.target.checked })}
                  />
                }
                label={t('unlocksFeed')}
              />
              <IconButton
                aria-label={t('remove', { name: row.name || t('levelN', { n: i + 1 }) })}
                onClick={() => (row.id ? setRemoving(row) : remove(row.key))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          </Box>
        ))}
      </Stack>
      {errors.data && <Alert severity="error">{errorText('data')}</Alert>}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Stack direction="row" sx={{ mt: 2, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="outlined"
          onClick={() => setRows((current) => [...current, emptyRow()])}
          disabled={rows.length >= TIPJAR_LEVELS_MAX}
        >
          {t('add')}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('save')}
        </Button>
        {rows.length >= TIPJAR_LEVELS_MAX && (
          <Typography variant="body2" color="text.secondary">
            {t('max', { max: TIPJAR_LEVELS_MAX })}
          </Typography>
        )}
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={t('removeTitle', { name: removing?.name ?? '' })}
        text={t('removeText')}
        confirmLabel={t('removeConfirm')}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove(removing.key);
          setRemoving(null);
        }}
      />
    </Box>
  );
}
