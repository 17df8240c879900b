import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.js';
import type { Db } from './db/client.js';
import type { Mailer } from './lib/mailer.js';
import type { OppClient } from './payments/opp-client.js';
import type { PaymentLedger } from './payments/payments.service.js';

/** What services need from the outside world; built once in app.ts and passed down. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  opp: OppClient;
  /** Who reacts to payments and provider notifications (wired in app.ts). */
  payments: PaymentLedger;
  log: FastifyBaseLogger;
}

/** Who is asking: null for anonymous. */
export interface Actor {
  userId: string;
  role: 'ADMIN' | 'USER';
}
