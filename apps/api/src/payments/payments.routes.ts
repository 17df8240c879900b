import {
  ErrorCode,
  listQuerySchema,
  listResponseSchema,
  MoneyCheckRunSchema,
  type MoneyViolation,
  PaymentIncidentSchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../lib/access.js';
import { AppError } from '../lib/app-error.js';
import { ErrorBodySchema, errors } from '../lib/http.js';
import { scanJson, tooDeep } from '../lib/json-scan.js';
import { windowOf } from '../lib/list-query.js';
import { lastMoneyCheckRun, listIncidents } from './incidents.js';
import type { PaymentLedger, PaymentsContext } from './ledger.js';
import { handleNotification } from './payments.notifications.js';

const uidText = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);
const optionalText = (max: number) => z.string().trim().min(1).max(max).optional();

/**
 * An OPP notification (docs/provider.md §4), as JSON or form fields: a poke naming one object. Only the
 * object's uid is required; its type may be left to the uid's prefix, and nothing in it is trusted —
 * the object is read back from the provider.
 */
const OppNotificationSchema = z.object({
  uid: optionalText(100),
  type: optionalText(100),
  created: z.union([z.number(), z.string()]).optional(),
  object_uid: uidText,
  object_type: optionalText(50),
  object_url: optionalText(500),
  parent_uid: uidText.nullish(),
  parent_type: optionalText(50).nullable(),
  verification_hash: optionalText(200),
});

/** The body exactly as it came (the header signature scheme covers these bytes), per request. */
const rawBodies = new WeakMap<object, string>();

/** A notification body, JSON or form-encoded, whatever content type it is labelled with. */
function parseNotificationBody(raw: string): unknown {
  const text = raw.trim();
  if (text.startsWith('{')) {
    // As every other JSON body (plugins/input-guard.ts): no deeper than the API reads.
    if (scanJson(text).tooDeep) throw tooDeep();
    try {
      return JSON.parse(text);
    } catch {
      throw new AppError(ErrorCode.Validation, 'The notification body is not valid JSON');
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export const paymentsRoutes: FastifyPluginAsyncZod<{ ctx: PaymentsContext; ledger: PaymentLedger }> = async (
  app,
  { ctx, ledger },
) => {
  // In this plugin only: every body is kept as received and parsed here (JSON or form fields).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 32 * 1024 }, (request, body, done) => {
    rawBodies.set(request.raw, String(body));
    try {
      done(null, parseNotificationBody(String(body)));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  app.post(
    '/payments/opp/notify',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Webhook of the payment provider (OPP), JSON or form-encoded. A poke: the named object is re-read from the provider (at most once per object per OPP_NOTIFY_REREAD_MS); the signature (OPP_NOTIFY_SCHEME) is checked and a mismatch logged; idempotent.',
        body: OppNotificationSchema,
        response: {
          200: z.object({ result: z.enum(['applied', 'duplicate', 'ignored']) }),
          400: errors[400],
          429: ErrorBodySchema,
          502: ErrorBodySchema,
        },
      },
    },
    async (request) => ({
      result: await handleNotification(ctx, ledger, {
        fields: request.body,
        rawBody: rawBodies.get(request.raw) ?? '',
        headers: request.headers,
        method: request.method,
        target: request.url,
      }),
    }),
  );

  app.get(
    '/payments/incidents',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Money incidents (a month collected twice and its automatic refund; a provider answer naming another amount than we asked; a provider that gave back more than a payment; a monthly tip held on a mandate status word we do not know), newest first (ADMIN)',
        querystring: listQuerySchema(['created'] as const),
        response: {
          200: listResponseSchema(PaymentIncidentSchema),
          400: errors[400],
          401: errors[401],
          403: errors[403],
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { rows, count } = await listIncidents(ctx.db, windowOf(request.query));
      return {
        data: rows.map(({ incident, oppUid, tipjarId, tipjarName, tipId, recurringTipId, period }) => ({
          id: incident.id,
          kind: incident.kind,
          ownerKind: incident.ownerKind,
          ownerId: incident.ownerId,
          amount: incident.amount,
          tipjar: tipjarId && tipjarName !== null ? { id: tipjarId, name: tipjarName } : null,
          tipId,
          recurringTipId,
          period,
          oppTransactionUid: oppUid,
          refundUid: incident.refundUid,
          refundStatus: incident.refundStatus,
          lastError: incident.lastError,
          providerStatus: incident.providerStatus,
          created: incident.created.toISOString(),
        })),
        metadata: { count },
      };
    },
  );

  app.get(
    '/payments/moneycheck',
    {
      schema: {
        tags: ['payments'],
        summary:
          'The last run of the standing money check: `violations` is the metric to alert on (> 0), `details` lists them (ADMIN)',
        response: {
          200: MoneyCheckRunSchema,
          401: errors[401],
          403: errors[403],
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const run = await lastMoneyCheckRun(ctx.db);
      return {
        ran: run?.created.toISOString() ?? null,
        violations: run?.violations ?? 0,
        durationMs: run?.durationMs ?? null,
        coverage: run?.coverage ?? null,
        details: (run?.details ?? []) as MoneyViolation[],
      };
    },
  );
};
