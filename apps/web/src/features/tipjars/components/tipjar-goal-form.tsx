import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import {
  formatCents,
  formatEuroAmount,
  GOAL_KINDS,
  type GoalKind,
  goalRange,
  goalTargetError,
  parseEuroToCents,
  type TipjarGoal,
} from '@podpot/domain';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { BackofficeTipjar } from '@/features/tipjars/api/get-tipjar-by-slug';
import { useUpdateTipjar } from '@/features/tipjars/api/update-tipjar';
import { applyServerFieldErrors, decodeFieldError, useDomainForm } from '@/lib/form';
import { formatNumber } from '@/lib/format';
import { notifySuccess } from '@/lib/notifications';
import { useLocale } from '@/lib/use-locale';

type GoalChoice = 'NONE' | GoalKind;
interface GoalForm {
  kind: GoalChoice;
  target: string;
}

/** The typed target as the API takes it: cents for an amount, a whole number of tippers; NaN when unreadable. */
function targetOf(kind: GoalKind, text: string): number {
  if (kind === 'AMOUNT') return parseEuroToCents(text) ?? Number.NaN;
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The domain's goal rule (goal-rules.ts) on the form's text: the API applies the same rule. */
const GoalFormSchema = z
  .object({ kind: z.enum(['NONE', ...GOAL_KINDS]), target: z.string() })
  .superRefine((values, ctx) => {
    if (values.kind === 'NONE') return;
    const error = goalTargetError(values.kind, targetOf(values.kind, values.target));
    if (error) ctx.addIssue({ code: 'custom', path: ['target'], message: error.key, params: error.params });
  });

function goalOf(values: GoalForm): TipjarGoal | null {
  return values.kind === 'NONE' ? null : { kind: values.kind, target: targetOf(values.kind, values.target) };
}

/** Backoffice settings: the monthly goal (an amount or a number of monthly tippers) the page shows progress toward. */
export function TipjarGoalForm({ tipjar }: { tipjar: BackofficeTipjar }) {
  const { t } = useTranslation(['tipjar', 'validation']);
  const locale = useLocale();
  const update = useUpdateTipjar(tipjar.id);
  const goal = tipjar.goal;
  const { form, field } = useDomainForm<GoalForm>(GoalFormSchema, {
    kind: goal?.kind ?? 'NONE',
    target: goal ? (goal.kind === 'AMOUNT' ? formatEuroAmount(goal.target, locale) : String(goal.target)) : '',
  });
  const kind = useWatch({ control: form.control, name: 'kind' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ goal: goalOf(values) });
      notifySuccess(t('goal.saved'));
    } catch (error) {
      applyServerFieldErrors(form, error, 'data.goal.');
    }
  });

  const target = field('target', { helperText: t(kind === 'AMOUNT' ? 'goal.amountHint' : 'goal.tippersHint') });
  const error = decodeFieldError(form.formState.errors.target);
  // The limits in the page's language: money for an amount, a count for tippers.
  const range = kind === 'NONE' ? undefined : goalRange(kind);
  const show = (n: number) => (kind === 'AMOUNT' ? formatCents(n, locale) : formatNumber(n, locale));
  const helperText =
    range && (error?.key === 'goalAmountRange' || error?.key === 'goalTippersRange')
      ? t(`validation:${error.key}`, { min: show(range.min), max: show(range.max) })
      : target.helperText;

  return (
    <Paper sx={{ p: 3, mb: 3 }} component="section" aria-labelledby="goal-title">
      <Typography id="goal-title" variant="h3" component="h2" gutterBottom>
        {t('goal.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('goal.intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="goal-title">
        <Controller
          control={form.control}
          name="kind"
          render={({ field: choice }) => (
            <FormControl>
              <FormLabel id="goal-kind-label">{t('goal.kind')}</FormLabel>
              <RadioGroup
                aria-labelledby="goal-kind-label"
                name={choice.name}
                value={choice.value}
                onChange={(event) => {
                  choice.onChange(event.target.value as GoalChoice);
                  form.clearErrors('target');
                }}
              >
                <FormControlLabel value="NONE" control={<Radio />} label={t('goal.none')} />
                <FormControlLabel value="AMOUNT" control={<Radio />} label={t('goal.amount')} />
                <FormControlLabel value="TIPPERS" control={<Radio />} label={t('goal.tippers')} />
              </RadioGroup>
            </FormControl>
          )}
        />
        {kind !== 'NONE' && (
          <TextField
            label={t(kind === 'AMOUNT' ? 'goal.amountTarget' : 'goal.tippersTarget')}
            required
            slotProps={{ htmlInput: { inputMode: kind === 'AMOUNT' ? 'decimal' : 'numeric' } }}
            {...target}
            helperText={helperText}
          />
        )}
        <Box sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {t('goal.save')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
