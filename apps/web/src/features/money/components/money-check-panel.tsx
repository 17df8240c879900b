import {
  Alert,
  AlertTitle,
  Box,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  MONEY_CHECK_INVARIANTS,
  type MoneyCheckInvariant,
  type MoneyCheckRun,
  type MoneyViolation,
} from '@podpot/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList } from '@/components/fact-list';
import { type MoneyCheckState, moneyCheckStateOf } from '@/features/money/rules';
import { formatTimeAgo, useFormat } from '@/lib/format';
import { usePhone } from '@/lib/use-phone';

const SEVERITY = { ok: 'success', attention: 'error', never: 'info', late: 'warning' } as const;

/** A rule of the check by its name ('totals-agree' → 'Totals agree'); a name we do not know as it is. */
function useRuleName() {
  const { t } = useTranslation('money');
  return (invariant: string) =>
    (MONEY_CHECK_INVARIANTS as readonly string[]).includes(invariant)
      ? t(`check.rules.${invariant as MoneyCheckInvariant}`)
      : invariant;
}

/** One problem on a phone: the rule's name and code, then about what and why. */
function ViolationItem({
  violation,
  ruleName,
}: {
  violation: MoneyViolation;
  ruleName: (invariant: string) => string;
}) {
  return (
    <Box component="li" data-testid="money-violation" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 600 }}>{ruleName(violation.invariant)}</Typography>
      <RuleCode invariant={violation.invariant} />
      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {violation.subject}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {violation.detail}
      </Typography>
    </Box>
  );
}

/** A rule's code, as the logs and docs/money-check.md write it. */
function RuleCode({ invariant }: { invariant: string }) {
  return (
    <Typography variant="caption" component="div" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
      {invariant}
    </Typography>
  );
}

/** The problems of the last run: the rule each breaks (its name and its code, as the logs write it), about what, why. */
function ViolationsTable({ run }: { run: MoneyCheckRun }) {
  const { t } = useTranslation('money');
  const format = useFormat();
  const ruleName = useRuleName();
  const phone = usePhone();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('check.details')}
      </Typography>
      {phone ? (
        // A phone has no room for three columns of long words: one problem under the other.
        // Focusable: a long run's problems scroll in their own box, a keyboard must reach them.
        <Box
          component="ul"
          aria-label={t('check.details')}
          tabIndex={0}
          sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 480, overflowY: 'auto' }}
        >
          {run.details.map((violation, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a run's problems have no id; their order is the run's
            <ViolationItem key={i} violation={violation} ruleName={ruleName} />
          ))}
        </Box>
      ) : (
        <TableContainer tabIndex={0} sx={{ maxHeight: 480 }}>
          <Table size="small" stickyHeader aria-label={t('check.details')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('check.columns.rule')}</TableCell>
                <TableCell>{t('check.columns.subject')}</TableCell>
                <TableCell>{t('check.columns.detail')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {run.details.map((violation, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a run's problems have no id; their order is the run's
                <TableRow key={i} data-testid="money-violation">
                  <TableCell sx={{ minWidth: 140 }}>
                    {ruleName(violation.invariant)}
                    <RuleCode invariant={violation.invariant} />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{violation.subject}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{violation.detail}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {run.details.length < run.violations && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('check.moreThanListed', {
            listed: format.number(run.details.length),
            total: format.number(run.violations),
          })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The last run of the standing money check (docs/money-check.md): its state at a glance (all in
 * order, needs attention, not run yet, out of date), when it ran, what it found, how long it took and
 * how much it compared with the provider, then each problem it found.
 */
export function MoneyCheckPanel({
  run,
  loading,
  error,
  now = new Date(),
}: {
  run: MoneyCheckRun | undefined;
  loading: boolean;
  error: boolean;
  /** The clock the run's age is read against (tests fix it). */
  now?: Date;
}) {
  const { t } = useTranslation(['money', 'common']);
  const format = useFormat();
  const phone = usePhone();
  const state: MoneyCheckState | undefined = run && moneyCheckStateOf(run, now);
  const facts: [string, ReactNode][] =
    run?.ran != null
      ? [
          [
            t('check.ran'),
            t('check.ranAt', { at: format.dateTime(run.ran), ago: formatTimeAgo(run.ran, now, format.locale) }),
          ],
          [t('check.violations'), <span key="violations">{format.number(run.violations)}</span>],
          ...(run.durationMs !== null
            ? [
                [
                  t('check.duration'),
                  t('check.seconds', { seconds: format.number(Math.round(run.durationMs / 100) / 10) }),
                ] as [string, ReactNode],
              ]
            : []),
          [
            t('check.coverage'),
            run.coverage
              ? t('check.coverageText', {
                  compared: format.number(run.coverage.compared),
                  of: format.number(run.coverage.of),
                  count: run.coverage.runs,
                })
              : t('check.noProvider'),
          ],
        ]
      : [];
  return (
    <Paper component="section" aria-labelledby="money-check-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="money-check-title" variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
        {t('check.title')}
      </Typography>
      {loading && !run && <LinearProgress aria-label={t('common:loading')} />}
      {error && <Alert severity="error">{t('check.loadError')}</Alert>}
      {run && state && (
        <>
          <Alert
            severity={SEVERITY[state]}
            role="status"
            data-testid="money-check-state"
            sx={{ mb: facts.length > 0 ? 2 : 0 }}
          >
            <AlertTitle>
              {state === 'attention'
                ? t('check.state.attention', { count: run.violations, n: format.number(run.violations) })
                : t(`check.state.${state}`)}
            </AlertTitle>
            {t(`check.explain.${state}`)}
          </Alert>
          {facts.length > 0 && <FactList facts={facts} stacked={phone} />}
          {run.details.length > 0 && <ViolationsTable run={run} />}
        </>
      )}
    </Paper>
  );
}
