/**
 * True for a PostgreSQL unique violation (23505), optionally of one named constraint. Drizzle may
 * wrap the driver's error, so the code is looked for on the error and on its cause; PGlite may not
 * name the constraint, in which case any unique violation matches.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const name = e?.constraint ?? e?.cause?.constraint;
  return code === '23505' && (!constraint || name === undefined || name === constraint);
}

/** True for a PostgreSQL foreign-key violation (23503): e.g. an id of a row that does not exist. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e?.code ?? e?.cause?.code) === '23503';
}
