import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderCheckoutPage, renderVerifyPage } from './checkout-page.js';
import { installFaultHooks } from './faults.js';
import type { SimulatorHost } from './host.js';
import { listEnvelope, listPageOf } from './lists.js';
import { SimError } from './sim-errors.js';
import type { OppSimulator } from './simulator.js';
import { SIM_IDEAL_ISSUERS, SIM_OUTCOMES, type SimOutcome } from './transactions.js';
import { newUid } from './values.js';

type Body = Record<string, unknown>;
type Params = { uid: string };

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Bearer <key>, or HTTP Basic with the key as user name (both work at OPP). */
function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer?.[1]) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic?.[1]) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] ?? null;
  return null;
}

function oppError(reply: FastifyReply, status: number, message: string, parameters?: Record<string, string[]>) {
  return reply.status(status).send({ error: { code: status, message, ...(parameters ? { parameters } : {}) } });
}

function body(request: FastifyRequest): Body {
  return request.body && typeof request.body === 'object' ? (request.body as Body) : {};
}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/**
 * The extended filter `filter[created][name]=created&filter[created][operand]=gte&filter[created][value]=N`
 * (Unix seconds) and `order[]=created`, as OPP's list documentation describes them (unconfirmed:
 * docs/sandbox-checklist.md, lists). Other operands are not simulated: the filter is left off, as a
 * provider that ignored it would.
 */
function createdWindow(q: Record<string, string | undefined>): { createdFrom?: number; oldestFirst?: boolean } {
  const from = Number(q['filter[created][value]']);
  const window: { createdFrom?: number; oldestFirst?: boolean } = {};
  if (q['filter[created][operand]'] === 'gte' && Number.isInteger(from)) window.createdFrom = from;
  if (q['order[]'] === 'created') window.oldestFirst = true;
  return window;
}

/** The simulated OPP REST API under /sim/opp/v1 (same shapes as docs/provider.md). */
export function simApiRoutes(sim: OppSimulator, host: SimulatorHost, exposeTestRoutes: boolean) {
  return async (api: FastifyInstance) => {
    api.addHook('onRequest', async (request, reply) => {
      const key = apiKeyOf(request);
      if (!key || !sameSecret(key, host.settings().apiKey)) {
        return oppError(reply, 401, 'Invalid or missing API key');
      }
    });
    if (sim.faults) installFaultHooks(api, sim.faults, oppError);
    api.setErrorHandler((err: Error & { statusCode?: number }, _request, reply) => {
      if (err instanceof SimError) return oppError(reply, err.status, err.message, err.parameters);
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) host.log.error({ err }, 'simulator error');
      return oppError(reply, status, status === 500 ? 'Internal error' : err.message);
    });
    api.setNotFoundHandler((request, reply) =>
      oppError(reply, 404, `No such endpoint ${request.method} ${request.url}`),
    );

    const page = (request: FastifyRequest) => {
      const q = request.query as Record<string, string | undefined>;
      return {
        page: Number(q.page) || undefined,
        perpage: Number(q.perpage) || undefined,
        status: q['filter[status]'],
      };
    };

    // Creates answer 200 with the object, as OPP's recorded answers do (docs/provider.md §12).
    api.post('/transactions', async (request) =>
      sim.idempotent('transactions', idempotencyKey(request), newUid('tra'), (uid, resumed) =>
        sim.createTransaction(body(request), { uid, unused: !resumed }),
      ),
    );
    api.get('/transactions', async (request) => {
      const q = request.query as Record<string, string | undefined>;
      return sim.listTransactions({ ...page(request), reference: q['filter[reference]'], ...createdWindow(q) });
    });
    api.get<{ Params: Params }>('/transactions/:uid', async (request) => sim.getTransaction(request.params.uid));

    api.post<{ Params: Params }>('/transactions/:uid/refunds', async (request) =>
      sim.idempotent(`refunds:${request.params.uid}`, idempotencyKey(request), newUid('ref'), (uid) =>
        sim.createRefund(request.params.uid, body(request), uid),
      ),
    );
    api.get<{ Params: Params }>('/transactions/:uid/refunds', async (request) => {
      const data = await sim.listRefunds(request.params.uid);
      return listEnvelope(`/v1/transactions/${request.params.uid}/refunds`, data, data.length, 1, 100);
    });

    // A merchant is answered as the provider answers it (sim.merchantAnswer: with or without its address).
    api.post('/merchants', async (request) =>
      sim.merchantAnswer(
        await sim.idempotent('merchants', idempotencyKey(request), newUid('mer'), (uid) =>
          sim.createMerchant(body(request), uid),
        ),
      ),
    );
    api.get('/merchants', async (request) => {
      const q = request.query as Record<string, string | undefined>;
      return sim.listMerchants({ ...page(request), emailaddress: q['filter[emailaddress]'] });
    });
    api.get<{ Params: Params }>('/merchants/:uid', async (request) =>
      sim.merchantAnswer(await sim.getMerchant(request.params.uid)),
    );
    api.post<{ Params: Params }>('/merchants/:uid', async (request) =>
      sim.merchantAnswer(await sim.updateMerchant(request.params.uid, body(request))),
    );
    api.post<{ Params: Params }>('/merchants/:uid/migrate', async (request) =>
      sim.merchantAnswer(
        await sim.idempotent(`migrate:${request.params.uid}`, idempotencyKey(request), request.params.uid, () =>
          sim.migrateMerchant(request.params.uid, body(request)),
        ),
      ),
    );
    api.get<{ Params: Params }>('/merchants/:uid/bank_accounts', async (request) => {
      const data = await sim.listBankAccounts(request.params.uid);
      return listEnvelope(`/v1/merchants/${request.params.uid}/bank_accounts`, data, data.length, 1, 100);
    });
    api.post<{ Params: Params }>('/merchants/:uid/bank_accounts', async (request) =>
      sim.idempotent(`bank_accounts:${request.params.uid}`, idempotencyKey(request), newUid('bnk'), (uid) =>
        sim.createBankAccount(request.params.uid, body(request), uid),
      ),
    );
    api.get<{ Params: Params }>('/merchants/:uid/settlements', async (request) => {
      const data = await sim.settlements(request.params.uid);
      return listPageOf(`/v1/merchants/${request.params.uid}/settlements`, data, page(request), sim.settlementsPerPage);
    });
    api.get<{ Params: { uid: string; specUid: string } }>(
      '/settlements/:uid/specifications/:specUid/rows',
      async (request) => {
        const { uid, specUid } = request.params;
        const data = await sim.settlementRows(uid, specUid);
        const url = `/v1/settlements/${uid}/specifications/${specUid}/rows`;
        return listPageOf(url, data, page(request), sim.settlementsPerPage);
      },
    );

    api.get('/ideal_issuers', async () => ({ data: SIM_IDEAL_ISSUERS }));

    api.post('/mandates', async (request) =>
      sim.idempotent('mandates', idempotencyKey(request), newUid('mdt'), (uid) =>
        sim.createMandate(body(request), uid),
      ),
    );
    api.get('/mandates', async (request) => {
      const q = request.query as Record<string, string | undefined>;
      return sim.listMandates({ ...page(request), reference: q['filter[reference]'] });
    });
    api.get<{ Params: Params }>('/mandates/:uid', async (request) => sim.getMandate(request.params.uid));
    api.delete<{ Params: Params }>('/mandates/:uid', async (request) => sim.revokeMandate(request.params.uid));
    api.post<{ Params: Params }>('/mandates/:uid/transactions', async (request) =>
      sim.idempotent(`mandate_transactions:${request.params.uid}`, idempotencyKey(request), newUid('tra'), (uid) =>
        sim.createMandateTransaction(request.params.uid, body(request), uid),
      ),
    );

    if (exposeTestRoutes) {
      // Lets tests and developers finish a payment without a browser. Never in production.
      api.post<{ Params: Params }>('/_test/transactions/:uid/outcome', async (request) => {
        const { outcome, notify } = body(request);
        if (!SIM_OUTCOMES.includes(outcome as SimOutcome)) {
          throw new SimError(400, `outcome must be one of ${SIM_OUTCOMES.join(', ')}`);
        }
        return sim.chooseOutcome(request.params.uid, outcome as SimOutcome, { notify: notify !== false });
      });
    }
  };
}

/** The hosted checkout page at /sim/checkout/:uid, where a person picks the outcome. */
export function simCheckoutRoutes(sim: OppSimulator) {
  return async (app: FastifyInstance) => {
    const view = async (uid: string) => {
      const transaction = await sim.getTransaction(uid);
      const merchant = await sim.getMerchant(String(transaction.merchant_uid)).catch(() => undefined);
      return {
        uid,
        locale: String(transaction.locale ?? 'en'),
        amount: Number(transaction.amount),
        merchantName: String(merchant?.name ?? merchant?.emailaddress ?? transaction.merchant_uid),
        paymentMethod: (transaction.payment_method as string | null) ?? null,
        status: String(transaction.status),
        returnUrl: (transaction.return_url as string | null) ?? null,
      };
    };
    const notFound = (reply: FastifyReply) =>
      reply
        .status(404)
        .type('text/html')
        .send('<!doctype html><html lang="en"><title>Not found</title><p>Unknown payment.</p></html>');

    app.get<{ Params: Params }>('/sim/checkout/:uid', async (request, reply) => {
      try {
        await sim.visitCheckout(request.params.uid);
        return reply
          .type('text/html')
          .header('cache-control', 'no-store')
          .send(renderCheckoutPage(await view(request.params.uid)));
      } catch (err) {
        if (err instanceof SimError && err.status === 404) return notFound(reply);
        throw err;
      }
    });

    app.post<{ Params: Params }>('/sim/checkout/:uid', async (request, reply) => {
      const outcome = (request.body as Body | undefined)?.outcome;
      if (!SIM_OUTCOMES.includes(outcome as SimOutcome)) {
        return reply
          .status(400)
          .type('text/html')
          .send('<!doctype html><html lang="en"><title>Bad request</title><p>Choose an outcome.</p></html>');
      }
      try {
        const transaction = await sim.chooseOutcome(request.params.uid, outcome as SimOutcome);
        const back =
          typeof transaction.return_url === 'string' ? transaction.return_url : `/sim/checkout/${transaction.uid}`;
        return reply.status(303).header('location', back).send();
      } catch (err) {
        if (err instanceof SimError && err.status === 404) return notFound(reply);
        throw err;
      }
    });
  };
}

/** The provider's hosted verification (KYC) page at /sim/verify/:merchantUid: approve or refuse. */
export function simVerifyRoutes(sim: OppSimulator) {
  return async (app: FastifyInstance) => {
    const notFound = (reply: FastifyReply) =>
      reply
        .status(404)
        .type('text/html')
        .send('<!doctype html><html lang="en"><title>Not found</title><p>Unknown merchant.</p></html>');

    app.get<{ Params: Params }>('/sim/verify/:uid', async (request, reply) => {
      try {
        const merchant = await sim.getMerchant(request.params.uid);
        return reply.type('text/html').header('cache-control', 'no-store').send(renderVerifyPage(merchant));
      } catch (err) {
        if (err instanceof SimError && err.status === 404) return notFound(reply);
        throw err;
      }
    });

    app.post<{ Params: Params }>('/sim/verify/:uid', async (request, reply) => {
      const outcome = (request.body as Body | undefined)?.outcome;
      if (outcome !== 'approve' && outcome !== 'disapprove') {
        return reply
          .status(400)
          .type('text/html')
          .send('<!doctype html><html lang="en"><title>Bad request</title><p>Choose an outcome.</p></html>');
      }
      try {
        const merchant = await sim.verifyMerchant(request.params.uid, outcome);
        const back = typeof merchant.return_url === 'string' ? merchant.return_url : `/sim/verify/${merchant.uid}`;
        return reply.status(303).header('location', back).send();
      } catch (err) {
        if (err instanceof SimError && err.status === 404) return notFound(reply);
        throw err;
      }
    });
  };
}
