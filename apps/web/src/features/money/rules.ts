import { MONEY_CHECK_EVERY_MS, type MoneyCheckRun, type PaymentIncident } from '@podpot/domain';
import type { TableState } from '@/components/data-table';

/** The incidents' list: newest first (the API's only order), 25 a page as the other admin lists. */
export const DEFAULT_INCIDENTS_TABLE_STATE: TableState = { page: 1, itemsPerPage: 25 };

/**
 * How the money check stands, as an admin must read it at a glance:
 * attention — the last run found violations (whatever its age);
 * never — no run is stored (jobs off, or a fresh start within the first hour);
 * late — the last run found nothing but is older than two of the job's hours: a run was missed, so
 *        the "nothing found" is no longer news;
 * ok — a recent run found nothing.
 */
export type MoneyCheckState = 'attention' | 'never' | 'late' | 'ok';

/** Two hourly runs missed in a row is more than a slow run. */
export const LATE_AFTER_MS = 2 * MONEY_CHECK_EVERY_MS;

export function moneyCheckStateOf(run: Pick<MoneyCheckRun, 'ran' | 'violations'>, now: Date): MoneyCheckState {
  if (run.violations > 0) return 'attention';
  if (!run.ran) return 'never';
  return now.getTime() - new Date(run.ran).getTime() > LATE_AFTER_MS ? 'late' : 'ok';
}

/** What an incident's owner opens on the admin page: the tip, or the monthly tip of a month. */
export type IncidentOwnerTarget = { kind: 'tip'; id: string } | { kind: 'recurringTip'; id: string };

export function ownerTargetOf(
  incident: Pick<PaymentIncident, 'ownerKind' | 'tipId' | 'recurringTipId'>,
): IncidentOwnerTarget | undefined {
  if (incident.ownerKind === 'tip' && incident.tipId) return { kind: 'tip', id: incident.tipId };
  if (incident.ownerKind === 'recurring_charge' && incident.recurringTipId) {
    return { kind: 'recurringTip', id: incident.recurringTipId };
  }
  return undefined;
}
