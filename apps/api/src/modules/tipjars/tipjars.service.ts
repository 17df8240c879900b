import {
  artworkPath,
  type CreateTipjarBody,
  type CreateTipjarResponse,
  canTransitionTipjar,
  DEFAULT_LOCALE,
  ErrorCode,
  isReservedSlug,
  isTipjarTippable,
  isValidMobileNumber,
  normalizeFeedUrl,
  normalizePhoneNumber,
  type PublicTipjar,
  type Tipjar,
  type TipjarGoal,
  type UpdateTipjarBody,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isAdmin, loadManagedTipjar } from '../../lib/access.js';
import { signAccessToken } from '../../lib/access-token.js';
import { AppError } from '../../lib/app-error.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import type { ParsedListQuery } from '../../lib/list-query.js';
import { createPublicCache, deepFreeze } from '../../lib/public-cache.js';
import type { PaymentLedger } from '../../payments/ledger.js';
import * as addonsQueries from '../addons/addons.queries.js';
import { addonsOfTipjars, startAddonPayment, toAddon } from '../addons/addons.service.js';
import { changesOf, recordAudit } from '../audit/audit.service.js';
import { type MerchantRow, merchantsOfTipjars, readMerchantOfTipjar } from '../merchants/merchants.queries.js';
import { acceptsTips, toMerchantRef } from '../merchants/merchants.service.js';
import { resolvePaymentChoice } from '../paymentmethods/paymentmethods.service.js';
import { findUserIdByEmail, findUserLocale } from '../users/users.queries.js';
import { registerUser } from '../users/users.service.js';
import type { FeedSaved, StorefrontExtras } from './tipjars.ports.js';
import * as repo from './tipjars.repository.js';

export function toPublicTipjar(row: repo.TipjarRow, merchant: MerchantRow | undefined): PublicTipjar {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    active: row.active,
    type: row.type,
    description: row.description,
    podcastUrl: row.podcastUrl,
    rssUrl: row.rssUrl,
    imageUrl: row.imageUrl,
    artworkUrl: row.artworkId ? artworkPath(row.artworkId) : null,
    feedVerified: row.feedVerifiedAt !== null,
    thankYouMessage: row.thankYouMessage,
    presetAmounts: row.presetAmounts,
    acceptsTips: acceptsTips(merchant),
    goal: goalOf(row),
  };
}

function goalOf(row: repo.TipjarRow): TipjarGoal | null {
  return row.goalKind && row.goalTarget !== null ? { kind: row.goalKind, target: row.goalTarget } : null;
}

/** The storefront's answer: the public tip jar with its goal progress and supporter wall (decision 032). */
async function toStorefrontTipjar(
  ctx: AppContext,
  storefront: StorefrontExtras,
  row: repo.TipjarRow,
): Promise<PublicTipjar> {
  const tipjar = toPublicTipjar(row, await readMerchantOfTipjar(ctx.db, row.id));
  return { ...tipjar, ...(await storefront(ctx.db, tipjar)) };
}

/**
 * Anonymous storefront answers, per slug (unknown slugs too, so a flood of lookups stays cheap): a
 * few seconds per process, dropped by every write to a tip jar or merchant (decision 020) and by a
 * maker's choice of the messages on the wall. A new, refunded or charged-back tip and a monthly tipper
 * who starts or stops are not writes to those: the goal progress and the wall show them within the
 * TTL (decision 032), so a stream of tips never empties every storefront's cache.
 */
const PUBLIC_TIPJAR_TTL_MS = 5_000;
const publicTipjars = createPublicCache<PublicTipjar | undefined>({ ttlMs: PUBLIC_TIPJAR_TTL_MS, maxEntries: 1_000 });

/**
 * The storefront's tip jar as anyone may read it (GET tipjars?slug= without a session), or undefined
 * when the slug is unknown or the tip jar is not tippable: what the web plugin writes into the first
 * HTML. Cached: see publicTipjars.
 */
export function findPublicTipjar(
  ctx: AppContext,
  storefront: StorefrontExtras,
  slug: string,
): Promise<PublicTipjar | undefined> {
  return publicTipjars.get(ctx, slug, async () => {
    const row = await repo.readTipjarBySlug(ctx.db, slug);
    if (!row || !isTipjarTippable(row)) return undefined;
    return toStorefrontTipjar(ctx, storefront, row);
  });
}

/**
 * Anonymous searches (the landing page's search box, GET tipjars?search= without a session): the same
 * few-second cache as the storefront's lookup, dropped by the same writes, so typing cannot hammer
 * the database.
 */
const publicSearches = createPublicCache<TipjarList>({ ttlMs: PUBLIC_TIPJAR_TTL_MS, maxEntries: 500 });

/** Tippable tip jars whose name or address contains `search`, with their public fields only. */
export function searchPublicTipjars(
  ctx: AppContext,
  query: { search: string; skip: number; limit: number },
): Promise<TipjarList> {
  const search = query.search.toLowerCase();
  return publicSearches.get(ctx, `${query.skip}:${query.limit}:${search}`, async () => {
    const { rows, count } = await repo.searchTippableTipjars(ctx.db, search, query);
    const merchants = await merchantsOfTipjars(
      ctx.db,
      rows.map((row) => row.id),
    );
    return { data: rows.map((row) => toPublicTipjar(row, merchants.get(row.id))), metadata: { count } };
  });
}

/** Full tip jars (addons, admins) for their admins, with batched queries for lists. */
async function toTipjars(db: DbOrTx, rows: repo.TipjarRow[]): Promise<Tipjar[]> {
  const ids = rows.map((r) => r.id);
  const [addons, admins, merchants] = await Promise.all([
    addonsOfTipjars(db, ids),
    repo.listAdmins(db, ids),
    merchantsOfTipjars(db, ids),
  ]);
  return rows.map((row) => ({
    ...toPublicTipjar(row, merchants.get(row.id)),
    email: row.contactEmail,
    phoneNumber: row.contactPhone,
    companyName: row.companyName,
    cocNumber: row.cocNumber,
    vatNumber: row.vatNumber,
    notifyOnTip: row.notifyOnTip,
    artworkId: row.artworkId,
    addons: addons.get(row.id) ?? [],
    oppMerchant: toMerchantRef(merchants.get(row.id)),
    admins: admins.get(row.id) ?? [],
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
  }));
}

export async function toTipjar(db: DbOrTx, row: repo.TipjarRow): Promise<Tipjar> {
  const [tipjar] = await toTipjars(db, [row]);
  return tipjar!;
}

/** An artworkId that names no stored artwork (feeds/preview makes them). */
function unknownArtwork(): AppError {
  return AppError.field(ErrorCode.Validation, 'data.artworkId', { key: 'invalid' }, 'No such artwork');
}

function slugTaken(): AppError {
  return AppError.field(ErrorCode.SlugTaken, 'data.slug', { key: 'slugTaken' }, 'This address is already taken');
}

/* ---------- ordering ---------- */

/**
 * Orders a tip jar: tip jar (NEW) + its admin + the Podpot add-on in one DB transaction (with the
 * account when an anonymous visitor registers on the way); after commit the add-on payment is
 * started at the provider, which moves the tip jar to AWAITING_PAYMENT. If the provider fails the
 * tip jar stays NEW and the answer is 502; the retry call can start the payment later.
 */
export async function createTipjar(
  ctx: AppContext,
  ledger: PaymentLedger,
  actor: Actor | null,
  data: CreateTipjarBody['data'],
): Promise<CreateTipjarResponse> {
  if (!actor && !data.account) throw AppError.unauthorized();
  // A slug equal to a route's first segment (the domain's route table) would be unreachable.
  if (isReservedSlug(data.slug)) {
    throw AppError.field(
      ErrorCode.SlugReserved,
      'data.slug',
      { key: 'slugReserved' },
      'This address is reserved; choose another',
    );
  }
  const method = await resolvePaymentChoice(ctx, data.payment, 'data.payment.paymentmethod');
  if (await repo.findTipjarBySlug(ctx.db, data.slug)) throw slugTaken();
  const locale = data.locale ?? (actor ? await findUserLocale(ctx.db, actor.userId) : undefined) ?? DEFAULT_LOCALE;

  let created: { tipjar: repo.TipjarRow; addon: addonsQueries.AddonRow; userId: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      let userId = actor?.userId;
      if (!userId) {
        const account = data.account!;
        try {
          userId = (await registerUser(ctx, { ...account, locale }, { db: tx, passwordField: 'data.account.password' }))
            .id;
        } catch (err) {
          if (err instanceof AppError && err.code === ErrorCode.EmailTaken) {
            throw AppError.field(ErrorCode.EmailTaken, 'data.account.email', { key: 'emailTaken' }, err.message);
          }
          throw err;
        }
      }
      const tipjar = await repo.insertTipjar(tx, {
        slug: data.slug,
        name: data.name,
        type: data.type,
        status: 'NEW',
        description: data.description ?? '',
        rssUrl: data.rssUrl ?? null,
        artworkId: data.artworkId ?? null,
        contactEmail: data.email,
        contactPhone: normalizePhoneNumber(data.phoneNumber) ?? data.phoneNumber,
        companyName: data.type === 'BUSINESS' ? (data.companyName ?? null) : null,
        cocNumber: data.type === 'BUSINESS' ? (data.cocNumber ?? null) : null,
        vatNumber: data.type === 'BUSINESS' ? (data.vatNumber ?? null) : null,
      });
      await repo.insertAdmin(tx, tipjar.id, userId);
      const addon = await addonsQueries.insertAddon(tx, {
        tipjarId: tipjar.id,
        type: 'TIPJAR',
        costTotalWithTax: ctx.config.TIPJAR_PRICE_CENTS,
        orderedBy: userId,
      });
      return { tipjar, addon, userId };
    });
  } catch (err) {
    // Two orders racing for one slug: the unique index decides.
    if (isUniqueViolation(err, 'tipjars_slug_key')) throw slugTaken();
    if (isForeignKeyViolation(err)) throw unknownArtwork();
    throw err;
  }

  // Anonymous: the orderer was registered in this request, so their tokens are still at version 0.
  const token = actor ? undefined : await signAccessToken(ctx.config, { id: created.userId, tokenVersion: 0 });
  const payment = await startAddonPayment(ctx, ledger, {
    tipjar: created.tipjar,
    addon: created.addon,
    method,
    locale,
    attempt: 1,
  });
  const tipjar = (await repo.findTipjar(ctx.db, created.tipjar.id))!;
  return {
    tipjar: await toTipjar(ctx.db, tipjar),
    addon: toAddon(created.addon, payment),
    oppTransaction: { status: payment.status ?? 'created', redirectUrl: payment.redirectUrl },
    ...(token ? { access_token: token.token, token_type: 'bearer' as const, expires_in: token.expiresIn } : {}),
  };
}

export async function isOrderEmailAvailable(ctx: AppContext, email: string): Promise<boolean> {
  return !(await findUserIdByEmail(ctx.db, email));
}

export function isOrderPhoneNumberValid(phoneNumber: string): boolean {
  return isValidMobileNumber(phoneNumber);
}

/* ---------- reading ---------- */

type TipjarList = { data: (Tipjar | PublicTipjar)[]; metadata: { count: number } };

function listOf(item: Tipjar | PublicTipjar | undefined): TipjarList {
  return item ? { data: [item], metadata: { count: 1 } } : { data: [], metadata: { count: 0 } };
}

/**
 * The anonymous answer around a cached (frozen) public tip jar: one frozen list per cached entry, so
 * its JSON is written once per entry rather than once per request (lib/json-serializer.ts).
 */
const publicLists = new WeakMap<PublicTipjar, TipjarList>();
const NO_PUBLIC_TIPJAR = deepFreeze(listOf(undefined));
function publicListOf(item: PublicTipjar | undefined): TipjarList {
  if (!item) return NO_PUBLIC_TIPJAR;
  let list = publicLists.get(item);
  if (!list) {
    list = deepFreeze(listOf(item));
    publicLists.set(item, list);
  }
  return list;
}

/**
 * GET tipjars. `?slug=`: anyone gets a tippable (LIVE, active, not archived) tip jar's public fields;
 * its admins and ADMINs get the full tip jar in any status (an archived one only ADMINs); otherwise an
 * empty list. `managed=true` (the backoffice) drops the public answer: only those who manage it get
 * the tip jar. Without slug: ADMINs list all (with search), users list the tip jars they administer;
 * archived tip jars are hidden, and `archived=true` lists only those (ADMINs). Without a session,
 * `?search=` finds tippable tip jars by name or address (public fields, at most PUBLIC_SEARCH_MAX).
 */
export async function listTipjars(
  ctx: AppContext,
  storefront: StorefrontExtras,
  actor: Actor | null,
  query: ParsedListQuery<repo.TipjarSortBy> & { slug?: string; archived?: boolean; managed?: boolean },
): Promise<TipjarList> {
  if (query.slug !== undefined) {
    if (!actor && query.managed) throw AppError.unauthorized();
    // Anyone without a session gets the shared public answer; a signed-in reader may manage it.
    if (!actor) return publicListOf(await findPublicTipjar(ctx, storefront, query.slug));
    const row = await repo.readTipjarBySlug(ctx.db, query.slug);
    if (!row) return listOf(undefined);
    const manages = isAdmin(actor) || (!row.archivedAt && (await repo.isTipjarAdmin(ctx.db, row.id, actor.userId)));
    if (manages) return listOf(await toTipjar(ctx.db, row));
    if (query.managed || !isTipjarTippable(row)) return listOf(undefined);
    return listOf(await toStorefrontTipjar(ctx, storefront, row));
  }
  if (!actor) {
    // Anyone may search the tip jars that take tips (public fields); listing without a search needs a session.
    if (query.search) return searchPublicTipjars(ctx, { ...query, search: query.search });
    throw AppError.unauthorized();
  }
  const admin = isAdmin(actor);
  const { rows, count } = await repo.listTipjars(
    ctx.db,
    { ...query, archived: admin && query.archived },
    admin ? undefined : actor.userId,
  );
  return { data: await toTipjars(ctx.db, rows), metadata: { count } };
}

export async function getTipjar(ctx: AppContext, actor: Actor, id: string): Promise<Tipjar> {
  return toTipjar(ctx.db, await loadManagedTipjar(ctx, actor, id));
}

/* ---------- changing ---------- */

export async function updateTipjar(
  ctx: AppContext,
  feedSaved: FeedSaved,
  actor: Actor,
  id: string,
  data: UpdateTipjarBody['data'],
): Promise<Tipjar> {
  const row = await loadManagedTipjar(ctx, actor, id);
  if (row.archivedAt) throw AppError.because(ErrorCode.Conflict, 'tipjarArchived');
  const admin = isAdmin(actor);
  if ((data.status !== undefined && data.status !== row.status) || (data.active !== undefined && !admin)) {
    if (!admin) throw new AppError(ErrorCode.Forbidden, 'Only platform admins change the status of a tip jar');
  }
  if (
    data.status !== undefined &&
    data.status !== row.status &&
    !canTransitionTipjar(row.status, data.status, 'admin')
  ) {
    throw AppError.field(
      ErrorCode.InvalidTransition,
      'data.status',
      { key: 'choice' },
      `A tip jar cannot go from ${row.status} to ${data.status}`,
    );
  }
  if (row.type === 'BUSINESS') {
    // A business tip jar keeps its company name and CoC number (invoices need them).
    for (const field of ['companyName', 'cocNumber'] as const) {
      if (data[field] === null || data[field] === '') {
        throw AppError.field(ErrorCode.Validation, `data.${field}`, { key: 'required' }, `${field} is required`);
      }
    }
  }
  const { email, phoneNumber, status, goal, ...rest } = data;
  // Another feed (or none) is not the one whose owner confirmed the code: the mark goes.
  const feedChanged =
    data.rssUrl !== undefined && (data.rssUrl === null || normalizeFeedUrl(data.rssUrl) !== row.feedVerifiedUrl);
  const values = {
    ...rest,
    ...(feedChanged ? { feedVerifiedUrl: null, feedVerifiedAt: null } : {}),
    ...(goal !== undefined ? { goalKind: goal?.kind ?? null, goalTarget: goal?.target ?? null } : {}),
    ...(email !== undefined ? { contactEmail: email } : {}),
    ...(phoneNumber !== undefined ? { contactPhone: normalizePhoneNumber(phoneNumber) ?? phoneNumber } : {}),
    ...(status !== undefined ? { status } : {}),
  };
  if (!Object.keys(values).length) return toTipjar(ctx.db, row);
  const updated = await ctx.db.transaction(async (tx) => {
    // Conditional on the status we checked, so a concurrent payment notification is not overwritten.
    const after = await repo.updateTipjar(tx, id, values, row.status).catch((err) => {
      throw isForeignKeyViolation(err) ? unknownArtwork() : err;
    });
    if (!after) throw AppError.because(ErrorCode.Conflict, 'tipjarChanged');
    await auditTipjarChange(tx, actor, row, after);
    // The feed address saved (again): its episodes are read at the refresh job's next run (decision 034).
    if (data.rssUrl !== undefined) await feedSaved(tx, id);
    return after;
  });
  return toTipjar(ctx.db, updated);
}

/** The tip jar fields the audit trail follows: what decides whether and how money comes in and is invoiced. */
const AUDITED_TIPJAR_FIELDS = [
  'status',
  'active',
  'name',
  'slug',
  'companyName',
  'cocNumber',
  'vatNumber',
  'presetAmounts',
] as const;

async function auditTipjarChange(tx: Tx, actor: Actor, before: repo.TipjarRow, after: repo.TipjarRow) {
  const changes = changesOf(before, after, AUDITED_TIPJAR_FIELDS);
  if (!changes) return;
  const statusChanged = 'status' in changes.after || 'active' in changes.after;
  await recordAudit(tx, actor, {
    action: statusChanged ? 'tipjar.statusChanged' : 'tipjar.updated',
    entityType: 'tipjar',
    entityId: after.id,
    tipjarId: after.id,
    ...changes,
  });
}
