import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import type { SimDb } from '../src/host.js';
import { isProviderProfile, type OppSimulator, registerOppSimulator, SIM_API_PREFIX } from '../src/index.js';

/**
 * The simulator on its own, as a provider a client talks to over HTTP: its app on 127.0.0.1, a fresh
 * database (an in-memory PGlite; with TEST_DB=pg a PostgreSQL database of its own, dropped at close),
 * the provider side SIM_PROVIDER names, and a receiver at /notify that takes every notification.
 */
export interface SimApp {
  baseUrl: string;
  sim: OppSimulator;
  /** What simulatePayment(key, …) and the other helpers take. */
  key: object;
  db: SimDb;
  apiKey: string;
  notifySecret: string;
  /** Where objects made here send their notifications (the receiver). */
  notifyUrl: string;
  /** The notifications the receiver took, in order. */
  received: Record<string, unknown>[];
  /** One request to the simulated API with our key (a POST with an Idempotency-Key of its own unless `key`). */
  provider(method: string, path: string, body?: unknown, key?: string): Promise<{ status: number; body: Json }>;
  rows<T>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: tests inspect the provider's arbitrary JSON
export type Json = Record<string, any>;

const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function openDb(): Promise<{ db: SimDb; close(): Promise<void> }> {
  if (process.env.TEST_DB !== 'pg') {
    const client = new PGlite();
    return { db: drizzlePglite(client, { casing: 'snake_case' }) as unknown as SimDb, close: () => client.close() };
  }
  const name = `sim_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  return {
    db: drizzleNodePg(pool, { casing: 'snake_case' }) as unknown as SimDb,
    async close() {
      await pool.end();
      const again = new pg.Client({ connectionString: adminUrl() });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

let requests = 0;

export async function startSimApp(): Promise<SimApp> {
  const database = await openDb();
  const apiKey = randomBytes(16).toString('hex');
  const notifySecret = randomBytes(16).toString('hex');
  const received: Record<string, unknown>[] = [];
  const app = Fastify({ logger: false });
  app.post('/notify', async (request) => {
    received.push(request.body as Record<string, unknown>);
    return { ok: true };
  });
  let baseUrl = '';
  const { SIM_PROVIDER } = process.env;
  const key = {};
  const sim = await registerOppSimulator(app, {
    key,
    db: database.db,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    // Read on every use: the port is known once the app listens.
    settings: () => ({ apiKey, notifySecret, publicUrl: baseUrl, apiBase: `${baseUrl}${SIM_API_PREFIX}` }),
    exposeTestRoutes: true,
    retryBaseMs: 20,
    provider: isProviderProfile(SIM_PROVIDER) ? SIM_PROVIDER : undefined,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function provider(method: string, path: string, body?: unknown, idempotencyKey?: string) {
    const res = await fetch(`${baseUrl}${SIM_API_PREFIX}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body
          ? {
              'content-type': 'application/json',
              'idempotency-key': idempotencyKey ?? `sim-test-${++requests}-${Date.now()}`,
            }
          : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Json };
  }

  return {
    baseUrl,
    sim,
    key,
    db: database.db,
    apiKey,
    notifySecret,
    notifyUrl: `${baseUrl}/notify`,
    received,
    provider,
    async rows<T>(query: SQL) {
      const result = await database.db.execute(query);
      return (result as unknown as { rows: T[] }).rows;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A consumer merchant at the simulator, made as our client makes one: its uid. */
export async function makeMerchant(s: SimApp, name: string): Promise<string> {
  const { status, body } = await s.provider('POST', '/merchants', {
    type: 'consumer',
    country: 'nld',
    emailaddress: `${name}-${Date.now()}@example.test`,
    notify_url: s.notifyUrl,
  });
  if (status !== 200) throw new Error(`the simulator made no merchant: ${status} ${JSON.stringify(body)}`);
  return body.uid as string;
}

export { sql };
