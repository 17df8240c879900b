/*
 * How the charge run walks its work indexes (decision 042): a step takes its rows BATCH at a time,
 * each batch from where the one before ended, and stops after MAX_BATCHES batches whatever is left.
 */

/** Rows per batch of every step (pre-notifications, late tries, claim, lease). */
export const BATCH = 100;
/** A run ends after this many batches per step (a million months), whatever is left. */
export const MAX_BATCHES = 10_000;

/**
 * Where a walk over a work index stands (decision 042): the key of the last row it took — its due
 * time as exact UTC text (microseconds; a Date would round to milliseconds) and its id. The claim and
 * the lease walk their index forward from here instead of from its start, so a batch never reads the
 * index entries of the rows earlier batches of the run already took (dead until vacuumed, and in
 * posting lists PostgreSQL cannot mark dead while one of their rows lives).
 */
export interface WalkCursor {
  at: string;
  id: string;
}

/** The furthest of rows' walk keys (time text, then id: both sort as PostgreSQL orders them). */
export function lastWalkKey(rows: { walkAt: string; id: string }[], from?: WalkCursor): WalkCursor | undefined {
  let last = from;
  for (const row of rows) {
    if (!last || row.walkAt > last.at || (row.walkAt === last.at && row.id > last.id)) {
      last = { at: row.walkAt, id: row.id };
    }
  }
  return last;
}

/**
 * How a walk over a work index goes on after a batch that began `after` the cursor and took `rows`
 * (decision 042). The claim and the lease take their batches in index order, each from where the
 * previous one ended: a batch read from the index's start would read the entries of every row the
 * run already took (their dead versions stay in the index until a vacuum, and in a posting list
 * PostgreSQL cannot mark them dead while one of its rows lives): O(months) per batch. A full batch
 * goes on from its last row. A short batch ends the walk: if it began at the start it read the
 * whole index and the run is done, as before; else one more walk starts from the start, for rows
 * that became due behind the cursor meanwhile (a lease ran out, a row another transaction held was
 * let go) — normally a single batch that finds nothing, reading the index once.
 */
export function nextWalk(
  after: WalkCursor | undefined,
  rows: { walkAt: string; id: string }[],
): { isDone: boolean; cursor: WalkCursor | undefined } {
  if (rows.length >= BATCH) return { isDone: false, cursor: lastWalkKey(rows, after) };
  return { isDone: after === undefined, cursor: undefined };
}
