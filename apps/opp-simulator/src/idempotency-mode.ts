/**
 * How the simulated provider treats an Idempotency-Key it has seen before — unknown for the real OPP
 * (docs/provider.md §12, docs/sandbox-checklist.md), so the API is tested against all three answers:
 * - `replay` (default): the same key answers the object the first request made;
 * - `ignore`: the key means nothing, every request creates (a re-sent create is a second payment);
 * - `reject`: a key already used is refused with KEY_REUSED (the object it made is not answered).
 * A request while the first with its key is still in flight is a 409 in every mode but `ignore`.
 */
export type SimIdempotencyMode = 'replay' | 'ignore' | 'reject';
export const SIM_IDEMPOTENCY_MODES: readonly SimIdempotencyMode[] = ['replay', 'ignore', 'reject'];

/** What a `reject` provider answers for a reused key: assumed 422 with a message naming the key. */
export const KEY_REUSED = { status: 422, message: 'This Idempotency-Key has already been used' } as const;
