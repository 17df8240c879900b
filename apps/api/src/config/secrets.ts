import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSecrets } from '../db/schema/index.js';
import { type Config, configWith, type SharedSecretName } from './env.js';

/**
 * Development secrets (JWT signing key, notification secret) that the environment did not set:
 * generated ONCE per database and read back by every process on it, so two app servers (or a
 * restart) sign and verify alike — before, each process invented its own and refused the other's
 * notifications. Production never gets here: loadConfig requires the variables there.
 */
export async function resolveSharedSecrets(config: Config, db: Db): Promise<Config> {
  const kept: Partial<Record<SharedSecretName, string>> = {};
  for (const name of config.generatedSecrets) {
    const key = name.toLowerCase();
    await db
      .insert(appSecrets)
      .values({ name: key, value: randomBytes(32).toString('hex') })
      .onConflictDoNothing();
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, key));
    kept[name] = row!.value;
  }
  // The configuration the app runs with: the loaded one and the secrets its database keeps.
  return config.generatedSecrets.length > 0 ? configWith(config, kept) : config;
}
