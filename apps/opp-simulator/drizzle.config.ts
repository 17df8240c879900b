import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
  // The simulator's own record of applied migrations (src/migrate.ts), apart from the API's.
  migrations: { schema: 'drizzle', table: '__opp_simulator_migrations' },
});
