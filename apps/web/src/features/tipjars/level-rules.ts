import {
  type FieldError,
  issuesToFields,
  type Level,
  type PutLevelsBody,
  PutLevelsBodySchema,
  parseEuroToCents,
} from '@podpot/domain';

/** One row of the levels editor as typed: the amount is text in euros until it is saved. */
export interface LevelRow {
  /** A stable React key; the level's id once it is saved. */
  key: string;
  id?: string;
  amount: string;
  name: string;
  perk: string;
  unlocksFeed: boolean;
}

let newRows = 0;

export function rowOf(level: Level, formatAmount: (cents: number) => string): LevelRow {
  return {
    key: level.id,
    id: level.id,
    amount: formatAmount(level.amount),
    name: level.name,
    perk: level.perk,
    unlocksFeed: level.unlocksFeed,
  };
}

export function emptyRow(): LevelRow {
  newRows += 1;
  return { key: `new-${newRows}`, amount: '', name: '', perk: '', unlocksFeed: false };
}

/** The rows as PUT tipjars/{id}/levels takes them; an amount that cannot be read is NaN (the schema names it). */
export function levelsInput(rows: readonly LevelRow[]): PutLevelsBody['data'] {
  return rows.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    amount: parseEuroToCents(row.amount) ?? Number.NaN,
    name: row.name,
    perk: row.perk,
    unlocksFeed: row.unlocksFeed,
  }));
}

/**
 * The domain's rule on the typed rows (the API applies the same): field errors by path, as the API
 * names them (`data.1.amount`, `data` for too many); empty when the rows may be saved.
 */
export function levelErrors(rows: readonly LevelRow[]): Record<string, FieldError> {
  const result = PutLevelsBodySchema.safeParse({ data: levelsInput(rows) });
  return result.success ? {} : issuesToFields(result.error.issues);
}
