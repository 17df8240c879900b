/**
 * What a provider (OPP) mandate's status word means for us — the one place that says it. The public
 * sources disagree on the words (docs/sandbox-checklist.md, Mandates): one SDK lists `created`,
 * `pending`, `completed`, `revoked`; another source `created → authorized → active`.
 *
 * - `usable`: the payer approved the mandate and it may be charged. For a `payment` mandate (ours)
 *   the approval IS its first payment, so each of these words also says that payment was made:
 *   `completed`; `active`; and `authorized`, which comes between the payer's approval and `active`.
 *   `authorized` is counted usable on purpose: the first debit is sent a month after the first
 *   payment at the earliest, and if the provider did refuse it then, that debit fails and is retried
 *   as any failed debit — whereas counting it "waiting" would expire a paid month after a day and
 *   ask the tipper to pay again.
 * - `waiting`: made, the payer has not approved it (yet): `created`, `pending`.
 * - `dead`: it can be neither approved nor charged any more: `revoked`, `cancelled`, `expired`,
 *   `failed`, `rejected`.
 * - `unknown`: any other word. Neither usable nor dead as far as we know, so a person decides
 *   (recurring-tips.mandate.ts holds the monthly tip for them).
 */
export type OppMandateState = 'usable' | 'waiting' | 'dead' | 'unknown';

const STATE_OF_WORD: Readonly<Record<string, Exclude<OppMandateState, 'unknown'>>> = {
  created: 'waiting',
  pending: 'waiting',
  authorized: 'usable',
  active: 'usable',
  completed: 'usable',
  revoked: 'dead',
  cancelled: 'dead',
  expired: 'dead',
  failed: 'dead',
  rejected: 'dead',
};

export function mandateState(status: string | null | undefined): OppMandateState {
  return (status && Object.hasOwn(STATE_OF_WORD, status) && STATE_OF_WORD[status]) || 'unknown';
}

/** Whether this file knows the word (the client reports one it does not). */
export function isKnownMandateStatus(status: string): boolean {
  return mandateState(status) !== 'unknown';
}
