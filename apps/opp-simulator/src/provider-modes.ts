/**
 * Where the public evidence on OPP's answers disagrees (docs/sandbox-checklist.md), the simulator can
 * play each answer, so the API is tested against both. `optimistic` is what our first reading assumed;
 * `pessimistic` the answer that would hurt us most if we did not expect it. The simulator plays the
 * pessimistic side unless told otherwise (SIM_PROVIDER=optimistic); a test may switch one mode.
 */
export interface SimProviderModes {
  /**
   * A transaction's status after a partial refund: `when-full` (it stays `completed` until all of it
   * is refunded) or `after-any` (one source lists `refunded` as "refund initiated": any refund).
   */
  refundedStatus: 'when-full' | 'after-any';
  /**
   * A refund's life: `instant` (answered `completed`, `paid` set) or `created-first` (answered `created`
   * with `paid: null`, as recorded; it completes — or fails — later, seen on a read of the refunds).
   */
  refunds: 'instant' | 'created-first';
  /**
   * Whether transactions and mandates echo our `reference` and lists honour the filters we add beyond
   * status and e-mail address (`filter[reference]`, `filter[created]`, `order[]`): `echoed`, or
   * `dropped` (no recorded answer shows `reference`; unknown filters are ignored, the list comes whole).
   */
  references: 'echoed' | 'dropped';
  /** Whether a merchant's answer carries its `emailaddress` (`echoed`) or not (`omitted`: none recorded does). */
  merchantEmail: 'echoed' | 'omitted';
  /**
   * What `POST /merchants/{uid}/migrate` answers: the merchant as it now is (`business`), or as the one
   * recorded answer shows it (`consumer`: `type` still consumer, its compliance unchanged, only the
   * CoC number new), while a later read shows the business merchant with its new requirements.
   */
  migrateAnswer: 'business' | 'consumer';
  /**
   * A mandate's status words. `completed` (one SDK's list): `created`, then `completed` once its first
   * payment is made. `active` (another source's `created → authorized → active`): `authorized` once its
   * first payment is made — for a `payment` mandate that payment is the payer's approval — and `active`
   * from the first read by uid after that: that read still answers `authorized` and the change to
   * `active` is notified, so a client meets both words. An imported mandate is usable at once
   * (`completed` or `active`). Either way a charge is accepted once the first payment is made, and a
   * revoke answers `revoked` (no source names the second vocabulary's end word).
   */
  mandateWords: 'completed' | 'active';
  /**
   * Where a mandate names its checkout (its first payment's page): `redirect_url` (one SDK's answer) or
   * `mandate_url` (another SDK's mandate object); never both. An imported mandate names none.
   */
  mandateLink: 'redirect_url' | 'mandate_url';
  /** How an expanded `specifications` comes on a settlement: a list, `{ data: [...] }`, or one object. */
  specifications: 'list' | 'data' | 'object';
}

export type SimProviderProfile = 'optimistic' | 'pessimistic';
export const SIM_PROVIDER_PROFILES: readonly SimProviderProfile[] = ['optimistic', 'pessimistic'];

const PROFILES: Record<SimProviderProfile, SimProviderModes> = {
  optimistic: {
    refundedStatus: 'when-full',
    refunds: 'instant',
    references: 'echoed',
    merchantEmail: 'echoed',
    migrateAnswer: 'business',
    mandateWords: 'completed',
    mandateLink: 'redirect_url',
    specifications: 'list',
  },
  pessimistic: {
    refundedStatus: 'after-any',
    refunds: 'created-first',
    references: 'dropped',
    merchantEmail: 'omitted',
    migrateAnswer: 'consumer',
    mandateWords: 'active',
    mandateLink: 'mandate_url',
    specifications: 'data',
  },
};

/** The modes of a profile (a fresh object: a test may change one mode without touching the profile). */
export function providerModes(profile: SimProviderProfile = 'pessimistic'): SimProviderModes {
  return { ...PROFILES[profile] };
}

export function isProviderProfile(value: unknown): value is SimProviderProfile {
  return typeof value === 'string' && (SIM_PROVIDER_PROFILES as readonly string[]).includes(value);
}
