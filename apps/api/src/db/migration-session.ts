/** What a migrator needs of its one connection: a raw statement and its rows (pg's client and PGlite alike). */
export interface MigrationSession {
  query<T>(text: string): Promise<{ rows: T[] }>;
}
