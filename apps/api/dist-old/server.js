import {
  AppError,
  CREATE_LEASE_MS,
  OppClient,
  OppError,
  addons,
  appSecrets,
  applyProviderTransaction,
  applyStatusOfUnknownTransaction,
  artworks,
  auditLog,
  claimReversibleDebits,
  claimStaleTransactions,
  episodes,
  faqItems,
  feedRefreshes,
  feedVerifications,
  findAttemptRow,
  findByReference,
  findLatestForOwner,
  findLatestForOwners,
  findTransactionRow,
  handleNotification,
  hasRowWithoutUid,
  insertOwnerWithLeasedTransaction,
  insertTransactionRow,
  insertTransactionRows,
  invoiceCounters,
  invoices,
  isForeignKeyViolation,
  isIdempotencyKeyUsed,
  isUniqueViolation,
  mailOutbox,
  moneyCheckRuns,
  notifyUrlOf,
  oppMerchants,
  oppTransactions,
  passwordResetTokens,
  paymentIncidents,
  paymentIssuers,
  paymentMethods,
  platformMerchantUid,
  providerUnavailable,
  recurringTipCharges,
  recurringTips,
  refunds,
  resendCreate,
  schema_exports,
  sendLeasedCreate,
  startPayment,
  tipDailyTotals,
  tipStatusCounts,
  tipjarAdmins,
  tipjars,
  tips,
  trustedDevices,
  userRecoveryCodes,
  userTwoStep,
  users
} from "./chunk-PLXQK7GP.js";
import {
  DEMO_FEED_PATH,
  demoArtwork,
  demoFeedXml
} from "./chunk-2PCBDDGY.js";
import {
  adminAddedMail,
  bankAccountChangedMail,
  chargeFailedMail,
  chargeReceiptMail,
  chargebackMail,
  emailChangedMail,
  emailChangedNoticeMail,
  feedStoppedMail,
  feedVerificationMail,
  invoiceMail,
  monthlyTipEndedMail,
  newTipMail,
  passwordChangedMail,
  passwordResetMail,
  preNotificationMail,
  recurringStartedMail,
  tipReceiptMail,
  tipRefundedMail,
  twoStepOffMail
} from "./chunk-ASXZOQN2.js";
import {
  FEED_MAX_BYTES,
  FeedFetchError,
  safeFetch
} from "./chunk-UYUIJEVK.js";
import {
  shareTexts
} from "./chunk-SX3AAUVB.js";
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AUDIT_SORTABLE,
  AddonSchema,
  AuditEntrySchema,
  BatchCreateInvoicesBodySchema,
  BatchResultSchema,
  CHARGE_GRACE_DAYS,
  CHARGE_RETRY_DAYS,
  ConfirmFeedVerificationBodySchema,
  ConnectMerchantBodySchema,
  CreateFaqItemBodySchema,
  CreateInvoiceBodySchema,
  CreateMerchantBodySchema,
  CreatePaymentMethodBodySchema,
  CreateRecurringTipBodySchema,
  CreateRecurringTipResponseSchema,
  CreateRefundBodySchema,
  CreateTipBodySchema,
  CreateTipResponseSchema,
  CreateTipjarBodySchema,
  CreateTipjarInvoiceBodySchema,
  CreateTipjarResponseSchema,
  CreateUserBodySchema,
  DEFAULT_BRAND_NAME,
  DEFAULT_LOCALE,
  DEFAULT_PLATFORM_FEE_BPS,
  EPISODE_STATISTICS_MAX,
  EpisodePageSchema,
  EpisodeStatisticsSchema,
  EraseAccountBodySchema,
  ErrorCode,
  FEED_REFRESH_INTERVAL_MINUTES,
  FEED_REFRESH_MAX_FAILURES,
  FaqItemSchema,
  FeedPreviewBodySchema,
  FeedPreviewSchema,
  FeedVerificationStartedSchema,
  HOME_STRINGS_ELEMENT_ID,
  INVOICE_SORTABLE,
  INVOICE_STATUSES,
  IdParamsSchema,
  InvoiceSchema,
  LANG_COOKIE,
  LANG_COOKIE_DAYS,
  LOCALES,
  LoginBodySchema,
  LoginResponseSchema,
  MAX_CHARGE_ATTEMPTS,
  MAX_CHARGE_DAY,
  MigrateMerchantBodySchema,
  OppMerchantSchema,
  PAYMENT_DIALOG_STATUSES,
  PRE_NOTIFICATION_DAYS,
  PasswordResetBodySchema,
  PaymentMethodSchema,
  PeriodSchema,
  PublicTipjarSchema,
  QR_PNG_SIZES,
  QrPngQuerySchema,
  RECOVERY_CODE_COUNT,
  RECURRING_TIP_SORTABLE,
  REMEMBER_DEVICE_DAYS,
  REVERSED_TIP_STATUSES,
  RecoveryCodesSchema,
  RecurringTipSchema,
  RefundSchema,
  RegisterBodySchema,
  RetryMandateBodySchema,
  RetryPaymentBodySchema,
  SETTLEMENT_SORTABLE,
  SETTLEMENT_STATUSES,
  SLUG_PATTERN,
  STATISTICS_MAX_BUCKETS,
  STOREFRONT_DATA_ELEMENT_ID,
  STOREFRONT_EPISODES,
  STOREFRONT_EPISODE_ELEMENT_ID,
  STOREFRONT_STRINGS_ELEMENT_ID,
  SUPPORTER_WALL_SIZE,
  SearchParamSchema,
  SettlementSchema,
  ShareFileQuerySchema,
  ShareKitSchema,
  ShareSlugParamsSchema,
  SlugSchema,
  StatisticsQuerySchema,
  StatisticsSchema,
  TIP_KINDS,
  TIP_STATUSES,
  TestEmailBodySchema,
  TestEmailResponseSchema,
  TestPhoneNumberBodySchema,
  TestPhoneNumberResponseSchema,
  TipOutcomeSchema,
  TipSchema,
  TipWallBodySchema,
  TipjarAdminBodySchema,
  TipjarDeletionSchema,
  TipjarSchema,
  TokenResponseSchema,
  TwoStepCodeBodySchema,
  TwoStepConfirmedSchema,
  TwoStepDisableBodySchema,
  TwoStepLoginBodySchema,
  TwoStepSetupSchema,
  TwoStepStatusSchema,
  TwoStepTokenResponseSchema,
  UpdateFaqItemBodySchema,
  UpdateInvoiceBodySchema,
  UpdatePasswordBodySchema,
  UpdatePaymentMethodBodySchema,
  UpdateProfileBodySchema,
  UpdateRecurringTipBodySchema,
  UpdateTipjarBodySchema,
  UpdateUserBodySchema,
  UserDeletionSchema,
  UserSchema,
  VAT_RATE_BPS,
  WEAK_PASSWORD_KEYS,
  acceptedLanguages,
  appUrl,
  artworkPath,
  badgeSnippet,
  booleanQueryParam,
  canTransitionInvoice,
  canTransitionTipjar,
  checkPasswordStrength,
  dateQueryParam,
  defaultGranularity,
  feeCreditOf,
  feedFailureKey,
  fundingTag,
  goalMonthOf,
  hasControlCharacter,
  isFinalTipStatus,
  isFinishedPeriod,
  isInvoiceEditable,
  isLocale,
  isOpenTransaction,
  isRegistrationComplete,
  isReservedSlug,
  isTipjarTippable,
  isValidMobileNumber,
  issuesToFields,
  langOfCookie,
  listQuerySchema,
  listResponseSchema,
  localeFromPath,
  maskEmail,
  merchantTakesPayments,
  normalizeFeedUrl,
  normalizePhoneNumber,
  paymentOutcome,
  percentOf,
  periodBuckets,
  periodRange,
  platformFeeOf,
  rootLocaleRedirect,
  shareFilesPath,
  shareUrl,
  singleLine,
  singleLineText,
  slugify,
  splitVat,
  stripLocale,
  tipStatusOfTransaction,
  tipStatusesBefore,
  toDecimalEuros
} from "./chunk-5ERTLZPQ.js";
import {
  __name
} from "./chunk-XE4OXN2W.js";

// src/server.ts
import path5 from "node:path";

// src/app.ts
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import { sql as sql20 } from "drizzle-orm";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";

// src/config/secrets.ts
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
async function resolveSharedSecrets(config, db) {
  for (const name of config.generatedSecrets) {
    const key = name.toLowerCase();
    await db.insert(appSecrets).values({ name: key, value: randomBytes(32).toString("hex") }).onConflictDoNothing();
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, key));
    config[name] = row.value;
  }
}
__name(resolveSharedSecrets, "resolveSharedSecrets");

// src/jobs/counts.ts
import { count } from "drizzle-orm";
async function countsByStatus(db) {
  const [tipRows, chargeRows] = await Promise.all([
    db.select({ status: tips.status, n: count() }).from(tips).groupBy(tips.status),
    db.select({ status: recurringTipCharges.status, n: count() }).from(recurringTipCharges).groupBy(recurringTipCharges.status)
  ]);
  return {
    tips: Object.fromEntries(tipRows.map((r) => [r.status, r.n])),
    charges: Object.fromEntries(chargeRows.map((r) => [r.status, r.n]))
  };
}
__name(countsByStatus, "countsByStatus");

// src/lib/public-cache.ts
var generation = 0;
function publicReadsChanged() {
  generation++;
}
__name(publicReadsChanged, "publicReadsChanged");
function createPublicCache({ ttlMs, maxEntries }) {
  const byOwner = /* @__PURE__ */ new WeakMap();
  return {
    get(owner, key, load) {
      let entries = byOwner.get(owner);
      if (!entries) {
        entries = /* @__PURE__ */ new Map();
        byOwner.set(owner, entries);
      }
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.generation === generation && now - hit.at < ttlMs) return hit.value;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value);
      const entry = { at: now, generation, value: load().then(deepFreeze) };
      entries.set(key, entry);
      const mine = entries;
      entry.value.catch(() => {
        if (mine.get(key) === entry) mine.delete(key);
      });
      return entry.value;
    }
  };
}
__name(createPublicCache, "createPublicCache");
function deepFreeze(value) {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
__name(deepFreeze, "deepFreeze");

// src/mail/outbox.ts
import { and, asc, count as count2, eq as eq2, inArray, isNull, lte, min, or, sql } from "drizzle-orm";
async function queueMail(db, message, options = {}) {
  const rows3 = await db.insert(mailOutbox).values({
    dedupeKey: options.dedupeKey ?? null,
    recipient: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      contentBase64: a.content.toString("base64")
    }))
  }).onConflictDoNothing({ target: mailOutbox.dedupeKey }).returning({ id: mailOutbox.id });
  return rows3.length > 0;
}
__name(queueMail, "queueMail");
var sendQueuedMail = /* @__PURE__ */ __name(async (ctx) => ctx.outbox.kick(), "sendQueuedMail");
function clockOf(now) {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}
__name(clockOf, "clockOf");
function plus(at, ms) {
  return sql`${at} + make_interval(secs => ${ms / 1e3})`;
}
__name(plus, "plus");
async function claimDueMails(db, options) {
  const at = clockOf(options.now);
  const due = db.select({ id: mailOutbox.id }).from(mailOutbox).where(
    and(
      eq2(mailOutbox.status, "pending"),
      lte(mailOutbox.nextAttemptAt, at),
      or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, at))
    )
  ).orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.created)).limit(options.limit).for("update", { skipLocked: true });
  const claimed = await db.update(mailOutbox).set({ claimedUntil: plus(at, options.leaseMs), attempts: sql`${mailOutbox.attempts} + 1` }).where(inArray(mailOutbox.id, due)).returning();
  const time = /* @__PURE__ */ __name((d) => d.getTime(), "time");
  return claimed.sort((a, b) => time(a.nextAttemptAt) - time(b.nextAttemptAt) || time(a.created) - time(b.created));
}
__name(claimDueMails, "claimDueMails");
async function releaseMailClaims(db, ids) {
  if (ids.length === 0) return;
  await db.update(mailOutbox).set({ claimedUntil: null, attempts: sql`${mailOutbox.attempts} - 1` }).where(and(inArray(mailOutbox.id, ids), eq2(mailOutbox.status, "pending")));
}
__name(releaseMailClaims, "releaseMailClaims");
async function markMailSent(db, id, now) {
  await db.update(mailOutbox).set({ status: "sent", sentAt: clockOf(now), claimedUntil: null, text: "", html: null, attachments: [] }).where(and(eq2(mailOutbox.id, id), eq2(mailOutbox.status, "pending")));
}
__name(markMailSent, "markMailSent");
async function markMailAttemptFailed(db, id, error, retryInMs, now) {
  const at = clockOf(now);
  await db.update(mailOutbox).set({
    lastError: error.slice(0, 1e3),
    claimedUntil: null,
    ...retryInMs === null ? { status: "failed" } : { nextAttemptAt: plus(at, retryInMs) }
  }).where(and(eq2(mailOutbox.id, id), eq2(mailOutbox.status, "pending")));
}
__name(markMailAttemptFailed, "markMailAttemptFailed");
async function outboxDepth(db) {
  const [row] = await db.select({ pending: count2(), oldest: min(mailOutbox.created) }).from(mailOutbox).where(eq2(mailOutbox.status, "pending"));
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return {
    pending: row?.pending ?? 0,
    oldestPendingSeconds: oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1e3)
  };
}
__name(outboxDepth, "outboxDepth");

// src/modules/feeds/feeds.parser.ts
import { SaxesParser } from "saxes";

// src/modules/feeds/feeds.text.ts
import iconv from "iconv-lite";
var DECLARATION = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;
function decodeFeed(body, contentType) {
  if (body[0] === 239 && body[1] === 187 && body[2] === 191) return body.subarray(3).toString("utf8");
  if (body[0] === 255 && body[1] === 254) return iconv.decode(body.subarray(2), "utf16le");
  if (body[0] === 254 && body[1] === 255) return iconv.decode(body.subarray(2), "utf16be");
  const head = body.subarray(0, 256).toString("latin1").trimStart();
  const declared = DECLARATION.exec(head)?.[1] ?? /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "")?.[1];
  const encoding = labelOf(declared);
  return encoding === "utf8" ? body.toString("utf8") : iconv.decode(body, encoding);
}
__name(decodeFeed, "decodeFeed");
function labelOf(declared) {
  const label = (declared ?? "utf-8").toLowerCase();
  if (label === "utf-8" || label === "utf8") return "utf8";
  if (["iso-8859-1", "latin1", "latin-1", "iso8859-1", "us-ascii", "ascii"].includes(label)) return "windows-1252";
  return iconv.encodingExists(label) ? label : "utf8";
}
__name(labelOf, "labelOf");
var NAMED = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  hellip: "\u2026",
  mdash: "\u2014",
  ndash: "\u2013",
  rsquo: "\u2019",
  lsquo: "\u2018",
  rdquo: "\u201D",
  ldquo: "\u201C",
  euro: "\u20AC",
  eacute: "\xE9",
  euml: "\xEB",
  iuml: "\xEF",
  ouml: "\xF6",
  uuml: "\xFC"
};
function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return code > 0 && code <= 1114111 ? String.fromCodePoint(code) : whole;
    }
    return NAMED[entity.toLowerCase()] ?? whole;
  });
}
__name(decodeEntities, "decodeEntities");
function htmlToText(html) {
  const text = html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, "").replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|div|li|h[1-6])\s*>/gi, "\n").replace(/<li\b[^>]*>/gi, "- ").replace(/<[^>]*>/g, "");
  return decodeEntities(text).replace(/[ \t\u00a0]+/g, " ").replace(/ *\n */g, "\n").replace(/\n{3,}/g, "\n\n").trim();
}
__name(htmlToText, "htmlToText");

// src/modules/feeds/feeds.parser.ts
function parseFeed(body, contentType) {
  const reader = new FeedReader();
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on("error", () => {
    reader.errors += 1;
  });
  parser.on("opentag", (tag) => reader.open(tag));
  parser.on("text", (text) => reader.text(text));
  parser.on("cdata", (text) => reader.text(text));
  parser.on("closetag", (tag) => reader.close(tag.name));
  try {
    parser.write(decodeFeed(body, contentType)).close();
  } catch (error) {
    throw new FeedFetchError("not_a_feed", `The XML could not be read: ${error.message}`);
  }
  return reader.result();
}
__name(parseFeed, "parseFeed");
var CHANNEL_FIELDS = /* @__PURE__ */ new Set([
  "title",
  "link",
  "language",
  "description",
  "itunes:summary",
  "podcast:guid",
  "podcast:locked"
]);
var EPISODE_FIELDS = /* @__PURE__ */ new Set([
  "title",
  "itunes:title",
  "guid",
  "link",
  "pubDate",
  "itunes:episode",
  "podcast:episode",
  "itunes:season",
  "podcast:season",
  "itunes:duration"
]);
var FeedReader = class {
  static {
    __name(this, "FeedReader");
  }
  errors = 0;
  path = [];
  /** Text of each open element (CDATA included), innermost last. */
  texts = [];
  rootClosed = false;
  channel = /* @__PURE__ */ new Map();
  artworkHref = null;
  imageUrl = null;
  ownerEmail = null;
  lockedOwner = null;
  funding = [];
  fundingUrl = null;
  item = null;
  episodes = [];
  open(tag) {
    const parent = this.path.join("/");
    this.path.push(tag.name);
    this.texts.push("");
    const attr = /* @__PURE__ */ __name((name) => (tag.attributes[name] ?? "").trim() || null, "attr");
    if (parent === "rss/channel") {
      if (tag.name === "item") this.item = /* @__PURE__ */ new Map();
      else if (tag.name === "itunes:image") this.artworkHref ??= attr("href");
      else if (tag.name === "podcast:locked") this.lockedOwner = attr("owner");
      else if (tag.name === "podcast:funding") this.fundingUrl = attr("url");
    } else if (parent === "rss/channel/item" && tag.name === "enclosure" && this.item) {
      const url = attr("url");
      if (url) this.item.set("enclosure", url);
    }
  }
  text(text) {
    if (this.texts.length) this.texts[this.texts.length - 1] += text;
  }
  close(name) {
    const value = (this.texts.pop() ?? "").trim();
    this.path.pop();
    const parent = this.path.join("/");
    if (parent === "rss/channel") {
      if (name === "item") this.endItem();
      else if (name === "podcast:funding") this.endFunding(value);
      else if (CHANNEL_FIELDS.has(name) && value && !this.channel.has(name)) this.channel.set(name, value);
    } else if (parent === "rss/channel/item" && this.item && EPISODE_FIELDS.has(name) && value) {
      if (!this.item.has(name)) this.item.set(name, value);
    } else if (parent === "rss/channel/image" && name === "url") {
      this.imageUrl ??= value || null;
    } else if (parent === "rss/channel/itunes:owner" && name === "itunes:email") {
      this.ownerEmail ??= value || null;
    } else if (parent === "" && name === "rss") {
      this.rootClosed = true;
    }
  }
  endItem() {
    if (this.item) this.episodes.push(...toEpisode(this.item));
    this.item = null;
  }
  endFunding(label) {
    const url = httpUrl(this.fundingUrl);
    if (url) this.funding.push({ url, label });
    this.fundingUrl = null;
  }
  result() {
    const title = this.channel.get("title");
    if (!this.rootClosed || !title) {
      throw new FeedFetchError(
        "not_a_feed",
        this.rootClosed ? "No RSS channel with a title" : "No complete RSS document"
      );
    }
    const field = /* @__PURE__ */ __name((name) => this.channel.get(name) ?? null, "field");
    return {
      title: htmlToText(title),
      description: htmlToText(field("description") ?? field("itunes:summary") ?? ""),
      artworkUrl: httpUrl(this.artworkHref) ?? httpUrl(this.imageUrl),
      website: httpUrl(field("link")),
      language: field("language"),
      ownerEmail: emailOf(this.ownerEmail) ?? emailOf(this.lockedOwner),
      locked: field("podcast:locked")?.toLowerCase() === "yes",
      podcastGuid: field("podcast:guid"),
      funding: this.funding,
      episodes: this.episodes
    };
  }
};
function toEpisode(item) {
  const get = /* @__PURE__ */ __name((name) => item.get(name) ?? null, "get");
  const title = get("title") ?? get("itunes:title");
  const guid = get("guid") ?? get("enclosure") ?? get("link") ?? title;
  if (!guid) return [];
  const published = Date.parse(get("pubDate") ?? "");
  return [
    {
      guid,
      title: htmlToText(title ?? ""),
      number: positiveInt(get("itunes:episode") ?? get("podcast:episode")),
      season: positiveInt(get("itunes:season") ?? get("podcast:season")),
      publishedAt: Number.isNaN(published) ? null : new Date(published).toISOString(),
      link: httpUrl(get("link")),
      duration: durationOf(get("itunes:duration"))
    }
  ];
}
__name(toEpisode, "toEpisode");
function httpUrl(value) {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}
__name(httpUrl, "httpUrl");
function emailOf(value) {
  const email = value?.replace(/^mailto:/i, "").trim().toLowerCase();
  return email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? email : null;
}
__name(emailOf, "emailOf");
function positiveInt(value) {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 0 && n < 1e6 ? n : null;
}
__name(positiveInt, "positiveInt");
function durationOf(value) {
  if (!value || !/^\d+(:\d{1,2}){0,2}(\.\d+)?$/.test(value)) return null;
  return Math.round(value.split(":").reduce((total, part) => total * 60 + Number(part), 0));
}
__name(durationOf, "durationOf");

// src/modules/tipjars/tipjars.repository.ts
import { and as and2, asc as asc3, count as count3, desc as desc2, eq as eq3, ilike, inArray as inArray2, isNotNull, isNull as isNull2, or as or2, sql as sql3 } from "drizzle-orm";

// src/lib/list-query.ts
import { asc as asc2, desc } from "drizzle-orm";
function windowOf(query) {
  return { offset: query.skip, limit: Math.max(0, query.limit - query.skip) };
}
__name(windowOf, "windowOf");
function orderOf(query, columns, fallback, tiebreak) {
  const order = [];
  if (query.sortBy) {
    const column = columns[query.sortBy];
    order.push(query.sortDesc ? desc(column) : asc2(column));
  }
  return [...order, ...fallback, asc2(tiebreak)];
}
__name(orderOf, "orderOf");
function likePattern(search) {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
__name(likePattern, "likePattern");

// src/lib/prepared.ts
function prepared(build) {
  const statements = /* @__PURE__ */ new WeakMap();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
__name(prepared, "prepared");

// src/lib/session-cache.ts
import { sql as sql2 } from "drizzle-orm";
import pg from "pg";
var SESSION_CHANNEL = "podpot_sessions";
var EVERY_USER = "*";
var MAX_AGE_MS = 5e3;
var MAX_ENTRIES = 1e4;
var RECONNECT_MS = 1e3;
var UserEntries = class {
  static {
    __name(this, "UserEntries");
  }
  entries = /* @__PURE__ */ new Map();
  get(userId, load) {
    const now = Date.now();
    const hit = this.entries.get(userId);
    if (hit && now - hit.at < MAX_AGE_MS) return hit.value;
    this.entries.delete(userId);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value);
    const entry = { at: now, value: load().then(deepFreeze) };
    this.entries.set(userId, entry);
    entry.value.catch(() => {
      if (this.entries.get(userId) === entry) this.entries.delete(userId);
    });
    return entry.value;
  }
  drop(userId) {
    if (userId === EVERY_USER) this.entries.clear();
    else this.entries.delete(userId);
  }
};
var live = /* @__PURE__ */ new Set();
async function sessionsChanged(db, userId) {
  for (const cache of live) cache.drop(userId);
  await db.execute(sql2`select pg_notify(${SESSION_CHANNEL}, ${userId})`);
}
__name(sessionsChanged, "sessionsChanged");
function createSessionCache(db, log) {
  const actors2 = new UserEntries();
  const mes = new UserEntries();
  const me = {
    drop(userId) {
      if (userId !== EVERY_USER) actors2.drop(userId);
      mes.drop(userId);
    }
  };
  live.add(me);
  const pool = db.$client;
  const listener = pool instanceof pg.Pool ? listen(pool, me, log) : void 0;
  const on = /* @__PURE__ */ __name(() => !listener || listener.listening, "on");
  return {
    actor: /* @__PURE__ */ __name((userId, load) => on() ? actors2.get(userId, load) : load(), "actor"),
    me: /* @__PURE__ */ __name((userId, load) => on() ? mes.get(userId, load) : load(), "me"),
    async close() {
      live.delete(me);
      await listener?.close();
    }
  };
}
__name(createSessionCache, "createSessionCache");
function listen(pool, cache, log) {
  const state = { listening: false, closed: false, client: void 0 };
  let retry;
  const lost = /* @__PURE__ */ __name((client, err) => {
    if (state.client !== client) return;
    state.client = void 0;
    state.listening = false;
    cache.drop(EVERY_USER);
    client.end().catch(() => {
    });
    if (state.closed) return;
    log.warn({ err }, "session cache: lost its LISTEN connection; reading sessions from the database until it is back");
    retry = setTimeout(connect, RECONNECT_MS);
    retry.unref();
  }, "lost");
  async function connect() {
    if (state.closed) return;
    const client = new pg.Client(pool.options);
    state.client = client;
    client.on("error", (err) => lost(client, err));
    client.on("end", () => lost(client));
    client.on("notification", (message) => {
      if (message.channel === SESSION_CHANNEL && message.payload) cache.drop(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${SESSION_CHANNEL}`);
      if (state.client !== client) return;
      cache.drop(EVERY_USER);
      state.listening = !state.closed;
    } catch (err) {
      lost(client, err);
    }
  }
  __name(connect, "connect");
  void connect();
  return {
    get listening() {
      return state.listening;
    },
    async close() {
      state.closed = true;
      state.listening = false;
      if (retry) clearTimeout(retry);
      const client = state.client;
      state.client = void 0;
      await client?.end().catch(() => {
      });
    }
  };
}
__name(listen, "listen");

// src/modules/tipjars/tipjars.repository.ts
var TIPJAR_SORTABLE = ["name", "slug", "status", "type", "created", "updated"];
async function findTipjar(db, id) {
  const [row] = await db.select().from(tipjars).where(eq3(tipjars.id, id));
  return row;
}
__name(findTipjar, "findTipjar");
async function findTipjarByVerifiedFeed(db, feedUrl) {
  const [row] = await db.select({ id: tipjars.id }).from(tipjars).where(eq3(tipjars.feedVerifiedUrl, feedUrl));
  return row;
}
__name(findTipjarByVerifiedFeed, "findTipjarByVerifiedFeed");
async function findTipjarBySlug(db, slug) {
  const [row] = await db.select().from(tipjars).where(eq3(tipjars.slug, slug));
  return row;
}
__name(findTipjarBySlug, "findTipjarBySlug");
var bySlugStatement = prepared(
  (db) => db.select().from(tipjars).where(eq3(tipjars.slug, sql3.placeholder("slug"))).prepare("tipjar_by_slug")
);
async function readTipjarBySlug(db, slug) {
  const [row] = await bySlugStatement(db).execute({ slug });
  return row;
}
__name(readTipjarBySlug, "readTipjarBySlug");
async function listTipjars(db, query, adminUserId) {
  const search = query.search ? or2(
    ilike(tipjars.name, likePattern(query.search)),
    ilike(tipjars.slug, likePattern(query.search)),
    ilike(tipjars.contactEmail, likePattern(query.search))
  ) : void 0;
  const mine = adminUserId ? inArray2(
    tipjars.id,
    db.select({ id: tipjarAdmins.tipjarId }).from(tipjarAdmins).where(eq3(tipjarAdmins.userId, adminUserId))
  ) : void 0;
  const archived = query.archived ? isNotNull(tipjars.archivedAt) : isNull2(tipjars.archivedAt);
  const where = and2(search, mine, archived);
  const { offset, limit } = windowOf(query);
  const [rows3, [total]] = await Promise.all([
    db.select().from(tipjars).where(where).orderBy(...orderOf(query, tipjars, [desc2(tipjars.created)], tipjars.id)).offset(offset).limit(limit),
    db.select({ count: count3() }).from(tipjars).where(where)
  ]);
  return { rows: rows3, count: total?.count ?? 0 };
}
__name(listTipjars, "listTipjars");
var PUBLIC_SEARCH_MAX = 20;
async function searchTippableTipjars(db, search, window) {
  const where = and2(
    eq3(tipjars.status, "LIVE"),
    eq3(tipjars.active, true),
    isNull2(tipjars.archivedAt),
    or2(ilike(tipjars.name, likePattern(search)), ilike(tipjars.slug, likePattern(search)))
  );
  const { offset, limit } = windowOf(window);
  const [rows3, [total]] = await Promise.all([
    db.select().from(tipjars).where(where).orderBy(asc3(tipjars.name), asc3(tipjars.id)).offset(offset).limit(Math.min(limit, PUBLIC_SEARCH_MAX)),
    db.select({ count: count3() }).from(tipjars).where(where)
  ]);
  return { rows: rows3, count: total?.count ?? 0 };
}
__name(searchTippableTipjars, "searchTippableTipjars");
async function insertTipjar(db, values) {
  const [row] = await db.insert(tipjars).values(values).returning();
  publicReadsChanged();
  return row;
}
__name(insertTipjar, "insertTipjar");
async function updateTipjar(db, id, values, ifStatus) {
  const [row] = await db.update(tipjars).set(values).where(and2(eq3(tipjars.id, id), isNull2(tipjars.archivedAt), ifStatus ? eq3(tipjars.status, ifStatus) : void 0)).returning();
  publicReadsChanged();
  if (row && (values.name !== void 0 || values.slug !== void 0 || values.archivedAt !== void 0))
    await sessionsChanged(db, "*");
  return row;
}
__name(updateTipjar, "updateTipjar");
async function deleteTipjar(db, id) {
  const rows3 = await db.delete(tipjars).where(eq3(tipjars.id, id)).returning({ id: tipjars.id });
  publicReadsChanged();
  await sessionsChanged(db, "*");
  return rows3.length > 0;
}
__name(deleteTipjar, "deleteTipjar");
async function lockTipjar(db, id) {
  const [row] = await db.select().from(tipjars).where(eq3(tipjars.id, id)).for("update");
  return row;
}
__name(lockTipjar, "lockTipjar");
async function lockTipjarShared(db, id) {
  const [row] = await db.select().from(tipjars).where(eq3(tipjars.id, id)).for("share");
  return row;
}
__name(lockTipjarShared, "lockTipjarShared");
async function archiveTipjar(db, id, at) {
  await db.update(tipjars).set({ archivedAt: at, feedVerifiedUrl: null, feedVerifiedAt: null }).where(and2(eq3(tipjars.id, id), isNull2(tipjars.archivedAt)));
  publicReadsChanged();
  await sessionsChanged(db, "*");
}
__name(archiveTipjar, "archiveTipjar");
async function movePaymentStatus(db, id, to) {
  const current = await findTipjar(db, id);
  if (!current || current.status === to || current.archivedAt) return current;
  if (!canTransitionTipjar(current.status, to, "payment")) return current;
  return updateTipjar(db, id, { status: to }, current.status);
}
__name(movePaymentStatus, "movePaymentStatus");
async function isTipjarAdmin(db, tipjarId, userId) {
  const [row] = await db.select({ userId: tipjarAdmins.userId }).from(tipjarAdmins).where(and2(eq3(tipjarAdmins.tipjarId, tipjarId), eq3(tipjarAdmins.userId, userId)));
  return row !== void 0;
}
__name(isTipjarAdmin, "isTipjarAdmin");
async function insertAdmin(db, tipjarId, userId) {
  const rows3 = await db.insert(tipjarAdmins).values({ tipjarId, userId }).onConflictDoNothing().returning({ userId: tipjarAdmins.userId });
  await sessionsChanged(db, userId);
  return rows3.length > 0;
}
__name(insertAdmin, "insertAdmin");
async function deleteAdmin(db, tipjarId, userId) {
  const rows3 = await db.delete(tipjarAdmins).where(and2(eq3(tipjarAdmins.tipjarId, tipjarId), eq3(tipjarAdmins.userId, userId))).returning({ userId: tipjarAdmins.userId });
  await sessionsChanged(db, userId);
  return rows3.length > 0;
}
__name(deleteAdmin, "deleteAdmin");
async function countAdmins(db, tipjarId) {
  const [row] = await db.select({ n: count3() }).from(tipjarAdmins).where(eq3(tipjarAdmins.tipjarId, tipjarId));
  return row?.n ?? 0;
}
__name(countAdmins, "countAdmins");
async function lockAdmins(db, tipjarId) {
  await db.select().from(tipjarAdmins).where(eq3(tipjarAdmins.tipjarId, tipjarId)).for("update");
}
__name(lockAdmins, "lockAdmins");
async function listAdmins(db, tipjarIds) {
  const byTipjar = /* @__PURE__ */ new Map();
  if (tipjarIds.length === 0) return byTipjar;
  const rows3 = await db.select({
    tipjarId: tipjarAdmins.tipjarId,
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    locale: users.locale
  }).from(tipjarAdmins).innerJoin(users, eq3(users.id, tipjarAdmins.userId)).where(inArray2(tipjarAdmins.tipjarId, tipjarIds)).orderBy(asc3(tipjarAdmins.created), asc3(users.email));
  for (const { tipjarId, ...admin } of rows3) {
    const list = byTipjar.get(tipjarId) ?? [];
    list.push(admin);
    byTipjar.set(tipjarId, list);
  }
  return byTipjar;
}
__name(listAdmins, "listAdmins");
async function listAdminRecipients(db, tipjarId) {
  return db.select({ userId: users.id, email: users.email, locale: users.locale }).from(tipjarAdmins).innerJoin(users, eq3(users.id, tipjarAdmins.userId)).where(eq3(tipjarAdmins.tipjarId, tipjarId));
}
__name(listAdminRecipients, "listAdminRecipients");

// src/modules/feeds/feeds.repository.ts
import { and as and3, eq as eq4, lt, notExists, sql as sql4 } from "drizzle-orm";
async function insertArtwork(db, values) {
  const [row] = await db.insert(artworks).values(values).returning({ id: artworks.id });
  return row.id;
}
__name(insertArtwork, "insertArtwork");
async function findArtwork(db, id) {
  const [row] = await db.select({ contentType: artworks.contentType, bytes: artworks.bytes, created: artworks.created }).from(artworks).where(eq4(artworks.id, id));
  return row;
}
__name(findArtwork, "findArtwork");
async function deleteUnusedArtworks(db, before) {
  const shown = db.select({ one: sql4`1` }).from(tipjars).where(eq4(tipjars.artworkId, artworks.id));
  const gone = await db.delete(artworks).where(and3(lt(artworks.created, before), notExists(shown))).returning({ id: artworks.id });
  return gone.length;
}
__name(deleteUnusedArtworks, "deleteUnusedArtworks");
async function upsertVerification(db, values) {
  await db.insert(feedVerifications).values({ ...values, attempts: 0 }).onConflictDoUpdate({
    target: feedVerifications.tipjarId,
    set: {
      feedUrl: values.feedUrl,
      email: values.email,
      codeHash: values.codeHash,
      expiresAt: values.expiresAt,
      attempts: 0,
      created: sql4`now()`
    }
  });
}
__name(upsertVerification, "upsertVerification");
async function lockVerification(db, tipjarId) {
  const [row] = await db.select().from(feedVerifications).where(eq4(feedVerifications.tipjarId, tipjarId)).for("update");
  return row;
}
__name(lockVerification, "lockVerification");
async function countAttempt(db, tipjarId) {
  await db.update(feedVerifications).set({ attempts: sql4`${feedVerifications.attempts} + 1` }).where(eq4(feedVerifications.tipjarId, tipjarId));
}
__name(countAttempt, "countAttempt");
async function deleteVerification(db, tipjarId, codeHash) {
  await db.delete(feedVerifications).where(
    and3(eq4(feedVerifications.tipjarId, tipjarId), codeHash ? eq4(feedVerifications.codeHash, codeHash) : void 0)
  );
}
__name(deleteVerification, "deleteVerification");

// src/modules/feeds/feeds.service.ts
var FAILURE_TEXT = {
  not_a_feed: { en: "This address does not give a podcast feed", nl: "Dit adres geeft geen podcastfeed" },
  not_found: { en: "Nothing was found at this address", nl: "Op dit adres is niets gevonden" },
  too_large: { en: "The feed is too large", nl: "De feed is te groot" },
  too_slow: { en: "The feed took too long to answer", nl: "De feed antwoordde te traag" },
  refused_address: {
    en: "This address points to a private or local network",
    nl: "Dit adres wijst naar een priv\xE9- of lokaal netwerk"
  },
  bad_url: {
    en: "Only http and https addresses can be read",
    nl: "Alleen http- en https-adressen kunnen worden gelezen"
  },
  unreachable: { en: "The feed's server could not be reached", nl: "De server van de feed is niet bereikbaar" }
};
function feedError(error, locale, field = "url") {
  const code = error.reason === "bad_url" ? ErrorCode.Validation : ErrorCode.FeedFailed;
  return AppError.field(code, field, { key: feedFailureKey(error.reason) }, FAILURE_TEXT[error.reason][locale]);
}
__name(feedError, "feedError");
function fetchOptions(ctx) {
  return { allowLoopback: ctx.config.feedAllowLoopback, timeoutMs: ctx.config.FEED_FETCH_TIMEOUT_MS };
}
__name(fetchOptions, "fetchOptions");
async function readFeed(ctx, url) {
  const answer = await safeFetch(url, fetchOptions(ctx));
  if (answer.status !== "ok") throw new FeedFetchError("unreachable", "Unexpected 304");
  return parseFeed(answer.body, answer.contentType);
}
__name(readFeed, "readFeed");
async function previewFeed(ctx, actor, url, locale) {
  let feed;
  try {
    feed = await readFeed(ctx, url);
  } catch (error) {
    if (error instanceof FeedFetchError) throw feedError(error, locale);
    throw error;
  }
  const artworkId = feed.artworkUrl ? await storeArtwork(ctx, actor, feed.artworkUrl) : null;
  return {
    feedUrl: url,
    name: feed.title.slice(0, 100),
    description: feed.description.slice(0, 2e3),
    website: feed.website,
    suggestedSlug: await suggestSlug(ctx, feed.title),
    artworkId,
    artworkUrl: artworkId ? artworkPath(artworkId) : null,
    language: feed.language,
    hasOwnerEmail: feed.ownerEmail !== null,
    episodeCount: feed.episodes.length
  };
}
__name(previewFeed, "previewFeed");
async function storeArtwork(ctx, actor, url) {
  try {
    const answer = await safeFetch(url, { ...fetchOptions(ctx), accept: "image/*", maxBytes: FEED_MAX_BYTES });
    if (answer.status !== "ok") return null;
    const { toStoredArtwork } = await import("./feeds.artwork-R4ASOGVX.js");
    const image = await toStoredArtwork(answer.body);
    return await insertArtwork(ctx.db, { ...image, sourceUrl: url.slice(0, 2e3), createdBy: actor.userId });
  } catch (error) {
    if (!(error instanceof FeedFetchError)) throw error;
    ctx.log.info({ url, reason: error.reason }, "feed artwork not stored");
    return null;
  }
}
__name(storeArtwork, "storeArtwork");
async function suggestSlug(ctx, title) {
  const base = slugify(title).slice(0, 36).replace(/-+$/, "");
  const candidates = [base, ...Array.from({ length: 8 }, (_, i) => `${base}-${i + 2}`)];
  for (const slug of candidates) {
    if (!SlugSchema.safeParse(slug).success || isReservedSlug(slug)) continue;
    if (!await findTipjarBySlug(ctx.db, slug)) return slug;
  }
  return "";
}
__name(suggestSlug, "suggestSlug");
async function getArtwork(ctx, id) {
  const artwork = await findArtwork(ctx.db, id);
  if (!artwork) throw AppError.notFound("Artwork");
  return artwork;
}
__name(getArtwork, "getArtwork");

// src/modules/episodes/episodes.repository.ts
import { and as and4, eq as eq5, inArray as inArray3, isNull as isNull3, sql as sql5 } from "drizzle-orm";
async function rowsOf(db, statement) {
  return (await db.execute(statement)).rows;
}
__name(rowsOf, "rowsOf");
async function claimDueFeeds(db, options) {
  const only = options.tipjarId ? sql5`and t.id = ${options.tipjarId}` : sql5``;
  await db.execute(sql5`insert into feed_refreshes (tipjar_id, feed_url)
    select t.id, t.rss_url from tipjars t
    where t.rss_url is not null and t.archived_at is null ${only}
      and not exists (select 1 from feed_refreshes r where r.tipjar_id = t.id)
    on conflict (tipjar_id) do nothing`);
  const claimed = await rowsOf(
    db,
    sql5`update feed_refreshes r
      set leased_until = now() + ${options.leaseMs} * interval '1 millisecond',
          -- Another address than the state's: start over (the old validators and failures were another feed's).
          etag = case when r.feed_url = t.rss_url then r.etag end,
          last_modified = case when r.feed_url = t.rss_url then r.last_modified end,
          failures = case when r.feed_url = t.rss_url then r.failures else 0 end,
          stopped_at = case when r.feed_url = t.rss_url then r.stopped_at end,
          funding_linked = case when r.feed_url = t.rss_url then r.funding_linked end,
          feed_url = t.rss_url
      from tipjars t
      where t.id = r.tipjar_id and r.tipjar_id in (
        select r2.tipjar_id from feed_refreshes r2 join tipjars t2 on t2.id = r2.tipjar_id
        where t2.rss_url is not null and t2.archived_at is null ${options.tipjarId ? sql5`and t2.id = ${options.tipjarId}` : sql5``}
          and (r2.leased_until is null or r2.leased_until < now())
          and (r2.feed_url <> t2.rss_url or r2.checked_at is null
               or (r2.stopped_at is null and r2.checked_at < now() - ${options.intervalMinutes} * interval '1 minute'))
        order by r2.checked_at nulls first
        limit ${options.limit}
        for update of r2 skip locked)
      returning r.tipjar_id, r.feed_url`
  );
  return claimed.map((r) => ({ tipjarId: r.tipjar_id, feedUrl: r.feed_url }));
}
__name(claimDueFeeds, "claimDueFeeds");
async function findFeedRefresh(db, tipjarId) {
  const [row] = await db.select().from(feedRefreshes).where(eq5(feedRefreshes.tipjarId, tipjarId));
  return row;
}
__name(findFeedRefresh, "findFeedRefresh");
async function recordFeedSuccess(db, tipjarId, values) {
  await db.update(feedRefreshes).set({
    ...values,
    checkedAt: sql5`now()`,
    lastFetchedAt: sql5`now()`,
    failures: 0,
    lastError: null,
    stoppedAt: null,
    leasedUntil: null
  }).where(eq5(feedRefreshes.tipjarId, tipjarId));
}
__name(recordFeedSuccess, "recordFeedSuccess");
async function recordFeedFailure(db, tipjarId, error, maxFailures) {
  const [row] = await db.update(feedRefreshes).set({
    checkedAt: sql5`now()`,
    failures: sql5`${feedRefreshes.failures} + 1`,
    lastError: error.slice(0, 500),
    stoppedAt: sql5`case when ${feedRefreshes.failures} + 1 >= ${maxFailures} then coalesce(${feedRefreshes.stoppedAt}, now()) else ${feedRefreshes.stoppedAt} end`,
    leasedUntil: null
  }).where(eq5(feedRefreshes.tipjarId, tipjarId)).returning({ failures: feedRefreshes.failures });
  return row?.failures === maxFailures;
}
__name(recordFeedFailure, "recordFeedFailure");
async function resetFeedRefresh(db, tipjarId) {
  await db.delete(feedRefreshes).where(eq5(feedRefreshes.tipjarId, tipjarId));
}
__name(resetFeedRefresh, "resetFeedRefresh");
var UPSERT_BATCH = 5e3;
async function upsertEpisodes(db, tipjarId, list) {
  let changed = 0;
  for (let start = 0; start < list.length; start += UPSERT_BATCH) {
    const json = JSON.stringify(list.slice(start, start + UPSERT_BATCH));
    const rows3 = await rowsOf(
      db,
      sql5`insert into episodes (tipjar_id, guid, title, number, season, published_at, link, duration)
        select ${tipjarId}::uuid, x.guid, x.title, x.number, x.season, x."publishedAt", x.link, x.duration
        from jsonb_to_recordset(${json}::jsonb)
          as x(guid text, title text, number integer, season integer, "publishedAt" timestamptz, link text, duration integer)
        on conflict (tipjar_id, guid) do update set
          title = excluded.title, number = excluded.number, season = excluded.season,
          published_at = excluded.published_at, link = excluded.link, duration = excluded.duration,
          removed_at = null, updated = now()
        where (episodes.title, episodes.number, episodes.season, episodes.published_at, episodes.link, episodes.duration, episodes.removed_at)
          is distinct from (excluded.title, excluded.number, excluded.season, excluded.published_at, excluded.link, excluded.duration, null)
        returning id`
    );
    changed += rows3.length;
  }
  const guids = JSON.stringify(list.map((e) => e.guid));
  const removed = await rowsOf(
    db,
    sql5`update episodes set removed_at = now(), updated = now()
      where tipjar_id = ${tipjarId} and removed_at is null
        and guid not in (select jsonb_array_elements_text(${guids}::jsonb))
      returning id`
  );
  return changed + removed.length;
}
__name(upsertEpisodes, "upsertEpisodes");
var newestFirst = [sql5`${episodes.publishedAt} desc nulls last`, episodes.title, episodes.id];
async function recentEpisodes(db, tipjarId, limit) {
  return db.select().from(episodes).where(and4(eq5(episodes.tipjarId, tipjarId), isNull3(episodes.removedAt))).orderBy(...newestFirst).limit(limit);
}
__name(recentEpisodes, "recentEpisodes");
async function findEpisode(db, tipjarId, id) {
  const [row] = await db.select().from(episodes).where(and4(eq5(episodes.id, id), eq5(episodes.tipjarId, tipjarId), isNull3(episodes.removedAt)));
  return row;
}
__name(findEpisode, "findEpisode");
async function countEpisodes(db, tipjarId) {
  const [row] = await db.select({ count: sql5`count(*)::int` }).from(episodes).where(and4(eq5(episodes.tipjarId, tipjarId), isNull3(episodes.removedAt)));
  return Number(row?.count ?? 0);
}
__name(countEpisodes, "countEpisodes");
async function episodeRefs(db, ids) {
  if (ids.length === 0) return [];
  return db.select({ id: episodes.id, title: episodes.title, number: episodes.number }).from(episodes).where(inArray3(episodes.id, ids));
}
__name(episodeRefs, "episodeRefs");
async function tipsPerEpisode(db, tipjarId, limit) {
  return rowsOf(
    db,
    sql5`with counted as (
          select episode_id, count(*)::bigint as count,
                 sum(amount - refunded_amount)::bigint as gross,
                 sum(amount - refunded_amount - (fee - refunded_fee))::bigint as net
          from tips where tipjar_id = ${tipjarId} and completed_at is not null
          group by episode_id),
        shown as (
          select e.id, e.title, e.number, e.published_at, coalesce(c.count, 0) as count,
                 coalesce(c.gross, 0) as gross, coalesce(c.net, 0) as net
          from episodes e left join counted c on c.episode_id = e.id
          where e.tipjar_id = ${tipjarId} and (e.removed_at is null or c.count is not null)
          order by e.published_at desc nulls last, e.title, e.id
          limit ${limit})
        select id, title, number, published_at, count, gross, net from (
          select 0 as part, * from shown
          union all
          select 1, null, null, null, null, count, gross, net from counted where episode_id is null) s
        order by part, published_at desc nulls last, title, id`
  );
}
__name(tipsPerEpisode, "tipsPerEpisode");

// src/modules/episodes/episodes.refresh.ts
var FEEDS_PER_RUN = 20;
var LEASE_MS = 2 * 6e4;
var MAX_TEXT = 1e3;
var INT_MAX = 2 ** 31 - 1;
async function refreshFeeds(ctx, options = {}) {
  const outcome = { claimed: 0, read: 0, notModified: 0, failed: 0, stopped: 0, changed: 0 };
  const claimed = await claimDueFeeds(ctx.db, {
    limit: FEEDS_PER_RUN,
    leaseMs: LEASE_MS,
    intervalMinutes: FEED_REFRESH_INTERVAL_MINUTES,
    tipjarId: options.tipjarId
  });
  outcome.claimed = claimed.length;
  for (const claim of claimed) await refreshOne(ctx, claim, outcome);
  if (outcome.changed > 0) publicReadsChanged();
  return outcome;
}
__name(refreshFeeds, "refreshFeeds");
async function refreshOne(ctx, claim, outcome) {
  const [state, tipjar] = await Promise.all([
    findFeedRefresh(ctx.db, claim.tipjarId),
    findTipjar(ctx.db, claim.tipjarId)
  ]);
  if (!state || !tipjar) return;
  try {
    const answer = await safeFetch(claim.feedUrl, {
      ...fetchOptions(ctx),
      etag: state.etag,
      lastModified: state.lastModified
    });
    if (answer.status === "not_modified") {
      await recordFeedSuccess(ctx.db, claim.tipjarId, {});
      outcome.notModified += 1;
      return;
    }
    const feed = parseFeed(answer.body, answer.contentType);
    const fundingLinked = isFundingLinked(feed, ctx.config.publicUrl, tipjar.slug);
    const changed = await ctx.db.transaction(async (tx) => {
      const count14 = await upsertEpisodes(tx, claim.tipjarId, episodesOf(feed));
      await recordFeedSuccess(tx, claim.tipjarId, {
        etag: answer.etag,
        lastModified: answer.lastModified,
        fundingLinked
      });
      return count14;
    });
    outcome.read += 1;
    outcome.changed += changed;
  } catch (error) {
    if (!(error instanceof FeedFetchError)) ctx.log.error({ err: error, tipjarId: claim.tipjarId }, "feed refresh");
    outcome.failed += 1;
    const reason = error instanceof FeedFetchError ? error.reason : "error";
    const stopped = await ctx.db.transaction(async (tx) => {
      const stops = await recordFeedFailure(tx, claim.tipjarId, reason, FEED_REFRESH_MAX_FAILURES);
      if (stops) await queueStoppedMails(ctx, tx, tipjar, claim.feedUrl);
      return stops;
    });
    if (stopped) {
      outcome.stopped += 1;
      ctx.outbox.kick();
    }
  }
}
__name(refreshOne, "refreshOne");
async function queueStoppedMails(ctx, tx, tipjar, feedUrl) {
  const admins = await listAdminRecipients(tx, tipjar.id);
  const stoppedOn = (/* @__PURE__ */ new Date()).toISOString();
  for (const admin of admins) {
    const mail = feedStoppedMail(admin.locale, {
      brand: ctx.config.BRAND_NAME,
      tipjarName: tipjar.name,
      feedUrl,
      failures: FEED_REFRESH_MAX_FAILURES,
      settingsLink: appUrl(ctx.config.publicUrl, "backofficeSettings", { tipjarslug: tipjar.slug }, admin.locale)
    });
    await queueMail(
      tx,
      { to: admin.email, ...mail },
      { dedupeKey: `feed-stopped:${tipjar.id}:${admin.userId}:${stoppedOn}` }
    );
  }
}
__name(queueStoppedMails, "queueStoppedMails");
function episodesOf(feed) {
  const seen = /* @__PURE__ */ new Set();
  const list = [];
  const int = /* @__PURE__ */ __name((n) => n !== null && Number.isInteger(n) && Math.abs(n) <= INT_MAX ? n : null, "int");
  for (const episode of feed.episodes) {
    const guid = episode.guid.slice(0, MAX_TEXT);
    if (seen.has(guid)) continue;
    seen.add(guid);
    list.push({
      guid,
      title: episode.title.slice(0, MAX_TEXT),
      number: int(episode.number),
      season: int(episode.season),
      publishedAt: episode.publishedAt,
      link: episode.link?.slice(0, 2e3) ?? null,
      duration: int(episode.duration)
    });
  }
  return list;
}
__name(episodesOf, "episodesOf");
function comparable(url) {
  try {
    const u = new URL(url);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return `${u.host.toLowerCase()}${decodeURIComponent(u.pathname).replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}
__name(comparable, "comparable");
function isFundingLinked(feed, publicUrl, slug) {
  const ours = new Set(
    LOCALES.flatMap((locale) => [
      comparable(shareUrl(publicUrl, { slug }, locale)),
      comparable(`${publicUrl.replace(/\/$/, "")}/${locale}/${slug}`)
    ]).filter((u) => u !== null)
  );
  return feed.funding.some((tag) => {
    const theirs = comparable(tag.url);
    return theirs !== null && ours.has(theirs);
  });
}
__name(isFundingLinked, "isFundingLinked");

// src/modules/users/users.repository.ts
import {
  and as and5,
  count as count4,
  desc as desc3,
  eq as eq6,
  getTableColumns,
  ilike as ilike2,
  inArray as inArray4,
  isNotNull as isNotNull2,
  isNull as isNull4,
  ne,
  notInArray,
  or as or3,
  sql as sql6
} from "drizzle-orm";
var USER_SORTABLE = ["email", "firstName", "lastName", "role", "created"];
var findActorStatement = prepared(
  (db) => db.select({
    id: users.id,
    role: users.role,
    tokenVersion: users.tokenVersion,
    twoStepEnabled: users.twoStepEnabled,
    archivedAt: users.archivedAt
  }).from(users).where(eq6(users.id, sql6.placeholder("id"))).prepare("find_actor")
);
function actorOfUser(row) {
  return row && !row.archivedAt ? { userId: row.id, role: row.role, tokenVersion: row.tokenVersion, twoStepEnabled: row.twoStepEnabled } : null;
}
__name(actorOfUser, "actorOfUser");
var isUuid = /* @__PURE__ */ __name((id) => /^[0-9a-f-]{36}$/i.test(id), "isUuid");
async function findActor(db, userId) {
  if (!isUuid(userId)) return null;
  const [row] = await findActorStatement(db).execute({ id: userId });
  return actorOfUser(row);
}
__name(findActor, "findActor");
var meStatement = prepared(
  (db) => db.select({
    ...getTableColumns(users),
    tipjars: sql6`coalesce((
        select json_agg(json_build_object('id', t.id, 'slug', t.slug, 'name', t.name) order by a.created, t.slug)
        from tipjar_admins a inner join tipjars t on t.id = a.tipjar_id
        where a.user_id = ${users}.id and t.archived_at is null
      ), '[]'::json)`
  }).from(users).where(eq6(users.id, sql6.placeholder("id"))).prepare("find_me_with_tipjars")
);
async function findMe(db, userId) {
  if (!isUuid(userId)) return void 0;
  const [found] = await meStatement(db).execute({ id: userId });
  if (!found) return void 0;
  const { tipjars: refs, ...row } = found;
  return { row, tipjars: refs };
}
__name(findMe, "findMe");
async function findUserById(db, id) {
  const [row] = await db.select().from(users).where(eq6(users.id, id));
  return row;
}
__name(findUserById, "findUserById");
async function findUserByEmail(db, email) {
  const [row] = await db.select().from(users).where(eq6(users.email, email.toLowerCase()));
  return row;
}
__name(findUserByEmail, "findUserByEmail");
async function findUserIdByEmail(db, email) {
  const [row] = await db.select({ id: users.id, locale: users.locale, archivedAt: users.archivedAt }).from(users).where(eq6(users.email, email.toLowerCase()));
  return row;
}
__name(findUserIdByEmail, "findUserIdByEmail");
async function findUserLocale(db, id) {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq6(users.id, id));
  return row?.locale;
}
__name(findUserLocale, "findUserLocale");
async function insertUser(db, values) {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}
__name(insertUser, "insertUser");
async function updateUser(db, id, values) {
  if (Object.values(values).every((v) => v === void 0)) return findUserById(db, id);
  const [row] = await db.update(users).set(values).where(eq6(users.id, id)).returning();
  await sessionsChanged(db, id);
  return row;
}
__name(updateUser, "updateUser");
async function replacePassword(tx, id, passwordHash, now = /* @__PURE__ */ new Date()) {
  const [row] = await tx.update(users).set({ passwordHash, tokenVersion: sql6`${users.tokenVersion} + 1` }).where(eq6(users.id, id)).returning({ tokenVersion: users.tokenVersion });
  if (row) {
    await endResetLinks(tx, id, now);
    await tx.delete(trustedDevices).where(eq6(trustedDevices.userId, id));
    await sessionsChanged(tx, id);
  }
  return row;
}
__name(replacePassword, "replacePassword");
async function endResetLinks(db, userId, now = /* @__PURE__ */ new Date()) {
  await db.update(passwordResetTokens).set({ usedAt: now }).where(and5(eq6(passwordResetTokens.userId, userId), isNull4(passwordResetTokens.usedAt)));
}
__name(endResetLinks, "endResetLinks");
async function deleteUser(db, id) {
  const rows3 = await db.delete(users).where(eq6(users.id, id)).returning({ id: users.id });
  await sessionsChanged(db, id);
  return rows3.length > 0;
}
__name(deleteUser, "deleteUser");
async function lockUser(db, id) {
  const [row] = await db.select().from(users).where(eq6(users.id, id)).for("update");
  return row;
}
__name(lockUser, "lockUser");
async function archiveUser(db, id, at) {
  await db.update(users).set({ archivedAt: at }).where(and5(eq6(users.id, id), isNull4(users.archivedAt)));
  await db.delete(tipjarAdmins).where(
    and5(
      eq6(tipjarAdmins.userId, id),
      inArray4(tipjarAdmins.tipjarId, db.select({ id: tipjars.id }).from(tipjars).where(isNull4(tipjars.archivedAt)))
    )
  );
  await sessionsChanged(db, id);
}
__name(archiveUser, "archiveUser");
async function listSoleAdminTipjars(db, userId) {
  const others = db.select({ tipjarId: tipjarAdmins.tipjarId }).from(tipjarAdmins).where(ne(tipjarAdmins.userId, userId));
  return db.select({ id: tipjars.id, slug: tipjars.slug, name: tipjars.name }).from(tipjarAdmins).innerJoin(tipjars, eq6(tipjars.id, tipjarAdmins.tipjarId)).where(and5(eq6(tipjarAdmins.userId, userId), isNull4(tipjars.archivedAt), notInArray(tipjars.id, others))).orderBy(tipjars.slug);
}
__name(listSoleAdminTipjars, "listSoleAdminTipjars");
async function listTipjarRefs(db, userIds) {
  const byUser = /* @__PURE__ */ new Map();
  if (userIds.length === 0) return byUser;
  const rows3 = await db.select({ userId: tipjarAdmins.userId, id: tipjars.id, slug: tipjars.slug, name: tipjars.name }).from(tipjarAdmins).innerJoin(tipjars, eq6(tipjars.id, tipjarAdmins.tipjarId)).where(and5(inArray4(tipjarAdmins.userId, userIds), isNull4(tipjars.archivedAt))).orderBy(tipjarAdmins.created, tipjars.slug);
  for (const { userId, ...ref } of rows3) {
    const list = byUser.get(userId) ?? [];
    list.push(ref);
    byUser.set(userId, list);
  }
  return byUser;
}
__name(listTipjarRefs, "listTipjarRefs");
async function listUsers(db, query) {
  const where = and5(
    query.search ? or3(
      ilike2(users.email, likePattern(query.search)),
      ilike2(sql6`${users.firstName} || ' ' || ${users.lastName}`, likePattern(query.search))
    ) : void 0,
    query.archived ? isNotNull2(users.archivedAt) : isNull4(users.archivedAt)
  );
  const { offset, limit } = windowOf(query);
  const [rows3, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(...orderOf(query, users, [desc3(users.created)], users.id)).offset(offset).limit(limit),
    db.select({ count: count4() }).from(users).where(where)
  ]);
  return { rows: rows3, count: total?.count ?? 0 };
}
__name(listUsers, "listUsers");

// src/modules/recurring-tips/manage-token.ts
import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

// src/modules/recurring-tips/recurring-tips.repository.ts
import { and as and6, asc as asc4, count as count5, desc as desc4, eq as eq7, ilike as ilike3, inArray as inArray5, isNull as isNull5, lt as lt2, or as or4, sql as sql7 } from "drizzle-orm";
var viewColumns = {
  row: recurringTips,
  tipjarSlug: tipjars.slug,
  tipjarName: tipjars.name,
  email: users.email
};
function toView(r) {
  return { ...r.row, tipjarSlug: r.tipjarSlug, tipjarName: r.tipjarName, email: r.email };
}
__name(toView, "toView");
function viewQuery(db) {
  return db.select(viewColumns).from(recurringTips).innerJoin(tipjars, eq7(tipjars.id, recurringTips.tipjarId)).innerJoin(users, eq7(users.id, recurringTips.userId));
}
__name(viewQuery, "viewQuery");
async function insertRecurringTip(db, values) {
  const [row] = await db.insert(recurringTips).values(values).onConflictDoNothing().returning();
  return row;
}
__name(insertRecurringTip, "insertRecurringTip");
async function findRecurringTipByIdempotencyKey(db, userId, key) {
  const [row] = await db.select({ id: recurringTips.id, fingerprint: recurringTips.idempotencyFingerprint }).from(recurringTips).where(and6(eq7(recurringTips.userId, userId), eq7(recurringTips.idempotencyKey, key)));
  return row;
}
__name(findRecurringTipByIdempotencyKey, "findRecurringTipByIdempotencyKey");
async function findRecurringTip(db, id) {
  const [row] = await viewQuery(db).where(eq7(recurringTips.id, id));
  return row ? toView(row) : void 0;
}
__name(findRecurringTip, "findRecurringTip");
async function findRecurringTips(db, ids) {
  if (ids.length === 0) return /* @__PURE__ */ new Map();
  const rows3 = await viewQuery(db).where(inArray5(recurringTips.id, ids));
  return new Map(rows3.map((r) => [r.row.id, toView(r)]));
}
__name(findRecurringTips, "findRecurringTips");
async function findByMandate(db, mandateUid) {
  const [row] = await db.select().from(recurringTips).where(eq7(recurringTips.mandateUid, mandateUid)).limit(1);
  return row;
}
__name(findByMandate, "findByMandate");
async function lockByMandate(db, mandateUid) {
  return db.select().from(recurringTips).where(eq7(recurringTips.mandateUid, mandateUid)).for("update");
}
__name(lockByMandate, "lockByMandate");
async function lockRecurringTip(db, id) {
  const [row] = await db.select().from(recurringTips).where(eq7(recurringTips.id, id)).for("update");
  return row;
}
__name(lockRecurringTip, "lockRecurringTip");
async function updateRecurringTip(db, id, values) {
  const [row] = await db.update(recurringTips).set(values).where(eq7(recurringTips.id, id)).returning();
  return row;
}
__name(updateRecurringTip, "updateRecurringTip");
async function bumpManageTokenVersion(db, id) {
  const [row] = await db.update(recurringTips).set({ manageTokenVersion: sql7`${recurringTips.manageTokenVersion} + 1` }).where(eq7(recurringTips.id, id)).returning({ version: recurringTips.manageTokenVersion });
  return row?.version ?? 0;
}
__name(bumpManageTokenVersion, "bumpManageTokenVersion");
async function findManageTokenVersion(db, id) {
  const [row] = await db.select({ version: recurringTips.manageTokenVersion }).from(recurringTips).where(eq7(recurringTips.id, id));
  return row?.version;
}
__name(findManageTokenVersion, "findManageTokenVersion");
async function listRecurringTips(db, filter, query) {
  const where = and6(
    filter.userId ? eq7(recurringTips.userId, filter.userId) : void 0,
    filter.tipjarId ? eq7(recurringTips.tipjarId, filter.tipjarId) : void 0,
    query.search ? or4(ilike3(tipjars.name, likePattern(query.search)), ilike3(recurringTips.displayName, likePattern(query.search))) : void 0
  );
  const { offset, limit } = windowOf(query);
  const order = orderOf(
    query,
    {
      created: recurringTips.created,
      amount: recurringTips.amount,
      status: recurringTips.status,
      nextChargeAt: recurringTips.nextChargeAt
    },
    [desc4(recurringTips.created)],
    recurringTips.id
  );
  const [rows3, [total]] = await Promise.all([
    viewQuery(db).where(where).orderBy(...order).offset(offset).limit(limit),
    db.select({ count: count5() }).from(recurringTips).innerJoin(tipjars, eq7(tipjars.id, recurringTips.tipjarId)).where(where)
  ]);
  return { rows: rows3.map(toView), count: total?.count ?? 0 };
}
__name(listRecurringTips, "listRecurringTips");
async function insertCharge(db, values) {
  const [row] = await db.insert(recurringTipCharges).values(values).onConflictDoNothing({ target: [recurringTipCharges.recurringTipId, recurringTipCharges.period] }).returning();
  return row;
}
__name(insertCharge, "insertCharge");
async function findCharge(db, id) {
  const [row] = await db.select().from(recurringTipCharges).where(eq7(recurringTipCharges.id, id));
  return row;
}
__name(findCharge, "findCharge");
async function lockCharge(db, id) {
  const [row] = await db.select().from(recurringTipCharges).where(eq7(recurringTipCharges.id, id)).for("update");
  return row;
}
__name(lockCharge, "lockCharge");
async function updateCharge(db, id, values) {
  const [row] = await db.update(recurringTipCharges).set(values).where(eq7(recurringTipCharges.id, id)).returning();
  return row;
}
__name(updateCharge, "updateCharge");
async function findLatestCharge(db, recurringTipId) {
  const [row] = await db.select().from(recurringTipCharges).where(eq7(recurringTipCharges.recurringTipId, recurringTipId)).orderBy(desc4(recurringTipCharges.period)).limit(1);
  return row;
}
__name(findLatestCharge, "findLatestCharge");
async function listCharges(db, recurringTipIds) {
  if (recurringTipIds.length === 0) return [];
  return db.select({ charge: recurringTipCharges, tipStatus: tips.status }).from(recurringTipCharges).leftJoin(tips, eq7(tips.id, recurringTipCharges.tipId)).where(inArray5(recurringTipCharges.recurringTipId, recurringTipIds)).orderBy(desc4(recurringTipCharges.period));
}
__name(listCharges, "listCharges");
async function cancelScheduledCharges(db, recurringTipId) {
  return db.update(recurringTipCharges).set({ status: "cancelled", claimedUntil: null }).where(
    and6(
      eq7(recurringTipCharges.recurringTipId, recurringTipId),
      eq7(recurringTipCharges.status, "scheduled"),
      eq7(recurringTipCharges.via, "debit")
    )
  ).returning();
}
__name(cancelScheduledCharges, "cancelScheduledCharges");
var chargeable = and6(eq7(recurringTips.status, "active"), eq7(recurringTips.mandateStatus, "valid"));
async function leaseCharge(db, id, attempt, leaseMs) {
  const [row] = await db.update(recurringTipCharges).set({ claimedUntil: sql7`now() + ${`${Math.ceil(leaseMs / 1e3)} seconds`}::interval` }).where(
    and6(
      eq7(recurringTipCharges.id, id),
      eq7(recurringTipCharges.attempt, attempt),
      eq7(recurringTipCharges.status, "scheduled"),
      or4(isNull5(recurringTipCharges.claimedUntil), lt2(recurringTipCharges.claimedUntil, sql7`now()`))
    )
  ).returning();
  return row;
}
__name(leaseCharge, "leaseCharge");
async function listHalfMadeMandateCharges(db, olderThan, limit) {
  return db.select().from(recurringTipCharges).where(
    and6(
      eq7(recurringTipCharges.via, "mandate"),
      eq7(recurringTipCharges.status, "scheduled"),
      lt2(recurringTipCharges.updated, olderThan),
      or4(isNull5(recurringTipCharges.claimedUntil), lt2(recurringTipCharges.claimedUntil, sql7`now()`)),
      sql7`not exists (select 1 from opp_transactions o where o.kind = 'recurring_charge'
              and o.owner_id = ${recurringTipCharges.id} and o.attempt = ${recurringTipCharges.attempt})`
    )
  ).orderBy(asc4(recurringTipCharges.updated)).limit(limit);
}
__name(listHalfMadeMandateCharges, "listHalfMadeMandateCharges");
async function releaseCharge(db, id) {
  await db.update(recurringTipCharges).set({ claimedUntil: null }).where(eq7(recurringTipCharges.id, id));
}
__name(releaseCharge, "releaseCharge");
async function recurringTotals(db, tipjarId) {
  const [row] = await db.select({ active: count5(), monthlySum: sql7`coalesce(sum(${recurringTips.amount}), 0)` }).from(recurringTips).where(and6(chargeable, tipjarId ? eq7(recurringTips.tipjarId, tipjarId) : void 0));
  return { active: row?.active ?? 0, monthlySum: Number(row?.monthlySum ?? 0) };
}
__name(recurringTotals, "recurringTotals");

// src/modules/recurring-tips/manage-token.ts
var MANAGE_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
var PURPOSE = "manage-recurring-tip";
var ISSUER = "podpot";
var MANAGE_TOKEN_HEADER = "x-manage-token";
var keys = /* @__PURE__ */ new WeakMap();
function keyOf(ctx) {
  let key = keys.get(ctx);
  if (!key) {
    key = createHmac("sha256", ctx.config.JWT_SECRET).update(`podpot:${PURPOSE}`).digest();
    keys.set(ctx, key);
  }
  return key;
}
__name(keyOf, "keyOf");
function signVersion(ctx, recurringTipId, version, ttlSeconds) {
  const now = Math.floor(Date.now() / 1e3);
  return new SignJWT({ purpose: PURPOSE, ver: version }).setProtectedHeader({ alg: "HS256" }).setSubject(recurringTipId).setIssuer(ISSUER).setAudience(PURPOSE).setIssuedAt(now).setExpirationTime(now + ttlSeconds).sign(keyOf(ctx));
}
__name(signVersion, "signVersion");
async function verifyManageToken(ctx, token) {
  try {
    const { payload } = await jwtVerify(token, keyOf(ctx), {
      issuer: ISSUER,
      audience: PURPOSE,
      algorithms: ["HS256"]
    });
    if (payload.purpose !== PURPOSE || typeof payload.sub !== "string") return null;
    const current = await findManageTokenVersion(ctx.db, payload.sub);
    return current !== void 0 && (payload.ver ?? 0) === current ? payload.sub : null;
  } catch {
    return null;
  }
}
__name(verifyManageToken, "verifyManageToken");
async function manageLinkOf(ctx, recurringTipId, locale, db = ctx.db) {
  const version = await bumpManageTokenVersion(db, recurringTipId);
  const token = await signVersion(ctx, recurringTipId, version, MANAGE_TOKEN_TTL_SECONDS);
  return appUrl(ctx.config.publicUrl, "accountRecurringtips", { recurringtipid: recurringTipId }, locale, { token });
}
__name(manageLinkOf, "manageLinkOf");
function manageTokenCandidates(request) {
  const found = [];
  const query = request.query ?? {};
  if (typeof query.token === "string" && query.token) found.push(query.token);
  const header = request.headers[MANAGE_TOKEN_HEADER];
  if (typeof header === "string" && header) found.push(header);
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  if (bearer?.[1]) found.push(bearer[1]);
  return found;
}
__name(manageTokenCandidates, "manageTokenCandidates");

// src/modules/recurring-tips/recurring-tips.charge.repository.ts
import { and as and7, asc as asc5, eq as eq8, getTableColumns as getTableColumns2, inArray as inArray6, isNull as isNull6, lt as lt3, lte as lte2, notInArray as notInArray2, or as or5, sql as sql8 } from "drizzle-orm";
var chargeableSql = sql8`r.status = 'active' and r.mandate_status = 'valid'`;
async function lockDueRecurringTips(db, now, limit, exclude = []) {
  return db.select({
    ...getTableColumns2(recurringTips),
    tipperEmail: sql8`(select u.email from ${users} u where u.id = ${recurringTips.userId})`
  }).from(recurringTips).where(
    and7(
      chargeable,
      lte2(recurringTips.nextChargeAt, now),
      exclude.length > 0 ? notInArray2(recurringTips.id, exclude) : void 0
    )
  ).orderBy(asc5(recurringTips.nextChargeAt)).limit(limit).for("update", { skipLocked: true });
}
__name(lockDueRecurringTips, "lockDueRecurringTips");
async function scheduleRecurringTips(db, updates) {
  if (updates.length === 0) return;
  const rows3 = sql8.join(
    updates.map((u) => sql8`(${u.id}::uuid, ${u.nextChargeAt.toISOString()}::timestamptz, ${u.amount ?? null}::int)`),
    sql8`, `
  );
  await db.execute(sql8`update ${recurringTips} r
    set next_charge_at = v.next_charge_at, amount = coalesce(v.amount, r.amount),
        next_amount = case when v.amount is null then r.next_amount end, updated = now()
    from (values ${rows3}) as v(id, next_charge_at, amount) where r.id = v.id`);
}
__name(scheduleRecurringTips, "scheduleRecurringTips");
async function claimChargeWork(db, now, leaseMs, limit) {
  const candidates = db.select({
    id: recurringTipCharges.id,
    claimedBefore: sql8`coalesce(${recurringTipCharges.lastAttemptAt} >= ${recurringTipCharges.nextAttemptAt}, false)`.as(
      "claimed_before"
    )
  }).from(recurringTipCharges).where(
    and7(
      eq8(recurringTipCharges.status, "scheduled"),
      eq8(recurringTipCharges.via, "debit"),
      lte2(recurringTipCharges.nextAttemptAt, now),
      or5(isNull6(recurringTipCharges.claimedUntil), lt3(recurringTipCharges.claimedUntil, sql8`now()`)),
      // Per candidate, by primary key — a scalar subquery is never made a join. As `IN (select …)`
      // the planner, with the statistics of before the claim, joined from every chargeable
      // monthly tip to its charges for each batch: a scan of the whole table per 100 months.
      sql8`coalesce((select ${chargeableSql} from ${recurringTips} r where r.id = ${recurringTipCharges.recurringTipId}), false)`
    )
  ).orderBy(asc5(recurringTipCharges.nextAttemptAt)).limit(limit).for("update", { skipLocked: true }).as("candidates");
  return db.update(recurringTipCharges).set({
    claimedUntil: sql8`now() + ${`${Math.ceil(leaseMs / 1e3)} seconds`}::interval`,
    lastAttemptAt: now
  }).from(candidates).where(and7(eq8(recurringTipCharges.id, candidates.id), eq8(recurringTipCharges.status, "scheduled"))).returning({ ...getTableColumns2(recurringTipCharges), claimedBefore: candidates.claimedBefore });
}
__name(claimChargeWork, "claimChargeWork");
async function analyzeCharges(db) {
  await db.execute(sql8`analyze ${recurringTipCharges}`);
}
__name(analyzeCharges, "analyzeCharges");
async function insertCharges(db, values) {
  if (values.length === 0) return [];
  return db.insert(recurringTipCharges).values(values).onConflictDoNothing({ target: [recurringTipCharges.recurringTipId, recurringTipCharges.period] }).returning();
}
__name(insertCharges, "insertCharges");
async function setChargeTips(db, pairs) {
  if (pairs.length === 0) return;
  const rows3 = sql8.join(
    pairs.map((p) => sql8`(${p.id}::uuid, ${p.tipId}::uuid)`),
    sql8`, `
  );
  await db.execute(sql8`update ${recurringTipCharges} c set tip_id = v.tip_id, updated = now()
    from (values ${rows3}) as v(id, tip_id) where c.id = v.id`);
}
__name(setChargeTips, "setChargeTips");
async function recordChargeAnswers(db, answers, tipFrom) {
  if (answers.length === 0) return;
  const rows3 = sql8.join(
    answers.map((a) => sql8`(${a.id}::uuid, ${a.rowId}::uuid, ${a.attempt}::int, ${a.open}::boolean)`),
    sql8`, `
  );
  const from = sql8.join(
    tipFrom.map((status2) => sql8`${status2}`),
    sql8`, `
  );
  await db.execute(sql8`with months as (
      update ${recurringTipCharges} c
      set opp_transaction_id = v.row_id, claimed_until = null, updated = now(),
          status = case when v.open and c.status = 'scheduled' and c.attempt = v.attempt then 'pending' else c.status end
      from (values ${rows3}) as v(id, row_id, attempt, open)
      where c.id = v.id
      returning c.tip_id, v.open and c.status = 'pending' and c.attempt = v.attempt as pending)
    update ${tips} t set status = 'pending', updated = now()
    from months m
    where t.id = m.tip_id and m.pending and (t.status in (${from})) is true`);
}
__name(recordChargeAnswers, "recordChargeAnswers");
var periodOfNextCharge = sql8`to_char(${recurringTips.nextChargeAt} at time zone 'UTC', 'YYYY-MM')`;
async function claimPreNotifications(db, now, until, limit) {
  const candidates = db.select({ id: recurringTips.id }).from(recurringTips).where(
    and7(
      chargeable,
      lte2(recurringTips.nextChargeAt, until),
      sql8`${recurringTips.nextChargeAt} > ${now}`,
      sql8`${recurringTips.preNotifiedPeriod} is distinct from ${periodOfNextCharge}`
    )
  ).limit(limit).for("update", { skipLocked: true });
  return db.update(recurringTips).set({ preNotifiedPeriod: periodOfNextCharge, updated: sql8`${recurringTips.updated}` }).where(inArray6(recurringTips.id, candidates)).returning();
}
__name(claimPreNotifications, "claimPreNotifications");

// src/modules/merchants/merchants.repository.ts
import { eq as eq9, inArray as inArray7, sql as sql9 } from "drizzle-orm";
async function findMerchantOfTipjar(db, tipjarId) {
  const [row] = await db.select().from(oppMerchants).where(eq9(oppMerchants.tipjarId, tipjarId));
  return row;
}
__name(findMerchantOfTipjar, "findMerchantOfTipjar");
var ofTipjarStatement = prepared(
  (db) => db.select().from(oppMerchants).where(eq9(oppMerchants.tipjarId, sql9.placeholder("tipjarId"))).prepare("merchant_of_tipjar")
);
async function readMerchantOfTipjar(db, tipjarId) {
  const [row] = await ofTipjarStatement(db).execute({ tipjarId });
  return row;
}
__name(readMerchantOfTipjar, "readMerchantOfTipjar");
async function findMerchantByUid(db, merchantUid) {
  const [row] = await db.select().from(oppMerchants).where(eq9(oppMerchants.merchantUid, merchantUid));
  return row;
}
__name(findMerchantByUid, "findMerchantByUid");
async function merchantsOfTipjars(db, tipjarIds) {
  if (tipjarIds.length === 0) return /* @__PURE__ */ new Map();
  const rows3 = await db.select().from(oppMerchants).where(inArray7(oppMerchants.tipjarId, tipjarIds));
  return new Map(rows3.map((r) => [r.tipjarId, r]));
}
__name(merchantsOfTipjars, "merchantsOfTipjars");
async function insertMerchant(db, values) {
  const [row] = await db.insert(oppMerchants).values(values).onConflictDoNothing().returning();
  publicReadsChanged();
  return row;
}
__name(insertMerchant, "insertMerchant");
async function updateMerchant(db, id, values) {
  const [row] = await db.update(oppMerchants).set(values).where(eq9(oppMerchants.id, id)).returning();
  publicReadsChanged();
  return row;
}
__name(updateMerchant, "updateMerchant");
async function deleteMerchantOfTipjar(db, tipjarId) {
  const [row] = await db.delete(oppMerchants).where(eq9(oppMerchants.tipjarId, tipjarId)).returning();
  publicReadsChanged();
  return row;
}
__name(deleteMerchantOfTipjar, "deleteMerchantOfTipjar");

// src/lib/access.ts
import { and as and8, eq as eq10 } from "drizzle-orm";
function isAdmin(actor) {
  return actor?.role === "ADMIN" && !actor.twoStepMissing;
}
__name(isAdmin, "isAdmin");
function assertAdmin(actor) {
  if (actor.role === "ADMIN" && actor.twoStepMissing) {
    throw new AppError(ErrorCode.TwoStepRequired, "Set up two-step login (and log in with it) to act as an admin");
  }
  if (!isAdmin(actor)) throw AppError.forbidden();
}
__name(assertAdmin, "assertAdmin");
async function requireUser(request) {
  const actor = await request.actor();
  if (!actor) throw AppError.unauthorized();
  return { ...actor, request: { id: request.id, ip: request.ip } };
}
__name(requireUser, "requireUser");
async function requireAdmin(request) {
  const actor = await requireUser(request);
  assertAdmin(actor);
  return actor;
}
__name(requireAdmin, "requireAdmin");
async function loadManagedTipjar(ctx, actor, id) {
  const [row] = await ctx.db.select().from(tipjars).where(eq10(tipjars.id, id));
  if (!row) throw AppError.notFound("Tip jar");
  if (isAdmin(actor)) return row;
  if (row.archivedAt) throw AppError.notFound("Tip jar");
  const [admin] = await ctx.db.select({ userId: tipjarAdmins.userId }).from(tipjarAdmins).where(and8(eq10(tipjarAdmins.tipjarId, id), eq10(tipjarAdmins.userId, actor.userId)));
  if (!admin) throw AppError.notFound("Tip jar");
  return row;
}
__name(loadManagedTipjar, "loadManagedTipjar");

// src/modules/audit/audit.repository.ts
import { and as and9, desc as desc5, eq as eq11, gte, ilike as ilike4, lt as lt4, or as or6, sql as sql10 } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
async function insertAuditEntry(tx, values) {
  await tx.insert(auditLog).values(values);
}
__name(insertAuditEntry, "insertAuditEntry");
var AUDIT_SORTABLE_COLUMNS = { at: auditLog.at, action: auditLog.action };
var actors = alias(users, "actor");
var subjects = alias(users, "subject");
var nameOf = /* @__PURE__ */ __name((u) => sql10`coalesce(nullif(trim(concat_ws(' ', ${u.firstName}, ${u.lastName})), ''), ${u.email})`, "nameOf");
async function listAuditEntries(db, query, filter) {
  const search = query.search ? or6(
    ilike4(actors.email, likePattern(query.search)),
    ilike4(sql10`concat_ws(' ', ${actors.firstName}, ${actors.lastName})`, likePattern(query.search)),
    ilike4(tipjars.name, likePattern(query.search))
  ) : void 0;
  const conditions = [
    search,
    filter.tipjarId ? eq11(auditLog.tipjarId, filter.tipjarId) : void 0,
    filter.actorId ? eq11(auditLog.actorId, filter.actorId) : void 0,
    filter.action ? eq11(auditLog.action, filter.action) : void 0,
    filter.entityType ? eq11(auditLog.entityType, filter.entityType) : void 0,
    filter.entityId ? eq11(auditLog.entityId, filter.entityId) : void 0,
    filter.from ? gte(auditLog.at, filter.from) : void 0,
    filter.to ? lt4(auditLog.at, filter.to) : void 0
  ];
  const where = and9(...conditions);
  const { offset, limit } = windowOf(query);
  const base = /* @__PURE__ */ __name(() => db.select({
    id: auditLog.id,
    at: auditLog.at,
    actorId: auditLog.actorId,
    actorRole: auditLog.actorRole,
    actorName: nameOf(actors),
    tipjarId: auditLog.tipjarId,
    tipjarName: tipjars.name,
    entityType: auditLog.entityType,
    entityId: auditLog.entityId,
    entityName: nameOf(subjects),
    action: auditLog.action,
    before: auditLog.before,
    after: auditLog.after,
    requestId: auditLog.requestId,
    ip: auditLog.ip
  }).from(auditLog).leftJoin(actors, eq11(actors.id, auditLog.actorId)).leftJoin(tipjars, eq11(tipjars.id, auditLog.tipjarId)).leftJoin(subjects, and9(eq11(auditLog.entityType, "user"), eq11(subjects.id, auditLog.entityId))), "base");
  const [rows3, [total]] = await Promise.all([
    base().where(where).orderBy(...orderOf(query, AUDIT_SORTABLE_COLUMNS, [desc5(auditLog.at)], auditLog.id)).offset(offset).limit(limit),
    db.select({ count: sql10`count(*)`.mapWith(Number) }).from(auditLog).leftJoin(actors, eq11(actors.id, auditLog.actorId)).leftJoin(tipjars, eq11(tipjars.id, auditLog.tipjarId)).where(where)
  ]);
  return { rows: rows3, count: total?.count ?? 0 };
}
__name(listAuditEntries, "listAuditEntries");

// src/modules/audit/audit.service.ts
var SECRET_KEY = /password|hash|token|secret|apikey|idempotency/i;
function cleanValues(values) {
  if (!values) return null;
  const entries = Object.entries(values).filter(([key, value]) => !SECRET_KEY.test(key) && value !== void 0).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]);
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}
__name(cleanValues, "cleanValues");
async function recordAudit(tx, actor, change) {
  await insertAuditEntry(tx, {
    actorId: actor.userId,
    actorRole: actor.role,
    tipjarId: change.tipjarId ?? null,
    entityType: change.entityType,
    entityId: change.entityId,
    action: change.action,
    before: cleanValues(change.before),
    after: cleanValues(change.after),
    requestId: actor.request?.id ?? null,
    ip: actor.request?.ip ?? null
  });
}
__name(recordAudit, "recordAudit");
var same = /* @__PURE__ */ __name((a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null), "same");
function changesOf(before, after, fields) {
  const changed = fields.filter((field) => !same(before[field], after[field]));
  if (changed.length === 0) return null;
  const pick = /* @__PURE__ */ __name((row) => Object.fromEntries(changed.map((field) => [field, row[field] ?? null])), "pick");
  return { before: pick(before), after: pick(after) };
}
__name(changesOf, "changesOf");
function toAuditEntry(row, audience) {
  const platformActor = row.actorRole === "ADMIN";
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: audience === "tipjar" && platformActor ? null : row.actorId,
    actorRole: row.actorRole,
    // A tip jar's own trail names its own admins; a platform admin is "the platform" there.
    actorName: audience === "tipjar" && platformActor ? null : row.actorName ?? null,
    tipjarId: row.tipjarId,
    tipjarName: row.tipjarName ?? null,
    entityType: row.entityType,
    entityId: row.entityId,
    entityName: row.entityName ?? null,
    action: row.action,
    before: row.before ?? null,
    after: row.after ?? null,
    requestId: audience === "platform" ? row.requestId : null,
    ip: audience === "platform" ? row.ip : null
  };
}
__name(toAuditEntry, "toAuditEntry");
async function listAudit(ctx, actor, query) {
  assertAdmin(actor);
  const { rows: rows3, count: count14 } = await listAuditEntries(ctx.db, query, query);
  return { data: rows3.map((row) => toAuditEntry(row, "platform")), metadata: { count: count14 } };
}
__name(listAudit, "listAudit");
async function listTipjarAudit(ctx, actor, tipjarId, query) {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const { rows: rows3, count: count14 } = await listAuditEntries(ctx.db, query, { ...query, tipjarId: tipjar.id });
  const audience = isAdmin(actor) ? "platform" : "tipjar";
  return { data: rows3.map((row) => toAuditEntry(row, audience)), metadata: { count: count14 } };
}
__name(listTipjarAudit, "listTipjarAudit");

// src/modules/merchants/merchants.mails.ts
import { and as and10, eq as eq12, isNull as isNull7 } from "drizzle-orm";
function bankAccountChanged(before, state) {
  if (!before.bankAccountUid || !state.bankAccountUid) return false;
  if (state.bankAccountUid !== before.bankAccountUid) return true;
  return Boolean(before.bankAccountIban && state.bankAccountIban && state.bankAccountIban !== before.bankAccountIban);
}
__name(bankAccountChanged, "bankAccountChanged");
async function queueBankAccountChangedMails(ctx, tx, tipjarId, bankAccountUid) {
  const [tipjar] = await tx.select({ id: tipjars.id, slug: tipjars.slug, name: tipjars.name }).from(tipjars).where(eq12(tipjars.id, tipjarId));
  if (!tipjar) return;
  const base = ctx.config.publicUrl;
  const admins = await tx.select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale }).from(tipjarAdmins).innerJoin(users, eq12(users.id, tipjarAdmins.userId)).where(and10(eq12(tipjarAdmins.tipjarId, tipjarId), isNull7(users.archivedAt)));
  for (const admin of admins) {
    const mail = bankAccountChangedMail(admin.locale, {
      brand: ctx.config.BRAND_NAME,
      name: admin.firstName,
      tipjarName: tipjar.name,
      settingsLink: appUrl(base, "backofficeSettings", { tipjarslug: tipjar.slug }, admin.locale),
      supportLink: appUrl(base, "support", {}, admin.locale)
    });
    await queueMail(
      tx,
      { to: admin.email, ...mail },
      { dedupeKey: `bank-account-changed:${tipjarId}:${bankAccountUid}:${admin.id}` }
    );
  }
}
__name(queueBankAccountChangedMails, "queueBankAccountChangedMails");

// src/modules/merchants/merchants.service.ts
var stateFields = /* @__PURE__ */ __name((row) => ({
  merchantStatus: row.merchantStatus,
  complianceStatus: row.complianceStatus,
  complianceLevel: row.complianceLevel,
  bankAccountStatus: row.bankAccountStatus
}), "stateFields");
function toMerchantView(row) {
  return {
    merchantUid: row.merchantUid,
    type: row.type,
    merchantStatus: row.merchantStatus,
    complianceStatus: row.complianceStatus,
    complianceLevel: row.complianceLevel,
    overviewUrl: row.overviewUrl,
    requirements: row.requirements,
    bankAccount: row.bankAccountStatus ? { status: row.bankAccountStatus, verificationUrl: row.bankAccountVerificationUrl, iban: row.bankAccountIban } : null,
    registrationComplete: isRegistrationComplete(stateFields(row)),
    acceptsPayments: merchantTakesPayments(row.merchantStatus),
    updated: row.updated.toISOString()
  };
}
__name(toMerchantView, "toMerchantView");
function toMerchantRef(row) {
  if (!row) return null;
  const state = stateFields(row);
  return { ...state, registrationComplete: isRegistrationComplete(state) };
}
__name(toMerchantRef, "toMerchantRef");
function acceptsTips(row) {
  return row !== void 0 && merchantTakesPayments(row.merchantStatus);
}
__name(acceptsTips, "acceptsTips");
async function receivingMerchantUid(ctx, tipjarId) {
  const row = await findMerchantOfTipjar(ctx.db, tipjarId);
  if (row && acceptsTips(row)) return row.merchantUid;
  ctx.log.warn(
    { tipjarId, merchantStatus: row?.merchantStatus ?? null },
    row ? "the provider stopped this merchant; tips are refused" : "tip jar has no provider merchant yet; tips are refused"
  );
  throw new AppError(
    ErrorCode.NotAcceptingTips,
    row ? "This tip jar cannot receive tips at the moment" : "This tip jar cannot receive tips yet"
  );
}
__name(receivingMerchantUid, "receivingMerchantUid");
function stateOf(merchant, bank) {
  return {
    type: merchant.type,
    merchantStatus: merchant.status,
    complianceStatus: merchant.compliance.status,
    complianceLevel: merchant.compliance.level,
    overviewUrl: merchant.compliance.overviewUrl,
    requirements: merchant.compliance.requirements.map((r) => ({
      type: r.type,
      status: r.status,
      redirectUrl: r.objectRedirectUrl
    })),
    ...bank ? bankStateOf(bank) : {}
  };
}
__name(stateOf, "stateOf");
function bankStateOf(bank) {
  return {
    bankAccountUid: bank.uid,
    bankAccountStatus: bank.status,
    bankAccountVerificationUrl: bank.verificationUrl,
    bankAccountIban: bank.iban
  };
}
__name(bankStateOf, "bankStateOf");
function providerFailed(ctx, err) {
  if (err instanceof OppError && err.status === 409) {
    return new AppError(ErrorCode.Conflict, "The registration is being processed right now; try again in a moment");
  }
  ctx.log.error({ err }, "payment provider call for a merchant failed");
  return new AppError(ErrorCode.PaymentProvider, "The payment provider could not be reached; please try again");
}
__name(providerFailed, "providerFailed");
function registrationUrl(ctx, slug, locale) {
  return appUrl(ctx.config.publicUrl, "backofficeRegistration", { tipjarslug: slug }, locale);
}
__name(registrationUrl, "registrationUrl");
async function defaultBankAccount(ctx, merchantUid) {
  const list = await ctx.opp.listBankAccounts(merchantUid);
  return list.data.find((b) => b.isDefault) ?? list.data[0] ?? null;
}
__name(defaultBankAccount, "defaultBankAccount");
async function getMerchant(ctx, actor, tipjarId) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const row = await findMerchantOfTipjar(ctx.db, tipjarId);
  if (!row) throw AppError.notFound("Merchant");
  return toMerchantView(await refreshMerchant(ctx, row));
}
__name(getMerchant, "getMerchant");
async function refreshMerchant(ctx, row) {
  let merchant;
  let bank;
  try {
    [merchant, bank] = await Promise.all([
      ctx.opp.getMerchant(row.merchantUid),
      defaultBankAccount(ctx, row.merchantUid)
    ]);
  } catch (err) {
    ctx.log.warn({ err, merchantUid: row.merchantUid }, "merchant refresh failed");
    return row;
  }
  return await saveMerchantState(ctx, row, stateOf(merchant, bank)) ?? row;
}
__name(refreshMerchant, "refreshMerchant");
async function saveMerchantState(ctx, row, state) {
  if (!bankAccountChanged(row, state)) return updateMerchant(ctx.db, row.id, state);
  const updated = await ctx.db.transaction(async (tx) => {
    const saved = await updateMerchant(tx, row.id, state);
    if (saved?.tipjarId) await queueBankAccountChangedMails(ctx, tx, saved.tipjarId, state.bankAccountUid);
    return saved;
  });
  ctx.outbox.kick();
  return updated;
}
__name(saveMerchantState, "saveMerchantState");
async function refreshMerchantByUid(ctx, merchantUid) {
  const row = await findMerchantByUid(ctx.db, merchantUid);
  if (row) await refreshMerchant(ctx, row);
}
__name(refreshMerchantByUid, "refreshMerchantByUid");
async function connectMerchant(ctx, actor, tipjarId, merchantUid) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  assertAdmin(actor);
  if (await findMerchantOfTipjar(ctx.db, tipjarId)) {
    throw new AppError(ErrorCode.Conflict, "Disconnect the current merchant first");
  }
  if (await findMerchantByUid(ctx.db, merchantUid)) {
    throw AppError.field(
      ErrorCode.Conflict,
      "merchantUid",
      { key: "invalid" },
      "This merchant belongs to another tip jar"
    );
  }
  let merchant;
  let bank;
  try {
    merchant = await ctx.opp.getMerchant(merchantUid);
  } catch {
    throw AppError.field(
      ErrorCode.NotFound,
      "merchantUid",
      { key: "invalid" },
      "The payment provider does not know this merchant"
    );
  }
  try {
    bank = await defaultBankAccount(ctx, merchantUid);
  } catch (err) {
    ctx.log.warn({ err, merchantUid }, "reading the bank accounts of a connected merchant failed");
    bank = null;
  }
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertMerchant(tx, {
      tipjarId,
      merchantUid,
      ...stateOf(merchant, bank)
    });
    if (inserted) await recordAudit(tx, actor, merchantChange("merchant.connected", inserted));
    return inserted;
  });
  if (!row) throw new AppError(ErrorCode.Conflict, "Disconnect the current merchant first");
  return toMerchantView(row);
}
__name(connectMerchant, "connectMerchant");
function merchantChange(action, row, before) {
  const values = /* @__PURE__ */ __name((r) => ({ merchantUid: r.merchantUid, merchantType: r.type }), "values");
  const ends = action === "merchant.disconnected" ? { before: values(row) } : { after: values(row) };
  return {
    action,
    entityType: "merchant",
    entityId: row.id,
    tipjarId: row.tipjarId,
    ...before ? { before: { merchantType: before.type }, after: { merchantType: row.type } } : ends
  };
}
__name(merchantChange, "merchantChange");
async function migrateMerchant(ctx, actor, tipjarId, data) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const row = await findMerchantOfTipjar(ctx.db, tipjarId);
  if (!row) throw AppError.notFound("Merchant");
  if (row.type !== "consumer") throw new AppError(ErrorCode.Conflict, "Only a consumer merchant can be migrated");
  let merchant;
  try {
    merchant = await ctx.opp.migrateMerchant(
      row.merchantUid,
      { coc_nr: data.cocNumber, country: data.country, notify_url: notifyUrlOf(ctx) },
      `merchant-migrate-${row.id}`
    );
  } catch (err) {
    throw providerFailed(ctx, err);
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const after = await updateMerchant(tx, row.id, stateOf(merchant, null));
    if (after && after.type !== row.type) await recordAudit(tx, actor, merchantChange("merchant.migrated", after, row));
    return after;
  });
  return toMerchantView(updated ?? row);
}
__name(migrateMerchant, "migrateMerchant");
async function disconnectMerchant(ctx, actor, tipjarId) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  assertAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const removed = await deleteMerchantOfTipjar(tx, tipjarId);
    if (!removed) throw AppError.notFound("Merchant");
    await recordAudit(tx, actor, merchantChange("merchant.disconnected", removed));
  });
}
__name(disconnectMerchant, "disconnectMerchant");
var onMerchantChild = /* @__PURE__ */ __name(async (ctx, body) => {
  if (body.parent_type === "merchant" && body.parent_uid) await refreshMerchantByUid(ctx, body.parent_uid);
}, "onMerchantChild");
var merchantNotificationHandlers = {
  merchant: /* @__PURE__ */ __name((ctx, body) => refreshMerchantByUid(ctx, body.object_uid), "merchant"),
  bank_account: onMerchantChild,
  contact: onMerchantChild
};

// src/payments/incidents.ts
import { and as and11, desc as desc6, eq as eq13, isNull as isNull8, sql as sql11 } from "drizzle-orm";
async function recordDoubleCollection(tx, values) {
  const [row] = await tx.insert(paymentIncidents).values({ kind: "double_collection", ...values }).onConflictDoNothing().returning();
  return row;
}
__name(recordDoubleCollection, "recordDoubleCollection");
async function refundIncident(ctx, incident) {
  ctx.log.error(
    { incidentId: incident.id, ownerKind: incident.ownerKind, ownerId: incident.ownerId, amount: incident.amount },
    "money collected twice: refunding the extra collection"
  );
  const [transaction] = await ctx.db.select().from(oppTransactions).where(eq13(oppTransactions.id, incident.transactionId));
  if (!transaction?.oppUid) return false;
  try {
    const refund = await ctx.opp.createRefund(
      transaction.oppUid,
      {
        amount: incident.amount,
        internal_reason: "double collection",
        message: "Refund: this payment was collected twice"
      },
      `refund-${transaction.id}`
    );
    await ctx.db.update(paymentIncidents).set({ refundUid: refund.uid, refundStatus: refund.status, lastError: null }).where(eq13(paymentIncidents.id, incident.id));
    return true;
  } catch (err) {
    ctx.log.error({ err, incidentId: incident.id }, "refunding a double collection failed; reconcile retries it");
    await ctx.db.update(paymentIncidents).set({ lastError: err instanceof Error ? err.message.slice(0, 500) : String(err) }).where(eq13(paymentIncidents.id, incident.id));
    return false;
  }
}
__name(refundIncident, "refundIncident");
async function retryOpenRefunds(ctx, limit = 50) {
  const open = await ctx.db.select().from(paymentIncidents).where(and11(eq13(paymentIncidents.kind, "double_collection"), isNull8(paymentIncidents.refundUid))).limit(limit);
  let refunded = 0;
  for (const incident of open) if (await refundIncident(ctx, incident)) refunded += 1;
  return refunded;
}
__name(retryOpenRefunds, "retryOpenRefunds");
async function listIncidents(db, page) {
  const [rows3, [total]] = await Promise.all([
    db.select({ incident: paymentIncidents, oppUid: oppTransactions.oppUid }).from(paymentIncidents).leftJoin(oppTransactions, eq13(oppTransactions.id, paymentIncidents.transactionId)).orderBy(desc6(paymentIncidents.created), desc6(paymentIncidents.id)).offset(page.offset).limit(page.limit),
    db.select({ n: sql11`count(*)::int` }).from(paymentIncidents)
  ]);
  return { rows: rows3, count: total?.n ?? 0 };
}
__name(listIncidents, "listIncidents");
async function lastMoneyCheckRun(db) {
  const [row] = await db.select().from(moneyCheckRuns).orderBy(desc6(moneyCheckRuns.created)).limit(1);
  return row;
}
__name(lastMoneyCheckRun, "lastMoneyCheckRun");

// src/modules/tips/tips.repository.ts
import { and as and12, asc as asc6, count as count6, desc as desc7, eq as eq14, gte as gte2, ilike as ilike5, inArray as inArray8, lt as lt5, or as or7, sql as sql12 } from "drizzle-orm";
import pg2 from "pg";

// src/lib/pg-copy.ts
import { to as copyTo } from "pg-copy-streams";
async function* copyBinaryRows(pool, query, readRow) {
  const client = await pool.connect();
  let finished = false;
  let failed;
  try {
    const stream = client.query(copyTo(`copy (${inlineParams(client, query)}) to stdout (format binary)`));
    const framing = new BinaryCopyRows(readRow);
    for await (const chunk of stream) {
      const rows3 = framing.take(chunk);
      if (rows3.length > 0) yield rows3;
    }
    framing.finish();
    finished = true;
  } catch (err) {
    failed = err;
    throw err;
  } finally {
    client.release(finished ? void 0 : failed ?? new Error("COPY stopped before its end"));
  }
}
__name(copyBinaryRows, "copyBinaryRows");
function inlineParams(client, query) {
  return query.sql.replace(/\$(\d+)\b/g, (_, n) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= query.params.length) throw new Error(`COPY query: no parameter $${n}`);
    const value = query.params[index];
    if (value === null || value === void 0) return "null";
    return client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
  });
}
__name(inlineParams, "inlineParams");
var SIGNATURE = Buffer.from("PGCOPY\n\xFF\r\n\0", "latin1");
var HEADER_BYTES = SIGNATURE.length + 8;
var PG_EPOCH_MS = Date.UTC(2e3, 0, 1);
var HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
var DAY_MS = 864e5;
var PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"));
var PAD3 = Array.from({ length: 1e3 }, (_, i) => String(i).padStart(3, "0"));
var lastDay = Number.NaN;
var lastDayIso = "";
function isoTimestamp(ms) {
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    const iso3 = new Date(ms).toISOString();
    if (iso3.length !== 24) return iso3;
    lastDay = day;
    lastDayIso = iso3.slice(0, 11);
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 36e5);
  rest -= hours * 36e5;
  const minutes = Math.floor(rest / 6e4);
  rest -= minutes * 6e4;
  const seconds = Math.floor(rest / 1e3);
  return `${lastDayIso}${PAD2[hours]}:${PAD2[minutes]}:${PAD2[seconds]}.${PAD3[rest - seconds * 1e3]}Z`;
}
__name(isoTimestamp, "isoTimestamp");
var BinaryFields = class {
  static {
    __name(this, "BinaryFields");
  }
  buf = Buffer.alloc(0);
  pos = 0;
  next() {
    const length = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return length;
  }
  /** uuid: 16 bytes, written 8-4-4-4-12 in lowercase hex. */
  uuid() {
    this.next();
    const b = this.buf;
    const p = this.pos;
    this.pos += 16;
    return HEX[b[p]] + HEX[b[p + 1]] + HEX[b[p + 2]] + HEX[b[p + 3]] + "-" + HEX[b[p + 4]] + HEX[b[p + 5]] + "-" + HEX[b[p + 6]] + HEX[b[p + 7]] + "-" + HEX[b[p + 8]] + HEX[b[p + 9]] + "-" + HEX[b[p + 10]] + HEX[b[p + 11]] + HEX[b[p + 12]] + HEX[b[p + 13]] + HEX[b[p + 14]] + HEX[b[p + 15]];
  }
  /**
   * timestamptz: int64 microseconds since 2000-01-01 UTC, written as Date#toISOString writes it
   * (milliseconds, cut) — without a Date per value: the day's part is kept from the value before
   * (an export's rows come in time order), the time of day is digits from tables.
   */
  timestampIso() {
    this.next();
    const micros = this.buf.readInt32BE(this.pos) * 4294967296 + this.buf.readUInt32BE(this.pos + 4);
    this.pos += 8;
    return isoTimestamp(PG_EPOCH_MS + Math.floor(micros / 1e3));
  }
  /** int4. */
  int() {
    this.next();
    const value = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return value;
  }
  /** int4, or null. */
  nullableInt() {
    const length = this.next();
    if (length < 0) return null;
    const value = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return value;
  }
  /** text (UTF-8, the database's encoding), or null. */
  text() {
    const length = this.next();
    if (length < 0) return null;
    const value = this.buf.utf8Slice(this.pos, this.pos + length);
    this.pos += length;
    return value;
  }
};
var BinaryCopyRows = class {
  constructor(readRow) {
    this.readRow = readRow;
  }
  readRow;
  static {
    __name(this, "BinaryCopyRows");
  }
  rest = Buffer.alloc(0);
  started = false;
  ended = false;
  fields = new BinaryFields();
  /** The rows this chunk completes (none when it completes none). */
  take(chunk) {
    const buf = this.rest.length > 0 ? Buffer.concat([this.rest, chunk]) : chunk;
    let pos = 0;
    const rows3 = [];
    if (!this.started) {
      if (buf.length < HEADER_BYTES) return this.keep(buf, 0, rows3);
      if (!buf.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error("COPY: not the binary format");
      const start = HEADER_BYTES + buf.readUInt32BE(SIGNATURE.length + 4);
      if (buf.length < start) return this.keep(buf, 0, rows3);
      pos = start;
      this.started = true;
    }
    while (!this.ended && pos + 2 <= buf.length) {
      const count14 = buf.readInt16BE(pos);
      if (count14 === -1) {
        this.ended = true;
        pos += 2;
        break;
      }
      const end = rowEnd(buf, pos + 2, count14);
      if (end < 0) break;
      this.fields.buf = buf;
      this.fields.pos = pos + 2;
      rows3.push(this.readRow(this.fields));
      if (this.fields.pos !== end) throw new Error("COPY: a row read other than it was written");
      pos = end;
    }
    if (this.ended && pos < buf.length) throw new Error("COPY: bytes after the end");
    return this.keep(buf, pos, rows3);
  }
  /** Throws unless the end of the rows was seen: the stream ended early. */
  finish() {
    if (!this.ended) throw new Error("COPY: the stream ended before its last row");
  }
  keep(buf, from, rows3) {
    this.rest = Buffer.from(buf.subarray(from));
    return rows3;
  }
};
function rowEnd(buf, pos, count14) {
  for (let i = 0; i < count14; i++) {
    if (pos + 4 > buf.length) return -1;
    const length = buf.readInt32BE(pos);
    pos += 4 + Math.max(length, 0);
    if (pos > buf.length) return -1;
  }
  return pos;
}
__name(rowEnd, "rowEnd");

// src/modules/tips/tips.repository.ts
var TIP_SORTABLE = ["amount", "created", "updated", "status"];
function whereOf(filter) {
  return and12(
    filter.tipjarId ? eq14(tips.tipjarId, filter.tipjarId) : void 0,
    filter.status ? eq14(tips.status, filter.status) : void 0,
    filter.episodeId ? eq14(tips.episodeId, filter.episodeId) : void 0,
    filter.from ? gte2(tips.created, filter.from) : void 0,
    filter.to ? lt5(tips.created, filter.to) : void 0,
    filter.search ? or7(ilike5(tips.displayName, likePattern(filter.search)), ilike5(tips.message, likePattern(filter.search))) : void 0
  );
}
__name(whereOf, "whereOf");
async function insertTip(db, values) {
  const [row] = await db.insert(tips).values(values).onConflictDoNothing({ target: [tips.tipjarId, tips.idempotencyKey] }).returning();
  return row;
}
__name(insertTip, "insertTip");
function insertTipStatement(db, values) {
  return db.insert(tips).values(values).onConflictDoNothing({ target: [tips.tipjarId, tips.idempotencyKey] }).returning({ id: tips.id });
}
__name(insertTipStatement, "insertTipStatement");
async function insertTips(db, values) {
  if (values.length > 0) await db.insert(tips).values(values);
}
__name(insertTips, "insertTips");
async function findTip(db, id, tipjarId) {
  const [row] = await db.select().from(tips).where(and12(eq14(tips.id, id), tipjarId ? eq14(tips.tipjarId, tipjarId) : void 0));
  return row;
}
__name(findTip, "findTip");
async function findTipByIdempotencyKey(db, tipjarId, key) {
  const [row] = await db.select().from(tips).where(and12(eq14(tips.tipjarId, tipjarId), eq14(tips.idempotencyKey, key)));
  return row;
}
__name(findTipByIdempotencyKey, "findTipByIdempotencyKey");
var SORT_KEYS = {
  amount: [tips.amount, tips.updated, tips.id],
  created: [tips.created, tips.id],
  updated: [tips.updated, tips.id],
  status: [tips.status, tips.updated, tips.id]
};
function orderOfTips(query, reversed = false) {
  const descending = (query.sortBy ? Boolean(query.sortDesc) : true) !== reversed;
  return SORT_KEYS[query.sortBy ?? "updated"].map((column) => descending ? desc7(column) : asc6(column));
}
__name(orderOfTips, "orderOfTips");
var SORT_RANGE_UP_TO = 5e4;
async function listTips(db, filter, query) {
  const total = await countTips(db, filter);
  const { offset, limit } = windowOf(query);
  const end = Math.min(offset + limit, total);
  if (end <= offset) return { rows: [], count: total };
  const reversed = offset > total - end;
  const where = whereOf(filter);
  const order = orderOfTips(query, reversed);
  const window = reversed ? { offset: total - end, limit: end - offset } : { offset, limit: end - offset };
  const byRange = (filter.from || filter.to) && query.sortBy !== "created" && total <= SORT_RANGE_UP_TO;
  const pageIds = byRange ? await idsFromRange(db, where, order, window) : (await db.select({ id: tips.id }).from(tips).where(where).orderBy(...order).offset(window.offset).limit(window.limit)).map((r) => r.id);
  if (reversed) pageIds.reverse();
  const rows3 = pageIds.length === 0 ? [] : await db.select().from(tips).where(inArray8(tips.id, pageIds));
  const position = new Map(pageIds.map((id, i) => [id, i]));
  rows3.sort((a, b) => position.get(a.id) - position.get(b.id));
  return { rows: rows3, count: total };
}
__name(listTips, "listTips");
async function idsFromRange(db, where, order, window) {
  const result = await db.execute(
    sql12`with ${tips} as materialized (select ${tips.id}, ${tips.created}, ${tips.updated}, ${tips.amount}, ${tips.status} from ${tips} where ${where ?? sql12`true`})
        select ${tips.id} as id from ${tips} order by ${sql12.join(order, sql12`, `)} offset ${window.offset} limit ${window.limit}`
  );
  return result.rows.map((r) => r.id);
}
__name(idsFromRange, "idsFromRange");
async function countTips(db, filter) {
  if (!filter.from && !filter.to && !filter.search && !filter.episodeId) {
    const [row2] = await db.select({ count: sql12`coalesce(sum(${tipStatusCounts.count}), 0)::bigint` }).from(tipStatusCounts).where(
      and12(
        filter.tipjarId ? eq14(tipStatusCounts.tipjarId, filter.tipjarId) : void 0,
        filter.status ? eq14(tipStatusCounts.status, filter.status) : void 0
      )
    );
    return Number(row2?.count ?? 0);
  }
  const [row] = await db.select({ count: count6() }).from(tips).where(whereOf(filter));
  return row?.count ?? 0;
}
__name(countTips, "countTips");
async function moveTipStatus(db, id, to, from) {
  if (from.length === 0) return void 0;
  const [row] = await db.update(tips).set({ status: to, ...paidAtOf(to) }).where(and12(eq14(tips.id, id), inArray8(tips.status, from))).returning();
  return row;
}
__name(moveTipStatus, "moveTipStatus");
function paidAtOf(to) {
  return to === "completed" ? { completedAt: sql12`now()` } : REVERSED_TIP_STATUSES.includes(to) ? { completedAt: sql12`coalesce(${tips.completedAt}, now())` } : {};
}
__name(paidAtOf, "paidAtOf");
async function lockTip(db, id) {
  const [row] = await db.select().from(tips).where(eq14(tips.id, id)).for("update");
  return row;
}
__name(lockTip, "lockTip");
async function addRefunded(db, id, amount, fee) {
  const [row] = await db.update(tips).set({
    refundedAmount: sql12`${tips.refundedAmount} + ${amount}`,
    refundedFee: sql12`${tips.refundedFee} + ${fee}`
  }).where(eq14(tips.id, id)).returning();
  return row;
}
__name(addRefunded, "addRefunded");
var EXPORT_FIELDS = {
  id: tips.id,
  created: tips.created,
  createdCursor: sql12`${tips.created}::text`,
  updated: tips.updated,
  tipjarId: tips.tipjarId,
  tipjarSlug: tipjars.slug,
  tipjarName: tipjars.name,
  status: tips.status,
  amount: tips.amount,
  fee: tips.fee,
  paymentMethod: tips.paymentMethod,
  privacy: tips.privacy,
  displayName: tips.displayName,
  email: tips.email,
  message: tips.message,
  locale: tips.locale,
  episodeTitle: episodes.title,
  episodeNumber: episodes.number
};
var exportJoin = eq14(tipjars.id, tips.tipjarId);
var episodeJoin = eq14(episodes.id, tips.episodeId);
var exportOrder = [asc6(tips.created), asc6(tips.id)];
var exportQuery = /* @__PURE__ */ __name((db, filter, after) => db.select(EXPORT_FIELDS).from(tips).innerJoin(tipjars, exportJoin).leftJoin(episodes, episodeJoin).where(and12(whereOf(filter), after)).orderBy(...exportOrder), "exportQuery");
var readExportLine = /* @__PURE__ */ __name((f) => ({
  id: f.uuid(),
  created: f.timestampIso(),
  updated: f.timestampIso(),
  tipjarId: f.uuid(),
  tipjarSlug: f.text(),
  tipjarName: f.text(),
  status: f.text(),
  amount: f.int(),
  fee: f.int(),
  paymentMethod: f.text(),
  privacy: f.text(),
  displayName: f.text(),
  email: f.text(),
  message: f.text(),
  locale: f.text(),
  episodeTitle: f.text(),
  episodeNumber: f.nullableInt()
}), "readExportLine");
function copyExportRows(db, filter) {
  const client = db.$client;
  if (!(client instanceof pg2.Pool)) return void 0;
  const { createdCursor: _, ...fields } = EXPORT_FIELDS;
  const query = db.select(fields).from(tips).innerJoin(tipjars, exportJoin).leftJoin(episodes, episodeJoin).where(whereOf(filter)).orderBy(...exportOrder);
  return copyBinaryRows(client, query.toSQL(), readExportLine);
}
__name(copyExportRows, "copyExportRows");
async function* exportBatches(db, filter, batchSize) {
  let cursor;
  for (; ; ) {
    const after = cursor ? sql12`(${tips.created}, ${tips.id}) > (${cursor.created}::timestamptz, ${cursor.id}::uuid)` : void 0;
    const rows3 = await exportQuery(db, filter, after).limit(batchSize);
    yield rows3;
    if (rows3.length < batchSize) return;
    const last = rows3[rows3.length - 1];
    cursor = { created: last.createdCursor, id: last.id };
  }
}
__name(exportBatches, "exportBatches");

// src/modules/recurring-tips/recurring-tips.schedule.ts
var DAY_MS2 = 24 * 60 * 60 * 1e3;
function chargeDayOf(date) {
  return Math.min(date.getUTCDate(), MAX_CHARGE_DAY);
}
__name(chargeDayOf, "chargeDayOf");
function periodOf(date) {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}
__name(periodOf, "periodOf");
function laterPeriod(a, b) {
  return a.localeCompare(b) >= 0 ? a : b;
}
__name(laterPeriod, "laterPeriod");
function nextPeriod(period) {
  const [year, month] = period.split("-").map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
}
__name(nextPeriod, "nextPeriod");
function chargeDateOf(chargeDay, period) {
  const [year, month] = period.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, chargeDay));
}
__name(chargeDateOf, "chargeDateOf");
function nextChargeAfter(chargeDay, paidPeriod, now) {
  let period = nextPeriod(paidPeriod);
  let due = chargeDateOf(chargeDay, period);
  while (due.getTime() < startOfDay(now).getTime()) {
    period = nextPeriod(period);
    due = chargeDateOf(chargeDay, period);
  }
  return due;
}
__name(nextChargeAfter, "nextChargeAfter");
function resumeNextChargeAt(chargeDay, storedNext, now) {
  if (storedNext && storedNext.getTime() >= startOfDay(now).getTime()) return storedNext;
  let period = periodOf(now);
  let due = chargeDateOf(chargeDay, period);
  while (due.getTime() < startOfDay(now).getTime()) {
    period = nextPeriod(period);
    due = chargeDateOf(chargeDay, period);
  }
  return due;
}
__name(resumeNextChargeAt, "resumeNextChargeAt");
function dueMonth(chargeDay, nextChargeAt, now) {
  if (nextChargeAt.getTime() >= now.getTime() - CHARGE_GRACE_DAYS * DAY_MS2) return { charge: true, due: nextChargeAt };
  const due = resumeNextChargeAt(chargeDay, null, now);
  return { charge: due.getTime() <= now.getTime(), due };
}
__name(dueMonth, "dueMonth");
function retryAt(lastAttemptAt) {
  return new Date(lastAttemptAt.getTime() + CHARGE_RETRY_DAYS * DAY_MS2);
}
__name(retryAt, "retryAt");
function startOfDay(date) {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
__name(startOfDay, "startOfDay");

// src/modules/recurring-tips/recurring-tips.outcomes.ts
var CHARGE_KIND = "recurring_charge";
function isMandatePayment(row) {
  return typeof row.request.mandate_method === "string";
}
__name(isMandatePayment, "isMandatePayment");
async function moveTip(tx, tipId, to) {
  if (tipId) await moveTipStatus(tx, tipId, to, tipStatusesBefore(to));
}
__name(moveTip, "moveTip");
async function recordDebitFailure(ctx, tx, charge, reason) {
  const recurringTip = await lockRecurringTip(tx, charge.recurringTipId);
  if (!recurringTip) return void 0;
  const stillCharging = recurringTip.status === "active";
  const mandateUsable = recurringTip.mandateStatus === "valid";
  const last = charge.attempt >= MAX_CHARGE_ATTEMPTS || !mandateUsable;
  await updateRecurringTip(tx, recurringTip.id, {
    failedAttempts: charge.attempt,
    lastFailureReason: reason,
    ...last && stillCharging && mandateUsable ? { mandateStatus: "invalid" } : {}
  });
  if (!stillCharging) {
    await updateCharge(tx, charge.id, { status: "cancelled", failureReason: reason, claimedUntil: null });
    await moveTip(tx, charge.tipId, "cancelled");
    return void 0;
  }
  let next = null;
  if (last) {
    await updateCharge(tx, charge.id, { status: "failed", failureReason: reason, claimedUntil: null });
    await moveTip(tx, charge.tipId, "failed");
  } else {
    next = retryAt(charge.lastAttemptAt ?? /* @__PURE__ */ new Date());
    await updateCharge(tx, charge.id, {
      status: "scheduled",
      attempt: charge.attempt + 1,
      nextAttemptAt: next,
      failureReason: reason,
      claimedUntil: null
    });
  }
  return queueTipperMail(
    ctx,
    tx,
    recurringTip,
    (common2) => chargeFailedMail(recurringTip.locale, { ...common2, amount: charge.amount, period: charge.period, retryAt: next }),
    `charge-failed:${charge.id}:${charge.attempt}`
  );
}
__name(recordDebitFailure, "recordDebitFailure");
async function queueTipperMail(ctx, tx, recurringTip, build, dedupeKey) {
  const tipjar = await findTipjar(tx, recurringTip.tipjarId);
  const user = await findUserById(tx, recurringTip.userId);
  if (!tipjar || !user) return void 0;
  const mail = build({
    brand: ctx.config.BRAND_NAME,
    tipjarName: tipjar.name,
    manageLink: await manageLinkOf(ctx, recurringTip.id, recurringTip.locale, tx)
  });
  await queueMail(tx, { to: user.email, ...mail }, { dedupeKey });
  return sendQueuedMail;
}
__name(queueTipperMail, "queueTipperMail");
async function recordChargeback(ctx, tx, charge) {
  const recurringTip = await lockRecurringTip(tx, charge.recurringTipId);
  if (!recurringTip) return void 0;
  const stillCharging = recurringTip.status !== "cancelled";
  await updateRecurringTip(tx, recurringTip.id, {
    lastFailureReason: "chargeback",
    ...stillCharging && recurringTip.mandateStatus === "valid" ? { mandateStatus: "invalid", failedAttempts: MAX_CHARGE_ATTEMPTS } : {}
  });
  if (!stillCharging) return void 0;
  return queueTipperMail(
    ctx,
    tx,
    recurringTip,
    (common2) => chargebackMail(recurringTip.locale, { ...common2, amount: charge.amount, period: charge.period }),
    `charge-chargeback:${charge.id}`
  );
}
__name(recordChargeback, "recordChargeback");
async function onChargePayment(tx, row, change, ctx) {
  const charge = await lockCharge(tx, row.ownerId);
  if (!charge) return void 0;
  const isCurrent = row.attempt === charge.attempt;
  const viaMandate = isMandatePayment(row);
  switch (paymentOutcome(change.current)) {
    case "open":
    case "held":
      if (isCurrent && charge.status === "scheduled") {
        await updateCharge(tx, charge.id, { status: "pending", claimedUntil: null });
        await moveTip(tx, charge.tipId, "pending");
      }
      return void 0;
    case "paid":
      return onChargePaid(ctx, tx, charge, row, viaMandate);
    case "unpaid": {
      if (!isCurrent || charge.status !== "pending" && charge.status !== "scheduled") return void 0;
      if (!viaMandate) return recordDebitFailure(ctx, tx, charge, change.current);
      await updateCharge(tx, charge.id, { status: "failed", failureReason: change.current });
      await moveTip(tx, charge.tipId, "failed");
      const recurringTip = await lockRecurringTip(tx, charge.recurringTipId);
      if (recurringTip && recurringTip.mandateStatus !== "valid") {
        await updateRecurringTip(tx, recurringTip.id, {
          mandateStatus: "invalid",
          lastFailureReason: change.current
        });
      }
      return void 0;
    }
    case "reversed": {
      const paidByThis = charge.paidTransactionId === row.id;
      const neverPaid = charge.paidTransactionId === null && charge.status !== "completed";
      if (!paidByThis && !neverPaid) return void 0;
      if (charge.status === change.current) return void 0;
      await updateCharge(tx, charge.id, {
        status: change.current === "chargeback" ? "chargeback" : "refunded",
        failureReason: change.current,
        paidTransactionId: row.id,
        claimedUntil: null
      });
      await moveTip(tx, charge.tipId, change.current === "chargeback" ? "chargeback" : "refunded");
      if (change.current === "chargeback") return recordChargeback(ctx, tx, charge);
      return void 0;
    }
    default:
      return void 0;
  }
}
__name(onChargePayment, "onChargePayment");
async function onChargePaid(ctx, tx, charge, row, viaMandate) {
  if (charge.paidTransactionId === row.id) return void 0;
  if (charge.paidTransactionId !== null || charge.status === "completed") {
    const incident = await recordDoubleCollection(tx, {
      transactionId: row.id,
      ownerKind: CHARGE_KIND,
      ownerId: charge.id,
      amount: row.amount
    });
    return incident ? async (ctx2) => void await refundIncident(ctx2, incident) : void 0;
  }
  const now = /* @__PURE__ */ new Date();
  const completed = await updateCharge(tx, charge.id, {
    status: "completed",
    completedAt: now,
    failureReason: null,
    claimedUntil: null,
    paidTransactionId: row.id
  });
  await moveTip(tx, charge.tipId, "completed");
  const recurringTip = await lockRecurringTip(tx, charge.recurringTipId);
  if (!recurringTip) return void 0;
  const updates = { failedAttempts: 0, lastFailureReason: null };
  if (viaMandate) {
    const chargeDay = recurringTip.chargeDay ?? chargeDayOf(now);
    updates.chargeDay = chargeDay;
    updates.mandateStatus = "valid";
    if (recurringTip.status !== "cancelled") {
      const paidPeriod = laterPeriod(charge.period, periodOf(now));
      const next = nextChargeAfter(chargeDay, paidPeriod, now);
      if (!recurringTip.nextChargeAt || recurringTip.nextChargeAt < next) updates.nextChargeAt = next;
    }
  }
  const updated = await updateRecurringTip(tx, recurringTip.id, updates);
  const tipjar = await findTipjar(tx, recurringTip.tipjarId);
  const user = await findUserById(tx, recurringTip.userId);
  if (!tipjar || !user) return void 0;
  const common2 = {
    brand: ctx.config.BRAND_NAME,
    tipjarName: tipjar.name,
    manageLink: await manageLinkOf(ctx, updated.id, updated.locale, tx),
    amount: completed.amount,
    fee: platformFeeOf(completed.amount, ctx.config.PLATFORM_FEE_BPS),
    reference: completed.tipId ?? completed.id
  };
  const mail = viaMandate && updated.chargeDay && updated.nextChargeAt ? recurringStartedMail(updated.locale, {
    ...common2,
    chargeDay: updated.chargeDay,
    nextChargeAt: updated.nextChargeAt
  }) : chargeReceiptMail(updated.locale, { ...common2, period: completed.period, paidAt: now });
  await queueMail(tx, { to: user.email, ...mail }, { dedupeKey: `charge-paid:${completed.id}` });
  return sendQueuedMail;
}
__name(onChargePaid, "onChargePaid");

// src/modules/recurring-tips/recurring-tips.payments.ts
import { randomUUID as randomUUID2 } from "node:crypto";

// src/modules/tips/tips.service.ts
import { randomUUID } from "node:crypto";

// src/lib/idempotency.ts
import { createHash } from "node:crypto";
function idempotencyKeyOf(request) {
  const header = request.headers["idempotency-key"];
  if (header === void 0) return void 0;
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!key || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw AppError.field(ErrorCode.Validation, "Idempotency-Key", { key: "format" }, "Invalid Idempotency-Key header");
  }
  return key;
}
__name(idempotencyKeyOf, "idempotencyKeyOf");
function idempotencyOf(request) {
  const key = idempotencyKeyOf(request);
  if (key === void 0) return void 0;
  const operation = `${request.method} ${request.routeOptions.url ?? request.url}`;
  return { key, fingerprint: fingerprintOf({ operation, params: request.params, body: request.body }) };
}
__name(idempotencyOf, "idempotencyOf");
function fingerprintOf(value) {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}
__name(fingerprintOf, "fingerprintOf");
function canonicalJson(value) {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const members = Object.entries(value).filter(([, v]) => v !== void 0).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
  return `{${members.join(",")}}`;
}
__name(canonicalJson, "canonicalJson");
function assertSameRequest(stored, given) {
  if (stored !== null && stored !== given.fingerprint) {
    throw new AppError(
      ErrorCode.IdempotencyKeyReused,
      "This Idempotency-Key was already used for a different request; send a new key for a new request"
    );
  }
}
__name(assertSameRequest, "assertSameRequest");

// src/modules/paymentmethods/paymentmethods.repository.ts
import { and as and13, asc as asc7, count as count7, desc as desc8, eq as eq15, inArray as inArray9 } from "drizzle-orm";
var PAYMENT_METHOD_SORTABLE = ["name", "type", "priority", "active", "created"];
async function listPaymentMethods(db, query, onlyActive) {
  const where = onlyActive ? eq15(paymentMethods.active, true) : void 0;
  const { offset, limit } = windowOf(query);
  const [rows3, [total]] = await Promise.all([
    db.select().from(paymentMethods).where(where).orderBy(
      ...orderOf(query, paymentMethods, [desc8(paymentMethods.priority), asc7(paymentMethods.name)], paymentMethods.id)
    ).offset(offset).limit(limit),
    db.select({ count: count7() }).from(paymentMethods).where(where)
  ]);
  return { rows: rows3, count: total?.count ?? 0 };
}
__name(listPaymentMethods, "listPaymentMethods");
async function listIssuers(db, methodIds) {
  const byMethod = /* @__PURE__ */ new Map();
  if (methodIds.length === 0) return byMethod;
  const rows3 = await db.select().from(paymentIssuers).where(inArray9(paymentIssuers.paymentMethodId, methodIds)).orderBy(asc7(paymentIssuers.name));
  for (const { paymentMethodId, bic, name } of rows3) {
    const list = byMethod.get(paymentMethodId) ?? [];
    list.push({ bic, name });
    byMethod.set(paymentMethodId, list);
  }
  return byMethod;
}
__name(listIssuers, "listIssuers");
async function findPaymentMethod(db, id, options = {}) {
  const query = db.select().from(paymentMethods).where(eq15(paymentMethods.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}
__name(findPaymentMethod, "findPaymentMethod");
async function findActivePaymentMethod(db, id) {
  const [row] = await db.select({ id: paymentMethods.id, type: paymentMethods.type }).from(paymentMethods).where(and13(eq15(paymentMethods.id, id), eq15(paymentMethods.active, true)));
  return row;
}
__name(findActivePaymentMethod, "findActivePaymentMethod");
async function insertPaymentMethod(db, values) {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  return row;
}
__name(insertPaymentMethod, "insertPaymentMethod");
async function updatePaymentMethod(db, id, values) {
  if (Object.values(values).every((v) => v === void 0)) return findPaymentMethod(db, id);
  const [row] = await db.update(paymentMethods).set(values).where(eq15(paymentMethods.id, id)).returning();
  return row;
}
__name(updatePaymentMethod, "updatePaymentMethod");
async function deletePaymentMethod(db, id) {
  const [row] = await db.delete(paymentMethods).where(eq15(paymentMethods.id, id)).returning();
  return row;
}
__name(deletePaymentMethod, "deletePaymentMethod");
async function replaceIssuers(db, methodId, issuers) {
  await db.delete(paymentIssuers).where(eq15(paymentIssuers.paymentMethodId, methodId));
  if (issuers.length) {
    await db.insert(paymentIssuers).values(issuers.map((i) => ({ paymentMethodId: methodId, bic: i.bic, name: i.name })));
  }
}
__name(replaceIssuers, "replaceIssuers");

// src/modules/paymentmethods/paymentmethods.service.ts
async function withIssuers(db, rows3) {
  const issuers = await listIssuers(
    db,
    rows3.map((r) => r.id)
  );
  return rows3.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    active: r.active,
    priority: r.priority,
    paymentissuers: issuers.get(r.id) ?? []
  }));
}
__name(withIssuers, "withIssuers");
var PUBLIC_LIST_TTL_MS = 1e4;
var publicList = createPublicCache({ ttlMs: PUBLIC_LIST_TTL_MS, maxEntries: 1 });
function isDefaultQuery(query) {
  return query.skip === 0 && query.limit === 100 && !query.sortBy && query.sortDesc === void 0 && !query.search;
}
__name(isDefaultQuery, "isDefaultQuery");
async function listPaymentMethods2(ctx, actor, query) {
  const admin = isAdmin(actor);
  const load = /* @__PURE__ */ __name(async () => {
    const { rows: rows3, count: count14 } = await listPaymentMethods(ctx.db, query, !admin);
    return { data: await withIssuers(ctx.db, rows3), metadata: { count: count14 } };
  }, "load");
  if (admin || !isDefaultQuery(query)) return load();
  return publicList.get(ctx, "active", load);
}
__name(listPaymentMethods2, "listPaymentMethods");
async function getPaymentMethod(ctx, actor, id) {
  const row = await findPaymentMethod(ctx.db, id);
  if (!row || !row.active && !isAdmin(actor)) throw AppError.notFound("Payment method");
  const [method] = await withIssuers(ctx.db, [row]);
  return method;
}
__name(getPaymentMethod, "getPaymentMethod");
var AUDITED_METHOD_FIELDS = ["name", "type", "active", "priority"];
var methodValues = /* @__PURE__ */ __name((row) => ({
  name: row.name,
  type: row.type,
  active: row.active,
  priority: row.priority
}), "methodValues");
async function createPaymentMethod(ctx, data, actor) {
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertPaymentMethod(tx, data);
    await recordAudit(tx, actor, { ...methodChange("paymentmethod.created", created), after: methodValues(created) });
    return created;
  });
  publicReadsChanged();
  const [method] = await withIssuers(ctx.db, [row]);
  return method;
}
__name(createPaymentMethod, "createPaymentMethod");
async function updatePaymentMethod2(ctx, id, data, actor) {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findPaymentMethod(tx, id, { forUpdate: true });
    if (!before) return void 0;
    const after = await updatePaymentMethod(tx, id, data);
    const changes = after && changesOf(methodValues(before), methodValues(after), AUDITED_METHOD_FIELDS);
    if (changes) await recordAudit(tx, actor, { ...methodChange("paymentmethod.updated", before), ...changes });
    return after;
  });
  publicReadsChanged();
  if (!row) throw AppError.notFound("Payment method");
  const [method] = await withIssuers(ctx.db, [row]);
  return method;
}
__name(updatePaymentMethod2, "updatePaymentMethod");
async function deletePaymentMethod2(ctx, id, actor) {
  const deleted = await ctx.db.transaction(async (tx) => {
    const removed = await deletePaymentMethod(tx, id);
    if (removed) {
      await recordAudit(tx, actor, {
        ...methodChange("paymentmethod.deleted", removed),
        before: methodValues(removed)
      });
    }
    return removed;
  });
  publicReadsChanged();
  if (!deleted) throw AppError.notFound("Payment method");
}
__name(deletePaymentMethod2, "deletePaymentMethod");
function methodChange(action, row) {
  return { action, entityType: "paymentmethod", entityId: row.id };
}
__name(methodChange, "methodChange");
async function syncIssuers(ctx, id) {
  const row = await findPaymentMethod(ctx.db, id);
  if (!row) throw AppError.notFound("Payment method");
  let issuers = [];
  if (row.type === "ideal") {
    try {
      issuers = await ctx.opp.listIdealIssuers();
    } catch (err) {
      ctx.log.error({ err }, "issuer sync failed");
      throw new AppError(ErrorCode.PaymentProvider, "The payment provider could not be reached; try again later");
    }
  }
  await ctx.db.transaction((tx) => replaceIssuers(tx, id, dedupe(issuers)));
  publicReadsChanged();
  const [method] = await withIssuers(ctx.db, [row]);
  return method;
}
__name(syncIssuers, "syncIssuers");
function dedupe(issuers) {
  return [...new Map(issuers.map((i) => [i.bic, i])).values()];
}
__name(dedupe, "dedupe");
async function resolvePaymentChoice(ctx, choice, field) {
  const method = await findActivePaymentMethod(ctx.db, choice.paymentmethod);
  if (!method) {
    throw AppError.field(ErrorCode.Validation, field, { key: "choice" }, "Choose an available payment method");
  }
  return { type: method.type };
}
__name(resolvePaymentChoice, "resolvePaymentChoice");

// src/modules/refunds/refunds.repository.ts
import { and as and14, asc as asc8, desc as desc9, eq as eq16, inArray as inArray10, isNull as isNull9, lt as lt6 } from "drizzle-orm";
async function insertRefund(db, values) {
  const [row] = await db.insert(refunds).values(values).returning();
  return row;
}
__name(insertRefund, "insertRefund");
async function insertProviderReversal(db, values) {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row;
}
__name(insertProviderReversal, "insertProviderReversal");
async function findRefund(db, id) {
  const [row] = await db.select().from(refunds).where(eq16(refunds.id, id));
  return row;
}
__name(findRefund, "findRefund");
async function findRefundByKey(db, tipId, key) {
  const [row] = await db.select().from(refunds).where(and14(eq16(refunds.tipId, tipId), eq16(refunds.idempotencyKey, key)));
  return row;
}
__name(findRefundByKey, "findRefundByKey");
async function listTipRefunds(db, tipId) {
  return db.select().from(refunds).where(eq16(refunds.tipId, tipId)).orderBy(asc8(refunds.created), asc8(refunds.id));
}
__name(listTipRefunds, "listTipRefunds");
async function markAccepted(db, id, answer) {
  const [row] = await db.update(refunds).set({ status: "completed", ...answer, lastError: null }).where(and14(eq16(refunds.id, id), eq16(refunds.status, "pending"))).returning();
  return row;
}
__name(markAccepted, "markAccepted");
async function markRefused(db, id, error) {
  const [row] = await db.update(refunds).set({ status: "failed", lastError: error }).where(and14(eq16(refunds.id, id), eq16(refunds.status, "pending"))).returning();
  return row;
}
__name(markRefused, "markRefused");
async function recordSendError(db, id, error) {
  await db.update(refunds).set({ lastError: error }).where(eq16(refunds.id, id));
}
__name(recordSendError, "recordSendError");
async function listPendingRefunds(db, olderThan, limit) {
  return db.select().from(refunds).where(and14(eq16(refunds.status, "pending"), lt6(refunds.updated, olderThan))).orderBy(asc8(refunds.updated)).limit(limit);
}
__name(listPendingRefunds, "listPendingRefunds");
async function claimFeeCredits(db, tipjarId, before, invoiceId) {
  return db.update(refunds).set({ invoiceId }).where(
    and14(
      eq16(refunds.tipjarId, tipjarId),
      isNull9(refunds.invoiceId),
      eq16(refunds.status, "completed"),
      lt6(refunds.created, before)
    )
  ).returning({
    id: refunds.id,
    tipId: refunds.tipId,
    kind: refunds.kind,
    amount: refunds.amount,
    feeCredit: refunds.feeCredit,
    created: refunds.created
  });
}
__name(claimFeeCredits, "claimFeeCredits");
async function listInvoiceCredits(db, invoiceId) {
  return db.select().from(refunds).where(eq16(refunds.invoiceId, invoiceId)).orderBy(asc8(refunds.created), asc8(refunds.id));
}
__name(listInvoiceCredits, "listInvoiceCredits");
async function releaseFeeCredits(db, invoiceId) {
  await db.update(refunds).set({ invoiceId: null }).where(eq16(refunds.invoiceId, invoiceId));
}
__name(releaseFeeCredits, "releaseFeeCredits");
async function findPayingTransaction(db, tip) {
  if (tip.recurringTipId) {
    const [row] = await db.select({ transaction: oppTransactions, chargeId: recurringTipCharges.id }).from(recurringTipCharges).innerJoin(oppTransactions, eq16(oppTransactions.id, recurringTipCharges.paidTransactionId)).where(eq16(recurringTipCharges.tipId, tip.id));
    return row;
  }
  const [transaction] = await db.select().from(oppTransactions).where(
    and14(
      eq16(oppTransactions.kind, "tip"),
      eq16(oppTransactions.ownerId, tip.id),
      inArray10(oppTransactions.status, ["completed", "refunded", "chargeback"])
    )
  ).orderBy(desc9(oppTransactions.attempt)).limit(1);
  return transaction ? { transaction, chargeId: null } : void 0;
}
__name(findPayingTransaction, "findPayingTransaction");
async function findChargePaidBy(db, transactionId) {
  const [row] = await db.select({ id: recurringTipCharges.id, tipId: recurringTipCharges.tipId }).from(recurringTipCharges).where(eq16(recurringTipCharges.paidTransactionId, transactionId));
  return row;
}
__name(findChargePaidBy, "findChargePaidBy");

// src/modules/tips/tips.service.ts
var TIP_KIND = "tip";
function toTip(row, options) {
  return {
    id: row.id,
    tipjarId: row.tipjarId,
    amount: row.amount,
    fee: row.fee,
    refundedAmount: row.refundedAmount,
    refundedFee: row.refundedFee,
    status: row.status,
    privacy: row.privacy,
    displayName: row.privacy === "ANONYMOUS" ? null : row.displayName ?? null,
    message: row.message,
    messageShown: row.messageShown,
    paymentMethod: row.paymentMethod,
    recurringTipId: row.recurringTipId,
    episode: options.episode,
    ...options.withEmail ? { email: row.email } : {},
    created: row.created.toISOString(),
    updated: row.updated.toISOString()
  };
}
__name(toTip, "toTip");
async function toTips(db, rows3, options) {
  const ids = [...new Set(rows3.map((r) => r.episodeId).filter((id) => id !== null))];
  const refs = new Map((await episodeRefs(db, ids)).map((e) => [e.id, e]));
  return rows3.map((row) => toTip(row, { ...options, episode: row.episodeId && refs.get(row.episodeId) || null }));
}
__name(toTips, "toTips");
function toCreateTipResponse(tip, payment) {
  return {
    tip: { id: tip.id, status: tip.status, amount: tip.amount, fee: tip.fee },
    oppTransaction: { status: payment?.status ?? "created", redirectUrl: payment?.redirectUrl ?? null }
  };
}
__name(toCreateTipResponse, "toCreateTipResponse");
async function tipMerchantUid(ctx, tipjar) {
  return receivingMerchantUid(ctx, tipjar.id);
}
__name(tipMerchantUid, "tipMerchantUid");
async function loadTippableTipjar(ctx, tipjarId) {
  const tipjar = await findTipjar(ctx.db, tipjarId);
  if (!tipjar || !isTipjarTippable(tipjar)) throw AppError.notFound("Tip jar");
  return tipjar;
}
__name(loadTippableTipjar, "loadTippableTipjar");
async function createTip(ctx, tipjarId, data, idempotency) {
  const [tipjar, existing, method, merchant, episode] = await Promise.all([
    loadTippableTipjar(ctx, tipjarId),
    idempotency ? findTipByIdempotencyKey(ctx.db, tipjarId, idempotency.key) : void 0,
    resolvePaymentChoice(ctx, data.payment, "data.payment.paymentmethod"),
    receivingMerchantUid(ctx, tipjarId).then(
      (uid) => ({ uid }),
      (err) => ({ err })
    ),
    data.episodeId ? findEpisode(ctx.db, tipjarId, data.episodeId) : void 0
  ]);
  if (existing) return answerRepeatedTip(ctx, existing, data, idempotency);
  if (data.episodeId && !episode) {
    throw AppError.field(
      ErrorCode.EpisodeUnknown,
      "data.episodeId",
      { key: "episodeUnknown" },
      "This episode is not one of this tip jar"
    );
  }
  if ("err" in merchant) throw merchant.err;
  const merchantUid = merchant.uid;
  const tipId = randomUUID();
  const fee = platformFeeOf(data.amount, ctx.config.PLATFORM_FEE_BPS);
  const locale = data.locale;
  const providerKey = `tip-${tipId}`;
  const request = {
    merchant_uid: merchantUid,
    products: [{ name: `Tip for ${tipjar.name}`, price: data.amount, quantity: 1 }],
    total_price: data.amount,
    return_url: appUrl(ctx.config.publicUrl, "thankyou", {}, data.locale, { tip: tipId, slug: tipjar.slug }),
    notify_url: notifyUrlOf(ctx),
    payment_method: method.type,
    checkout: false,
    locale,
    partner_fee: fee,
    description: `${ctx.config.BRAND_NAME} tip ${tipjar.slug}`,
    // Ours and unique: a create whose answer was lost is found again by it (DESIGN.md §4.8).
    reference: providerKey,
    metadata: { tip_id: tipId, tipjar_id: tipjar.id }
  };
  const written = await insertOwnerWithLeasedTransaction(
    ctx.db,
    insertTipStatement(ctx.db, {
      id: tipId,
      tipjarId: tipjar.id,
      amount: data.amount,
      fee,
      privacy: data.privacy,
      // An anonymous tipper's name is not kept at all, so no screen or export can ever show it.
      displayName: data.privacy === "ANONYMOUS" ? null : data.displayName,
      message: data.message,
      email: data.email,
      locale,
      paymentMethod: method.type,
      episodeId: episode?.id ?? null,
      idempotencyKey: idempotency?.key ?? null,
      idempotencyFingerprint: idempotency?.fingerprint ?? null
    }),
    {
      kind: TIP_KIND,
      ownerId: tipId,
      attempt: 1,
      idempotencyKey: providerKey,
      amount: data.amount,
      merchantUid,
      request
    },
    CREATE_LEASE_MS
  );
  if (!written) {
    const winner = await findTipByIdempotencyKey(ctx.db, tipjar.id, idempotency.key);
    if (!winner) throw new AppError(ErrorCode.Conflict, "The same tip is being created right now; try again");
    return answerRepeatedTip(ctx, winner, data, idempotency);
  }
  const tip = { id: tipId, status: "created", amount: data.amount, fee };
  const payment = await startTipPayment(tipId, () => sendLeasedCreate(ctx, written));
  const status2 = payment.status && tipStatusOfTransaction(payment.status) || tip.status;
  return toCreateTipResponse({ ...tip, status: status2 }, payment);
}
__name(createTip, "createTip");
var inFlightPayments = /* @__PURE__ */ new Map();
async function startTipPayment(tipId, start) {
  const pending = start();
  inFlightPayments.set(tipId, pending);
  try {
    return await pending;
  } finally {
    inFlightPayments.delete(tipId);
  }
}
__name(startTipPayment, "startTipPayment");
async function answerRepeatedTip(ctx, tip, data, idempotency) {
  assertSameRequest(tip.idempotencyFingerprint, idempotency);
  if (tip.idempotencyFingerprint === null && tip.amount !== data.amount) {
    throw new AppError(ErrorCode.Conflict, "This Idempotency-Key was used for a different tip");
  }
  let payment = await findLatestForOwner(ctx.db, TIP_KIND, tip.id);
  const inFlight = inFlightPayments.get(tip.id);
  if (inFlight) payment = await inFlight.catch(() => findLatestForOwner(ctx.db, TIP_KIND, tip.id));
  if (payment && !payment.oppUid) {
    const { attempt, idempotencyKey } = payment;
    const request = payment.request;
    payment = await startTipPayment(
      tip.id,
      () => startPayment(ctx, { kind: TIP_KIND, ownerId: tip.id, attempt, idempotencyKey, request })
    );
  }
  return toCreateTipResponse(await findTip(ctx.db, tip.id) ?? tip, payment);
}
__name(answerRepeatedTip, "answerRepeatedTip");
async function onTipPayment(tx, row, change, ctx) {
  const to = tipStatusOfTransaction(change.current);
  if (!to) return;
  const tip = await moveTipStatus(tx, row.ownerId, to, tipStatusesBefore(to));
  if (tip?.status !== "completed") return;
  const tipjar = await findTipjar(tx, tip.tipjarId);
  if (!tipjar) return;
  const admins = tipjar.notifyOnTip ? await listAdminRecipients(tx, tipjar.id) : [];
  await queueTipCompletedMails(ctx, tx, tip, tipjar, admins);
  return sendQueuedMail;
}
__name(onTipPayment, "onTipPayment");
async function queueTipCompletedMails(ctx, tx, tip, tipjar, admins) {
  const brand = ctx.config.BRAND_NAME;
  const receipt = tipReceiptMail(tip.locale, {
    brand,
    tipjarName: tipjar.name,
    amount: tip.amount,
    fee: tip.fee,
    paidAt: tip.completedAt ?? tip.updated,
    reference: tip.id,
    episode: tip.episodeId ? (await episodeRefs(tx, [tip.episodeId]))[0] : null
  });
  await queueMail(tx, { to: tip.email, ...receipt }, { dedupeKey: `tip-receipt:${tip.id}` });
  for (const admin of admins) {
    const notification = newTipMail(admin.locale, {
      brand,
      tipjarName: tipjar.name,
      amount: tip.amount,
      fee: tip.fee,
      fromName: tip.privacy === "ANONYMOUS" ? null : tip.displayName || null,
      message: tip.message,
      link: appUrl(ctx.config.publicUrl, "backofficeTips", { tipjarslug: tipjar.slug }, admin.locale)
    });
    await queueMail(tx, { to: admin.email, ...notification }, { dedupeKey: `tip-notify:${tip.id}:${admin.userId}` });
  }
}
__name(queueTipCompletedMails, "queueTipCompletedMails");
async function getTipOutcome(ctx, tipId) {
  const tip = await findTip(ctx.db, tipId);
  if (!tip) throw AppError.notFound("Tip");
  return { status: tip.status, final: isFinalTipStatus(tip.status) };
}
__name(getTipOutcome, "getTipOutcome");
async function listTipjarTips(ctx, actor, tipjarId, query) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const { rows: rows3, count: count14 } = await listTips(ctx.db, { ...query, tipjarId }, query);
  return { data: await toTips(ctx.db, rows3, { withEmail: false }), metadata: { count: count14 } };
}
__name(listTipjarTips, "listTipjarTips");
async function getTipjarTip(ctx, actor, tipjarId, tipId) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const tip = await findTip(ctx.db, tipId, tipjarId);
  if (!tip) throw AppError.notFound("Tip");
  const [one] = await toTips(ctx.db, [tip], { withEmail: false });
  return one;
}
__name(getTipjarTip, "getTipjarTip");
function assertPlatformAdmin(actor) {
  assertAdmin(actor);
}
__name(assertPlatformAdmin, "assertPlatformAdmin");
async function listAllTips(ctx, actor, query) {
  assertPlatformAdmin(actor);
  const { rows: rows3, count: count14 } = await listTips(ctx.db, query, query);
  return { data: await toTips(ctx.db, rows3, { withEmail: true }), metadata: { count: count14 } };
}
__name(listAllTips, "listAllTips");
async function getTip(ctx, actor, tipId) {
  assertPlatformAdmin(actor);
  const tip = await findTip(ctx.db, tipId);
  if (!tip) throw AppError.notFound("Tip");
  const paid = await findPayingTransaction(ctx.db, tip);
  const [one] = await toTips(ctx.db, [tip], { withEmail: true });
  return { ...one, refundable: Boolean(paid?.transaction.oppUid) };
}
__name(getTip, "getTip");

// src/modules/recurring-tips/recurring-tips.mandate.ts
var MANDATE_DEAD = /* @__PURE__ */ new Set(["revoked", "expired", "cancelled", "failed", "rejected"]);
var FIRST_PAYMENT_GIVE_UP_MS = 24 * 60 * 6e4;
var ADOPTION_WINDOW_MS = 7 * 24 * 60 * 6e4;
async function attemptOfMetadata(db, metadata) {
  const chargeId = metadata.charge_id;
  if (!chargeId || !/^[0-9a-f-]{36}$/i.test(chargeId)) return void 0;
  const attempt = Number(metadata.attempt);
  const row = Number.isInteger(attempt) ? await findAttemptRow(db, CHARGE_KIND, chargeId, attempt) : await findLatestForOwner(db, CHARGE_KIND, chargeId);
  return row && isMandatePayment(row) ? row : void 0;
}
__name(attemptOfMetadata, "attemptOfMetadata");
async function attemptOfMandateUid(db, mandateUid) {
  const recurringTip = await findByMandate(db, mandateUid);
  const month = recurringTip && await findLatestCharge(db, recurringTip.id);
  if (month?.via !== "mandate") return void 0;
  const row = await findAttemptRow(db, CHARGE_KIND, month.id, month.attempt);
  return row && isMandatePayment(row) ? row : void 0;
}
__name(attemptOfMandateUid, "attemptOfMandateUid");
async function attemptOfMandate(db, mandate) {
  const row = await attemptOfMetadata(db, mandate.metadata) ?? await attemptOfMandateUid(db, mandate.uid);
  if (row && mandate.merchantUid && row.merchantUid !== mandate.merchantUid) return void 0;
  return row;
}
__name(attemptOfMandate, "attemptOfMandate");
function firstPaymentStatusOf(mandate, row) {
  if (mandate.status === "completed") return "completed";
  if (MANDATE_DEAD.has(mandate.status)) return "failed";
  if (Date.now() - row.created.getTime() > FIRST_PAYMENT_GIVE_UP_MS) return "expired";
  return null;
}
__name(firstPaymentStatusOf, "firstPaymentStatusOf");
async function applyMandate(ctx, mandate) {
  const row = await attemptOfMandate(ctx.db, mandate);
  if (row) await applyFirstPayment(ctx, row, mandate);
  if (mandate.status === "revoked") await revokeMandate(ctx, mandate.uid);
}
__name(applyMandate, "applyMandate");
async function applyFirstPayment(ctx, row, mandate) {
  const firstUid = row.oppUid ?? mandate.transactionUid;
  if (firstUid) {
    await applyProviderTransaction(ctx, row.id, await ctx.opp.getTransaction(firstUid));
    return;
  }
  const status2 = firstPaymentStatusOf(mandate, row);
  if (status2) await applyStatusOfUnknownTransaction(ctx, row.id, status2);
}
__name(applyFirstPayment, "applyFirstPayment");
async function revokeMandate(ctx, mandateUid) {
  await ctx.db.transaction(async (tx) => {
    for (const recurringTip of await lockByMandate(tx, mandateUid)) {
      if (recurringTip.mandateStatus === "revoked" || recurringTip.mandateStatus === "invalid") continue;
      await updateRecurringTip(tx, recurringTip.id, { mandateStatus: "revoked", lastFailureReason: "revoked" });
      for (const charge of await cancelScheduledCharges(tx, recurringTip.id)) {
        await moveTip(tx, charge.tipId, "cancelled");
      }
    }
  });
}
__name(revokeMandate, "revokeMandate");
async function readMandate(ctx, mandateUid) {
  try {
    return await ctx.opp.getMandate(mandateUid);
  } catch (err) {
    ctx.log.error({ err, mandateUid }, "reading the mandate failed");
    throw providerUnavailable(err);
  }
}
__name(readMandate, "readMandate");
var onMandateNotification = /* @__PURE__ */ __name(async (ctx, body) => {
  if (!await findByMandate(ctx.db, body.object_uid)) {
    ctx.log.warn({ mandateUid: body.object_uid }, "notification for an unknown mandate");
    return;
  }
  await applyMandate(ctx, await readMandate(ctx, body.object_uid));
}, "onMandateNotification");
async function refreshMandateAttempt(ctx, row) {
  const charge = await findCharge(ctx.db, row.ownerId);
  const recurringTip = charge && await findRecurringTip(ctx.db, charge.recurringTipId);
  if (!recurringTip?.mandateUid) return;
  const mandate = await readMandate(ctx, recurringTip.mandateUid);
  const attempt = await attemptOfMandate(ctx.db, mandate);
  if (attempt?.id === row.id) {
    await applyMandate(ctx, mandate);
  } else if (Date.now() - row.created.getTime() > FIRST_PAYMENT_GIVE_UP_MS) {
    await applyStatusOfUnknownTransaction(ctx, row.id, "expired");
  }
}
__name(refreshMandateAttempt, "refreshMandateAttempt");
var firstPaymentAdopter = {
  awaits: /* @__PURE__ */ __name((db) => hasRowWithoutUid(db, CHARGE_KIND, new Date(Date.now() - ADOPTION_WINDOW_MS)), "awaits"),
  async adopt(ctx, transaction) {
    const row = await attemptOfMetadata(ctx.db, transaction.metadata) ?? (transaction.mandateUid ? await attemptOfMandateUid(ctx.db, transaction.mandateUid) : void 0);
    if (!row || row.oppUid) return void 0;
    if (row.amount !== transaction.amount || transaction.merchantUid && row.merchantUid !== transaction.merchantUid) {
      ctx.log.warn(
        { transactionUid: transaction.uid, rowId: row.id },
        "a first payment that does not match its attempt"
      );
      return void 0;
    }
    return row;
  }
};

// src/modules/recurring-tips/recurring-tips.payments.ts
var MANDATE_LEASE_MS = 3e4;
function leaseEnd() {
  return new Date(Date.now() + MANDATE_LEASE_MS);
}
__name(leaseEnd, "leaseEnd");
function isLeased(charge) {
  return charge.claimedUntil !== null && charge.claimedUntil.getTime() > Date.now();
}
__name(isLeased, "isLeased");
function lease(tx, charge) {
  return updateCharge(tx, charge.id, { claimedUntil: leaseEnd() });
}
__name(lease, "lease");
async function newMonth(tx, recurringTip, m) {
  const charge = await insertCharge(tx, chargeOf(recurringTip, m));
  if (!charge) return void 0;
  const tip = await insertTip(tx, tipOf(recurringTip, m));
  return updateCharge(tx, charge.id, { tipId: tip.id });
}
__name(newMonth, "newMonth");
async function newMonths(tx, months2) {
  const charges = await insertCharges(
    tx,
    months2.map((m) => chargeOf(m.recurringTip, m.month))
  );
  const byTip = new Map(months2.map((m) => [m.recurringTip.id, m]));
  const made = charges.map((charge) => {
    const { recurringTip, month } = byTip.get(charge.recurringTipId);
    return { charge, tip: { id: randomUUID2(), ...tipOf(recurringTip, month) } };
  });
  await insertTips(
    tx,
    made.map((m) => m.tip)
  );
  await setChargeTips(
    tx,
    made.map((m) => ({ id: m.charge.id, tipId: m.tip.id }))
  );
  return made.length;
}
__name(newMonths, "newMonths");
function chargeOf(recurringTip, m) {
  return {
    recurringTipId: recurringTip.id,
    period: m.period,
    amount: m.amount,
    via: m.via,
    nextAttemptAt: m.nextAttemptAt
  };
}
__name(chargeOf, "chargeOf");
function tipOf(recurringTip, m) {
  return {
    tipjarId: recurringTip.tipjarId,
    amount: m.amount,
    fee: m.fee,
    status: "created",
    privacy: recurringTip.privacy,
    displayName: recurringTip.privacy === "ANONYMOUS" ? null : recurringTip.displayName,
    message: recurringTip.message,
    email: m.email,
    locale: recurringTip.locale,
    paymentMethod: m.via === "debit" ? "sepa" : recurringTip.paymentMethod,
    recurringTipId: recurringTip.id
  };
}
__name(tipOf, "tipOf");
async function sendMandatePayment(ctx, input) {
  const { recurringTip, charge, tipjar, method, merchantUid } = input;
  const locale = input.locale ?? recurringTip.locale;
  const existing = await findLatestForOwner(ctx.db, CHARGE_KIND, charge.id);
  if (existing && existing.attempt === charge.attempt) {
    await releaseCharge(ctx.db, charge.id);
    return existing;
  }
  const key = `mandate-${recurringTip.id}-${charge.period}-${charge.attempt}`;
  const request = {
    merchant_uid: merchantUid,
    mandate_method: "payment",
    mandate_type: "consumer",
    mandate_repeat: "subscription",
    mandate_amount: charge.amount,
    products: [{ name: `Monthly tip: ${tipjar.name}`, price: charge.amount, quantity: 1 }],
    total_price: charge.amount,
    payment_method: method.type,
    return_url: appUrl(ctx.config.publicUrl, "accountRecurringtips", { recurringtipid: recurringTip.id }, locale),
    notify_url: notifyUrlOf(ctx),
    // The first payment's checkout in the tipper's language (the provider passes it on to it).
    locale,
    reference: key,
    // Read back on the mandate and (if the provider passes it on) its first payment: our way to tell
    // which attempt a first payment belongs to when the mandate's answer does not name it.
    metadata: {
      recurring_tip_id: recurringTip.id,
      charge_id: charge.id,
      period: charge.period,
      attempt: String(charge.attempt)
    }
  };
  let mandate;
  try {
    mandate = await sendOrAdoptMandate(ctx, request, key, input.sentBefore ?? false);
  } catch (err) {
    ctx.log.error({ err, chargeId: charge.id }, "creating the mandate failed");
    await releaseCharge(ctx.db, charge.id);
    throw providerUnavailable(err);
  }
  const row = await ctx.db.transaction(async (tx) => {
    await updateRecurringTip(tx, recurringTip.id, {
      mandateUid: mandate.uid,
      mandateToken: mandate.token,
      paymentMethod: method.type
    });
    const row2 = await recordAttempt(tx, {
      charge,
      key,
      oppUid: mandate.transactionUid,
      // A checkout just made is open; without a uid the status is ours until the provider says more.
      status: mandate.transactionUid ? null : "created",
      merchantUid,
      redirectUrl: mandate.redirectUrl,
      request
    });
    await updateCharge(tx, charge.id, { oppTransactionId: row2.id, lastAttemptAt: /* @__PURE__ */ new Date(), claimedUntil: null });
    return row2;
  });
  return row.oppUid ? refreshAttempt(ctx, row) : row;
}
__name(sendMandatePayment, "sendMandatePayment");
async function sendOrAdoptMandate(ctx, request, key, sentBefore) {
  const find = /* @__PURE__ */ __name(async () => {
    const [first, ...more] = await ctx.opp.findMandatesByReference(key);
    if (more.length > 0) {
      ctx.log.error({ reference: key, adopted: first.uid, extra: more.map((m) => m.uid) }, "two mandates for one key");
    }
    return first;
  }, "find");
  const sent = sentBefore ? await find() : void 0;
  if (sent) return sent;
  try {
    return await ctx.opp.createMandate(request, key);
  } catch (err) {
    const adopted = isIdempotencyKeyUsed(err) ? await find() : void 0;
    if (adopted) return adopted;
    throw err;
  }
}
__name(sendOrAdoptMandate, "sendOrAdoptMandate");
async function resumeMandatePayment(ctx, charge) {
  const sent = /* @__PURE__ */ __name(async () => (await findLatestForOwner(ctx.db, CHARGE_KIND, charge.id))?.attempt === charge.attempt, "sent");
  if (await sent()) return;
  const leased = await leaseCharge(ctx.db, charge.id, charge.attempt, MANDATE_LEASE_MS);
  if (!leased) {
    for (let waited = 0; waited < 5e3; waited += 100) {
      if (await sent()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new AppError(ErrorCode.Conflict, "This payment is being set up right now; reload in a moment");
  }
  const recurringTip = await findRecurringTip(ctx.db, charge.recurringTipId);
  const tipjar = recurringTip && await findTipjar(ctx.db, recurringTip.tipjarId);
  if (!recurringTip || !tipjar) {
    await releaseCharge(ctx.db, charge.id);
    return;
  }
  try {
    const merchantUid = await tipMerchantUid(ctx, tipjar);
    const method = { type: recurringTip.paymentMethod ?? "ideal" };
    await sendMandatePayment(ctx, { recurringTip, charge: leased, tipjar, method, merchantUid, sentBefore: true });
  } catch (err) {
    await releaseCharge(ctx.db, charge.id);
    throw err;
  }
}
__name(resumeMandatePayment, "resumeMandatePayment");
async function recordAttempt(tx, a) {
  const existing = await findLatestForOwner(tx, CHARGE_KIND, a.charge.id);
  if (existing && existing.attempt === a.charge.attempt) return existing;
  try {
    return await tx.transaction(
      (sp) => insertTransactionRow(sp, {
        kind: CHARGE_KIND,
        ownerId: a.charge.id,
        attempt: a.charge.attempt,
        idempotencyKey: a.key,
        oppUid: a.oppUid,
        status: a.status ?? null,
        amount: a.charge.amount,
        merchantUid: a.merchantUid,
        redirectUrl: a.redirectUrl,
        request: a.request
      })
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await findLatestForOwner(tx, CHARGE_KIND, a.charge.id);
    if (!winner) throw err;
    return winner;
  }
}
__name(recordAttempt, "recordAttempt");
async function refreshAttempt(ctx, row) {
  try {
    if (row.oppUid) return await applyProviderTransaction(ctx, row.id, await ctx.opp.getTransaction(row.oppUid));
    if (isMandatePayment(row)) await refreshMandateAttempt(ctx, row);
    return await findTransactionRow(ctx.db, row.id) ?? row;
  } catch (err) {
    ctx.log.warn({ err, transactionRowId: row.id }, "could not read the new transaction; reconcile will");
    return await findTransactionRow(ctx.db, row.id) ?? row;
  }
}
__name(refreshAttempt, "refreshAttempt");

// src/modules/recurring-tips/recurring-tips.charge-send.ts
async function prepareDebits(ctx, charges) {
  const [recurringTips2, recorded] = await Promise.all([
    findRecurringTips(ctx.db, [...new Set(charges.map((c) => c.recurringTipId))]),
    findLatestForOwners(
      ctx.db,
      CHARGE_KIND,
      charges.map((c) => c.id)
    )
  ]);
  const merchants = await merchantsOfTipjars(ctx.db, [...new Set([...recurringTips2.values()].map((r) => r.tipjarId))]);
  const release = /* @__PURE__ */ __name((charge, reached, then) => ({
    settle: /* @__PURE__ */ __name(async () => {
      await releaseCharge(ctx.db, charge.id);
      await then?.();
      return reached;
    }, "settle")
  }), "release");
  return charges.map((charge) => {
    const recurringTip = recurringTips2.get(charge.recurringTipId);
    if (!recurringTip?.mandateUid || !recurringTip.mandateToken) return release(charge, false);
    const existing = recorded.get(charge.id);
    if (existing && existing.attempt === charge.attempt)
      return release(charge, true, () => refreshAttempt(ctx, existing));
    const merchant = merchants.get(recurringTip.tipjarId);
    if (!acceptsTips(merchant)) {
      ctx.log.warn(
        { tipjarId: recurringTip.tipjarId, merchantStatus: merchant?.merchantStatus ?? null, chargeId: charge.id },
        "the tip jar has no merchant that takes payments; the month waits"
      );
      return release(charge, false);
    }
    const key = `charge-${recurringTip.id}-${charge.period}-${charge.attempt}`;
    const request = {
      merchant_uid: merchant.merchantUid,
      token: recurringTip.mandateToken,
      total_price: charge.amount,
      products: [
        { name: `Monthly tip: ${recurringTip.tipjarName} (${charge.period})`, price: charge.amount, quantity: 1 }
      ],
      reference: key,
      notify_url: notifyUrlOf(ctx),
      metadata: { recurring_tip_id: recurringTip.id, charge_id: charge.id, period: charge.period }
    };
    return { send: { charge, mandateUid: recurringTip.mandateUid, merchantUid: merchant.merchantUid, key, request } };
  });
}
__name(prepareDebits, "prepareDebits");
async function sendDebit(ctx, debit, record) {
  const { charge } = debit;
  let answer;
  try {
    answer = await sendOrAdoptDebit(ctx, charge, debit.mandateUid, debit.request, debit.key);
  } catch (err) {
    if (isRefusal(err)) {
      ctx.log.warn({ err, chargeId: charge.id }, "the provider refused a mandate charge");
      const effect = await ctx.db.transaction(async (tx) => {
        const locked = await lockCharge(tx, charge.id);
        if (locked?.status !== "scheduled" || locked.attempt !== charge.attempt) return void 0;
        return recordDebitFailure(ctx, tx, locked, "rejected");
      });
      if (effect) await runEffect(ctx, effect, charge.id);
      return true;
    }
    ctx.log.error({ err, chargeId: charge.id }, "sending a mandate charge failed; the next run retries it");
    await releaseCharge(ctx.db, charge.id);
    return false;
  }
  await record({ ...debit, answer });
  return true;
}
__name(sendDebit, "sendDebit");
async function recordDebitAnswer(ctx, a) {
  const row = await ctx.db.transaction(async (tx) => {
    const row2 = await recordAttempt(tx, {
      charge: a.charge,
      key: a.key,
      oppUid: a.answer.uid,
      merchantUid: a.merchantUid,
      redirectUrl: null,
      request: a.request
    });
    await updateCharge(tx, a.charge.id, { oppTransactionId: row2.id, claimedUntil: null });
    return row2;
  });
  await applyProviderTransaction(ctx, row.id, a.answer);
}
__name(recordDebitAnswer, "recordDebitAnswer");
async function sendOrAdoptDebit(ctx, charge, mandateUid, request, key) {
  const find = /* @__PURE__ */ __name(() => findByReference(ctx, key, { chargeId: charge.id }).catch((err) => {
    throw new OppError(0, void 0, `looking up the debit ${key} failed: ${err.message}`);
  }), "find");
  const sentBefore = charge.claimedBefore ? await find() : void 0;
  if (sentBefore) return sentBefore;
  try {
    return await ctx.opp.createMandateTransaction(mandateUid, request, key);
  } catch (err) {
    const adopted = isIdempotencyKeyUsed(err) ? await find() : void 0;
    if (adopted) return adopted;
    throw err;
  }
}
__name(sendOrAdoptDebit, "sendOrAdoptDebit");
function isRefusal(err) {
  return err instanceof OppError && err.status >= 400 && err.status < 500 && ![408, 409, 429].includes(err.status) && !isIdempotencyKeyUsed(err);
}
__name(isRefusal, "isRefusal");
async function runEffect(ctx, effect, chargeId) {
  try {
    await effect(ctx);
  } catch (err) {
    ctx.log.error({ err, chargeId }, "after-commit effect of a refused charge failed");
  }
}
__name(runEffect, "runEffect");

// src/modules/recurring-tips/recurring-tips.charge-batch.ts
var MAX_RECORD_BATCH = 200;
function isOpen(a) {
  const outcome = paymentOutcome(a.answer.status);
  return outcome === "open" || outcome === "held";
}
__name(isOpen, "isOpen");
async function recordDebitAnswers(ctx, answers) {
  const { toApply, recordedElsewhere } = await ctx.db.transaction(async (tx) => {
    const rows3 = await insertTransactionRows(
      tx,
      answers.map((a) => ({
        kind: CHARGE_KIND,
        ownerId: a.charge.id,
        attempt: a.charge.attempt,
        idempotencyKey: a.key,
        oppUid: a.answer.uid,
        status: isOpen(a) ? a.answer.status : null,
        amount: a.charge.amount,
        merchantUid: a.merchantUid,
        redirectUrl: isOpen(a) ? a.answer.redirectUrl : null,
        request: a.request
      }))
    );
    const rowOf = new Map(rows3.map((r) => [r.ownerId, r]));
    const written = answers.filter((a) => rowOf.has(a.charge.id));
    await recordChargeAnswers(
      tx,
      written.map((a) => ({
        id: a.charge.id,
        rowId: rowOf.get(a.charge.id).id,
        attempt: a.charge.attempt,
        open: isOpen(a)
      })),
      tipStatusesBefore("pending")
    );
    return {
      toApply: written.filter((a) => !isOpen(a)).map((a) => ({ a, rowId: rowOf.get(a.charge.id).id })),
      recordedElsewhere: answers.filter((a) => !rowOf.has(a.charge.id))
    };
  });
  for (const { a, rowId } of toApply) await applyProviderTransaction(ctx, rowId, a.answer);
  for (const a of recordedElsewhere) await recordDebitAnswer(ctx, a);
}
__name(recordDebitAnswers, "recordDebitAnswers");
var DebitRecorder = class {
  constructor(ctx) {
    this.ctx = ctx;
  }
  ctx;
  static {
    __name(this, "DebitRecorder");
  }
  waiting = [];
  writing = null;
  failures = [];
  record = /* @__PURE__ */ __name((answer) => {
    this.waiting.push(answer);
    if (!this.writing) this.writing = this.writeAll();
    return this.waiting.length >= MAX_RECORD_BATCH ? this.writing : Promise.resolve();
  }, "record");
  /** Waits until every answer handed in is written; throws the first failure. */
  async drain() {
    while (this.writing) await this.writing;
    if (this.failures.length > 0) throw this.failures[0];
  }
  async writeAll() {
    await Promise.resolve();
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_RECORD_BATCH);
      try {
        await recordDebitAnswers(this.ctx, batch);
      } catch (err) {
        this.ctx.log.warn({ err, answers: batch.length }, "recording a batch of answers failed; one at a time");
        for (const a of batch) {
          await recordDebitAnswer(this.ctx, a).catch((e) => {
            this.ctx.log.error({ err: e, chargeId: a.charge.id }, "recording an answer failed; a later run adopts it");
            this.failures.push(e);
          });
        }
      }
    }
    this.writing = null;
  }
};

// src/modules/recurring-tips/recurring-tips.charge-job.ts
var BATCH = 100;
var CLAIM_WORKERS = 4;
var ANALYZE_AFTER_CLAIMED = 100;
var LEASE_MS2 = 5 * 6e4;
var MAX_BATCHES = 1e4;
async function runCharges(ctx, options = {}) {
  const now = options.now ?? /* @__PURE__ */ new Date();
  const result = { preNotified: 0, claimed: 0, sent: 0, failed: 0 };
  result.preNotified = await sendPreNotifications(ctx, now);
  const concurrency = Math.max(1, options.concurrency ?? ctx.config.CHARGE_CONCURRENCY);
  result.claimed = await claimDueMonths(ctx, now, Math.min(concurrency, CLAIM_WORKERS));
  if (result.claimed >= ANALYZE_AFTER_CLAIMED) await analyzeCharges(ctx.db);
  Object.assign(result, await sendDueCharges(ctx, now, concurrency));
  return result;
}
__name(runCharges, "runCharges");
async function sendDueCharges(ctx, now, concurrency) {
  const counts = { sent: 0, failed: 0 };
  const queue = [];
  const recorder = new DebitRecorder(ctx);
  let batches = 0;
  let isDone = false;
  let leasing = null;
  const leaseBatch = /* @__PURE__ */ __name(() => {
    leasing ??= claimChargeWork(ctx.db, now, LEASE_MS2, BATCH).then(async (charges) => {
      batches += 1;
      if (charges.length < BATCH || batches >= MAX_BATCHES) isDone = true;
      queue.push(...await prepareDebits(ctx, charges));
    }).finally(() => {
      leasing = null;
    });
    return leasing;
  }, "leaseBatch");
  const worker = /* @__PURE__ */ __name(async () => {
    for (; ; ) {
      const next = queue.shift();
      if (!next) {
        if (isDone) return;
        await leaseBatch();
        continue;
      }
      if (await ("send" in next ? sendDebit(ctx, next.send, recorder.record) : next.settle())) {
        counts.sent += 1;
      } else {
        counts.failed += 1;
        isDone = true;
      }
    }
  }, "worker");
  const stopped = await Promise.allSettled(
    Array.from(
      { length: concurrency },
      () => worker().catch((err) => {
        isDone = true;
        throw err;
      })
    )
  );
  await recorder.drain();
  const failure = stopped.find((s) => s.status === "rejected");
  if (failure) throw failure.reason;
  return counts;
}
__name(sendDueCharges, "sendDueCharges");
async function claimDueMonths(ctx, now, workers) {
  let claimed = 0;
  let batches = 0;
  let isDone = false;
  const stillDue = /* @__PURE__ */ new Set();
  const worker = /* @__PURE__ */ __name(async () => {
    while (!isDone && batches < MAX_BATCHES) {
      batches += 1;
      const { locked, inserted } = await ctx.db.transaction((tx) => claimBatch(ctx, tx, now, stillDue));
      claimed += inserted;
      if (locked < BATCH) isDone = true;
    }
  }, "worker");
  await Promise.all(Array.from({ length: workers }, worker));
  return claimed;
}
__name(claimDueMonths, "claimDueMonths");
async function claimBatch(ctx, tx, now, stillDue) {
  const due = await lockDueRecurringTips(tx, now, BATCH, [...stillDue]);
  due.sort((a, b) => a.tipjarId < b.tipjarId ? -1 : a.tipjarId > b.tipjarId ? 1 : 0);
  const months2 = [];
  const schedule = [];
  for (const recurringTip of due) {
    const chargeDay = recurringTip.chargeDay;
    const month = dueMonth(chargeDay, recurringTip.nextChargeAt, now);
    if (!month.charge) {
      schedule.push({ id: recurringTip.id, nextChargeAt: month.due });
      if (month.due <= now) stillDue.add(recurringTip.id);
      continue;
    }
    const period = periodOf(month.due);
    const amount = recurringTip.nextAmount ?? recurringTip.amount;
    months2.push({
      recurringTip,
      month: {
        period,
        amount,
        fee: platformFeeOf(amount, ctx.config.PLATFORM_FEE_BPS),
        via: "debit",
        email: recurringTip.tipperEmail ?? "",
        nextAttemptAt: month.due
      }
    });
    const nextChargeAt = nextChargeAfter(chargeDay, period, now);
    schedule.push({ id: recurringTip.id, nextChargeAt, amount });
    if (nextChargeAt <= now) stillDue.add(recurringTip.id);
  }
  const inserted = await newMonths(tx, months2);
  await scheduleRecurringTips(tx, schedule);
  return { locked: due.length, inserted };
}
__name(claimBatch, "claimBatch");
async function sendPreNotifications(ctx, now) {
  const until = new Date(now.getTime() + PRE_NOTIFICATION_DAYS * 24 * 60 * 60 * 1e3);
  let announced = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const rows3 = await claimPreNotifications(tx, now, until, BATCH);
      for (const recurringTip of rows3) {
        const user = await findUserById(tx, recurringTip.userId);
        const tipjar = await findTipjar(tx, recurringTip.tipjarId);
        if (!user || !tipjar || !recurringTip.nextChargeAt) continue;
        const mail = preNotificationMail(recurringTip.locale, {
          brand: ctx.config.BRAND_NAME,
          tipjarName: tipjar.name,
          manageLink: await manageLinkOf(ctx, recurringTip.id, recurringTip.locale, tx),
          amount: recurringTip.nextAmount ?? recurringTip.amount,
          chargeAt: recurringTip.nextChargeAt
        });
        await queueMail(
          tx,
          { to: user.email, ...mail },
          { dedupeKey: `recurring-prenotice:${recurringTip.id}:${recurringTip.preNotifiedPeriod}` }
        );
      }
      return rows3.length;
    });
    announced += claimed;
    if (claimed < BATCH) break;
  }
  if (announced) ctx.outbox.kick();
  return announced;
}
__name(sendPreNotifications, "sendPreNotifications");

// src/jobs/money-check.ts
import { sql as sql15 } from "drizzle-orm";

// src/modules/statistics/statistics.repository.ts
import { and as and15, desc as desc10, eq as eq17, gte as gte3, lte as lte3, sql as sql13 } from "drizzle-orm";
var STATISTICS_TIME_ZONE = "Europe/Amsterdam";
var ofJar = /* @__PURE__ */ __name((tipjarId) => tipjarId ? eq17(tipDailyTotals.tipjarId, tipjarId) : void 0, "ofJar");
var countSum = sql13`coalesce(sum(${tipDailyTotals.count}), 0)::bigint`;
var amountSum = sql13`coalesce(sum(${tipDailyTotals.amount}), 0)::bigint`;
var refundedSum = sql13`coalesce(sum(${tipDailyTotals.refundedAmount}), 0)::bigint`;
async function tipTotals(db, tipjarId) {
  const [row] = await db.select({
    count: countSum,
    sum: amountSum,
    refunded: refundedSum,
    // The fee kept: the fee on what is left of each tip.
    fees: sql13`coalesce(sum(${tipDailyTotals.fee} - ${tipDailyTotals.refundedFee}), 0)::bigint`
  }).from(tipDailyTotals).where(ofJar(tipjarId));
  return {
    count: Number(row?.count ?? 0),
    sum: Number(row?.sum ?? 0),
    refunded: Number(row?.refunded ?? 0),
    fees: Number(row?.fees ?? 0)
  };
}
__name(tipTotals, "tipTotals");
async function tipsPerDay(db, fromDate, tipjarId) {
  return grouped(db, sql13`to_char(${tipDailyTotals.day}, 'YYYY-MM-DD')`, fromDate, tipjarId);
}
__name(tipsPerDay, "tipsPerDay");
async function tipsPerMonth(db, fromDate, tipjarId) {
  return grouped(db, sql13`to_char(${tipDailyTotals.day}, 'YYYY-MM')`, fromDate, tipjarId);
}
__name(tipsPerMonth, "tipsPerMonth");
async function grouped(db, key, fromDate, tipjarId) {
  const rows3 = await db.select({ key, count: countSum, sum: amountSum, refunded: refundedSum }).from(tipDailyTotals).where(and15(ofJar(tipjarId), gte3(tipDailyTotals.day, fromDate))).groupBy(sql13`1`).having(sql13`sum(${tipDailyTotals.count}) <> 0`);
  return rows3.map((r) => ({ key: r.key, count: Number(r.count), sum: Number(r.sum), refunded: Number(r.refunded) }));
}
__name(grouped, "grouped");
async function tipsByMethod(db, tipjarId) {
  const rows3 = await db.select({ method: tipDailyTotals.paymentMethod, count: countSum, sum: amountSum, refunded: refundedSum }).from(tipDailyTotals).where(ofJar(tipjarId)).groupBy(sql13`1`).having(sql13`sum(${tipDailyTotals.count}) <> 0`).orderBy(sql13`3 desc`, sql13`1`);
  return rows3.map((r) => ({
    method: r.method,
    count: Number(r.count),
    sum: Number(r.sum),
    refunded: Number(r.refunded)
  }));
}
__name(tipsByMethod, "tipsByMethod");
var inPeriod = /* @__PURE__ */ __name((from, to, tipjarId) => and15(ofJar(tipjarId), gte3(tipDailyTotals.day, from), lte3(tipDailyTotals.day, to)), "inPeriod");
var feeSum = sql13`coalesce(sum(${tipDailyTotals.fee} - ${tipDailyTotals.refundedFee}), 0)::bigint`;
var figures = /* @__PURE__ */ __name((r) => ({
  count: Number(r.count),
  sum: Number(r.sum),
  refunded: Number(r.refunded),
  fees: Number(r.fees)
}), "figures");
var sums = { count: countSum, sum: amountSum, refunded: refundedSum, fees: feeSum };
async function firstTipDay(db, tipjarId) {
  const [row] = await db.select({ day: sql13`min(${tipDailyTotals.day})` }).from(tipDailyTotals).where(ofJar(tipjarId));
  return row?.day ? String(row.day).slice(0, 10) : null;
}
__name(firstTipDay, "firstTipDay");
async function periodByBucketAndKind(db, from, to, granularity, tipjarId) {
  const start = sql13`to_char(date_trunc(${granularity}, ${tipDailyTotals.day}), 'YYYY-MM-DD')`;
  const rows3 = await db.select({ start, kind: tipDailyTotals.kind, ...sums }).from(tipDailyTotals).where(inPeriod(from, to, tipjarId)).groupBy(sql13`1`, sql13`2`);
  return rows3.map((r) => ({ start: r.start, kind: r.kind, ...figures(r) }));
}
__name(periodByBucketAndKind, "periodByBucketAndKind");
async function periodByMethod(db, from, to, tipjarId) {
  const rows3 = await db.select({ method: tipDailyTotals.paymentMethod, ...sums }).from(tipDailyTotals).where(inPeriod(from, to, tipjarId)).groupBy(sql13`1`).having(sql13`sum(${tipDailyTotals.count}) <> 0`).orderBy(sql13`3 desc`, sql13`1`);
  return rows3.map((r) => ({ method: r.method, ...figures(r) }));
}
__name(periodByMethod, "periodByMethod");
async function periodMonthlyTippers(db, from, to, tipjarId) {
  const rows3 = await db.select({ month: sql13`to_char(${tipDailyTotals.day}, 'YYYY-MM')`, count: countSum }).from(tipDailyTotals).where(and15(inPeriod(from, to, tipjarId), eq17(tipDailyTotals.kind, "monthly"))).groupBy(sql13`1`);
  return rows3.map((r) => ({ month: r.month, count: Number(r.count) }));
}
__name(periodMonthlyTippers, "periodMonthlyTippers");
async function periodTopTipjars(db, from, to, limit) {
  const net = sql13`sum(${tipDailyTotals.amount} - ${tipDailyTotals.refundedAmount} - ${tipDailyTotals.fee} + ${tipDailyTotals.refundedFee})`;
  const top = db.select({
    tipjarId: tipDailyTotals.tipjarId,
    count: countSum.as("count"),
    sum: amountSum.as("sum"),
    refunded: refundedSum.as("refunded"),
    fees: feeSum.as("fees"),
    net: sql13`${net}::bigint`.as("net")
  }).from(tipDailyTotals).where(inPeriod(from, to)).groupBy(tipDailyTotals.tipjarId).having(sql13`sum(${tipDailyTotals.count}) <> 0`).orderBy(sql13`${net} desc`, tipDailyTotals.tipjarId).limit(limit).as("top");
  const rows3 = await db.select({
    id: tipjars.id,
    name: tipjars.name,
    slug: tipjars.slug,
    count: top.count,
    sum: top.sum,
    refunded: top.refunded,
    fees: top.fees
  }).from(top).innerJoin(tipjars, eq17(tipjars.id, top.tipjarId)).orderBy(desc10(top.net), tipjars.id);
  return rows3.map((r) => ({ id: r.id, name: r.name, slug: r.slug, ...figures(r) }));
}
__name(periodTopTipjars, "periodTopTipjars");
async function periodNewTipjars(db, from, to) {
  const local = sql13`(${tipjars.created} at time zone ${STATISTICS_TIME_ZONE})`;
  const rows3 = await db.select({ month: sql13`to_char(${local}, 'YYYY-MM')`, count: sql13`count(*)::bigint` }).from(tipjars).where(and15(sql13`${local} >= ${from}::date`, sql13`${local} < ${to}::date + 1`)).groupBy(sql13`1`);
  return rows3.map((r) => ({ month: r.month, count: Number(r.count) }));
}
__name(periodNewTipjars, "periodNewTipjars");

// src/modules/statistics/statistics.scan.ts
import { sql as sql14 } from "drizzle-orm";
async function rows(db, statement) {
  return (await db.execute(statement)).rows;
}
__name(rows, "rows");
async function aggregateDrift(db) {
  const figures2 = /* @__PURE__ */ __name((r) => [r.count, r.amount, r.fee, r.refunded_amount, r.refunded_fee].map((v) => String(v ?? 0)).join("/"), "figures");
  const daily = await rows(
    db,
    sql14`with scanned as (
          select tipjar_id, (completed_at at time zone ${STATISTICS_TIME_ZONE})::date as day,
                 coalesce(payment_method, 'unknown') as payment_method,
                 case when recurring_tip_id is null then 'one-off' else 'monthly' end as kind, count(*)::bigint as count,
                 sum(amount)::bigint as amount, sum(fee)::bigint as fee,
                 sum(refunded_amount)::bigint as refunded_amount, sum(refunded_fee)::bigint as refunded_fee
          from tips where completed_at is not null group by 1, 2, 3, 4),
        kept as (select * from tip_daily_totals where count <> 0 or amount <> 0 or fee <> 0
                   or refunded_amount <> 0 or refunded_fee <> 0)
        select concat_ws(' ', coalesce(k.tipjar_id, s.tipjar_id), coalesce(k.day, s.day), coalesce(k.payment_method, s.payment_method), coalesce(k.kind, s.kind)) as key,
               json_build_object('count', k.count, 'amount', k.amount, 'fee', k.fee, 'refunded_amount', k.refunded_amount, 'refunded_fee', k.refunded_fee) as kept,
               json_build_object('count', s.count, 'amount', s.amount, 'fee', s.fee, 'refunded_amount', s.refunded_amount, 'refunded_fee', s.refunded_fee) as scanned
        from kept k full join scanned s using (tipjar_id, day, payment_method, kind)
        where (k.count, k.amount, k.fee, k.refunded_amount, k.refunded_fee)
              is distinct from (s.count, s.amount, s.fee, s.refunded_amount, s.refunded_fee)`
  );
  const counts = await rows(
    db,
    sql14`with scanned as (select tipjar_id, status, count(*)::bigint as count from tips group by 1, 2),
        kept as (select tipjar_id, status, sum(count)::bigint as count from tip_status_counts group by 1, 2 having sum(count) <> 0)
        select concat_ws(' ', tipjar_id, status) as key, k.count as kept, s.count as scanned
        from kept k full join scanned s using (tipjar_id, status)
        where k.count is distinct from s.count`
  );
  return [
    ...daily.map((r) => ({
      table: "tip_daily_totals",
      key: r.key,
      kept: figures2(r.kept),
      scanned: figures2(r.scanned)
    })),
    ...counts.map((r) => ({
      table: "tip_status_counts",
      key: r.key,
      kept: String(r.kept ?? 0),
      scanned: String(r.scanned ?? 0)
    }))
  ];
}
__name(aggregateDrift, "aggregateDrift");

// src/jobs/money-check.ts
var OWNER_TABLES = {
  tip: "tips",
  addon: "addons",
  recurring_charge: "recurring_tip_charges"
};
async function rows2(db, statement) {
  return (await db.execute(statement)).rows;
}
__name(rows2, "rows");
async function checkMoney(ctx, options = {}) {
  const started = Date.now();
  const violations = [];
  const db = ctx.db;
  for (const r of await rows2(
    db,
    sql15`select o.owner_id, count(*)::int as n from opp_transactions o
        where o.kind = 'recurring_charge' and o.status = 'completed'
          and not exists (select 1 from payment_incidents i where i.transaction_id = o.id and i.refund_uid is not null)
        group by o.owner_id having count(*) > 1`
  )) {
    violations.push({
      invariant: "one-collection-per-month",
      subject: `recurring_tip_charges ${r.owner_id}`,
      detail: `${r.n} completed collections and no refund made`
    });
  }
  for (const r of await rows2(
    db,
    sql15`select c.id, o.status from recurring_tip_charges c
        left join opp_transactions o on o.id = c.paid_transaction_id
        where c.status = 'completed' and (o.id is null or o.status not in ('completed', 'refunded', 'chargeback'))`
  )) {
    violations.push({
      invariant: "one-collection-per-month",
      subject: `recurring_tip_charges ${r.id}`,
      detail: `completed, but its paying transaction is ${r.status ?? "missing"}`
    });
  }
  for (const r of await rows2(
    db,
    sql15`select o.id, o.kind, o.owner_id from opp_transactions o
        where (o.kind = 'tip' and not exists (select 1 from tips x where x.id = o.owner_id))
           or (o.kind = 'addon' and not exists (select 1 from addons x where x.id = o.owner_id))
           or (o.kind = 'recurring_charge' and not exists (select 1 from recurring_tip_charges x where x.id = o.owner_id))
           or o.kind not in (${sql15.join(
      Object.keys(OWNER_TABLES).map((k) => sql15`${k}`),
      sql15`, `
    )})`
  )) {
    violations.push({
      invariant: "one-owner",
      subject: `opp_transactions ${r.id}`,
      detail: `no ${r.kind} row ${r.owner_id}`
    });
  }
  for (const r of await rows2(
    db,
    sql15`select owner_id, count(*)::int as n from opp_transactions where kind = 'tip' group by owner_id having count(*) > 1`
  )) {
    violations.push({ invariant: "one-owner", subject: `tips ${r.owner_id}`, detail: `${r.n} provider transactions` });
  }
  const [tipSums] = await rows2(
    db,
    sql15`select
          (select coalesce(sum(amount), 0) from tips where status = 'completed' and recurring_tip_id is null)::bigint as tips,
          (select coalesce(sum(o.amount), 0) from opp_transactions o join tips t on t.id = o.owner_id
             where o.kind = 'tip' and o.status = 'completed')::bigint as transactions`
  );
  if (Number(tipSums.tips) !== Number(tipSums.transactions)) {
    violations.push({
      invariant: "totals-agree",
      subject: "one-off tips",
      detail: `completed tips ${tipSums.tips} \u2260 completed tip transactions ${tipSums.transactions} (cents)`
    });
  }
  const [monthSums] = await rows2(
    db,
    sql15`select
          (select coalesce(sum(amount), 0) from tips where status = 'completed' and recurring_tip_id is not null)::bigint as tips,
          (select coalesce(sum(amount), 0) from recurring_tip_charges where status = 'completed')::bigint as months,
          (select coalesce(sum(o.amount), 0) from recurring_tip_charges c join opp_transactions o on o.id = c.paid_transaction_id
             where c.status = 'completed')::bigint as paid`
  );
  if (new Set([monthSums.tips, monthSums.months, monthSums.paid].map(Number)).size !== 1) {
    violations.push({
      invariant: "totals-agree",
      subject: "monthly tips",
      detail: `completed monthly tips ${monthSums.tips}, completed months ${monthSums.months}, their payments ${monthSums.paid} (cents)`
    });
  }
  for (const r of await rows2(
    db,
    sql15`select c.id, t.status as tip_status, c.status from recurring_tip_charges c left join tips t on t.id = c.tip_id
        where (c.status = 'completed') <> (coalesce(t.status, '') = 'completed')`
  )) {
    violations.push({
      invariant: "totals-agree",
      subject: `recurring_tip_charges ${r.id}`,
      detail: `month ${r.status}, its tip ${r.tip_status ?? "missing"}`
    });
  }
  const [totals, byMethod] = await Promise.all([tipTotals(db), tipsByMethod(db)]);
  const [direct] = await rows2(
    db,
    sql15`select count(*)::int as n, coalesce(sum(amount), 0)::bigint as sum from tips where completed_at is not null`
  );
  const methodSum = byMethod.reduce((s, m) => s + m.sum, 0);
  if (totals.sum !== Number(direct.sum) || totals.count !== direct.n || methodSum !== totals.sum) {
    violations.push({
      invariant: "totals-agree",
      subject: "statistics",
      detail: `statistics total ${totals.sum} (${totals.count} tips), by method ${methodSum}, tips ${direct.sum} (${direct.n} tips)`
    });
  }
  for (const drift of await aggregateDrift(db)) {
    violations.push({
      invariant: "totals-agree",
      subject: `${drift.table} ${drift.key}`,
      detail: `kept ${drift.kept}, the tips say ${drift.scanned}`
    });
  }
  for (const r of await rows2(
    db,
    sql15`select t.id, t.refunded_amount, t.amount,
               coalesce((select sum(r.amount) from refunds r where r.tip_id = t.id and r.status <> 'failed'), 0)::bigint as recorded
        from tips t
        where t.refunded_amount > 0
           or exists (select 1 from refunds r where r.tip_id = t.id and r.status <> 'failed')`
  )) {
    if (Number(r.recorded) !== r.refunded_amount || r.refunded_amount > r.amount) {
      violations.push({
        invariant: "totals-agree",
        subject: `tips ${r.id}`,
        detail: `refunded ${r.refunded_amount} of ${r.amount}, refund records ${r.recorded} (cents)`
      });
    }
  }
  let checkedTransactions = 0;
  if (options.provider !== false) {
    const settled = new Date(Date.now() - (options.settledMinutes ?? 0) * 6e4);
    const ours = await rows2(
      db,
      sql15`select id, kind, owner_id, opp_uid, status from opp_transactions
          where opp_uid is not null and updated <= ${settled.toISOString()}::timestamptz
          order by created desc limit ${options.providerLimit ?? 5e3}`
    );
    const tipStatuses = new Map(
      (await rows2(
        db,
        sql15`select t.id, t.status from tips t join opp_transactions o on o.owner_id = t.id and o.kind = 'tip'`
      )).map((r) => [r.id, r.status])
    );
    for (const row of ours) {
      let provider2;
      try {
        provider2 = (await ctx.opp.getTransaction(row.opp_uid)).status;
      } catch (err) {
        violations.push({
          invariant: "status-matches-provider",
          subject: `opp_transactions ${row.id}`,
          detail: `the provider could not be read: ${err.message}`
        });
        continue;
      }
      checkedTransactions += 1;
      if (provider2 !== row.status) {
        violations.push({
          invariant: "status-matches-provider",
          subject: `opp_transactions ${row.id} (${row.opp_uid})`,
          detail: `ours ${row.status ?? "none"}, the provider's ${provider2}`
        });
      }
      const tipStatus = row.kind === "tip" ? tipStatuses.get(row.owner_id) : void 0;
      if (tipStatus && row.status && tipStatusOfTransaction(row.status) !== tipStatus) {
        violations.push({
          invariant: "status-matches-provider",
          subject: `tips ${row.owner_id}`,
          detail: `tip ${tipStatus}, its transaction ${row.status}`
        });
      }
    }
    violations.push(...await providerOrphans(ctx, options.providerPages ?? 50));
  }
  return { violations, checkedTransactions, durationMs: Date.now() - started };
}
__name(checkMoney, "checkMoney");
async function providerOrphans(ctx, maxPages) {
  const known = new Set(
    (await rows2(ctx.db, sql15`select opp_uid from opp_transactions where opp_uid is not null`)).map(
      (r) => r.opp_uid
    )
  );
  const found = [];
  for (let page = 1; page <= maxPages; page++) {
    let list;
    try {
      list = await ctx.opp.listTransactions({ page, perpage: 100 });
    } catch {
      break;
    }
    for (const transaction of list.data) {
      if (!known.has(transaction.uid) && paymentOutcome(transaction.status) !== null && !await isClaimedByAdopter(ctx, transaction)) {
        found.push({
          invariant: "one-owner",
          subject: `provider transaction ${transaction.uid}`,
          detail: `${transaction.status} ${transaction.amount} cents at the provider, unknown to us`
        });
      }
    }
    if (!list.hasMore) break;
  }
  return found;
}
__name(providerOrphans, "providerOrphans");
async function isClaimedByAdopter(ctx, transaction) {
  for (const adopter of ctx.payments.adopters) {
    if (await adopter.adopt(ctx, transaction)) return true;
  }
  return false;
}
__name(isClaimedByAdopter, "isClaimedByAdopter");
async function runMoneyCheck(ctx, options = {}) {
  const result = await checkMoney(ctx, { settledMinutes: 10, ...options });
  await ctx.db.insert(moneyCheckRuns).values({
    violations: result.violations.length,
    details: result.violations.slice(0, 500),
    durationMs: result.durationMs
  });
  if (result.violations.length > 0) {
    ctx.log.error(
      { violations: result.violations.slice(0, 50) },
      `money check: ${result.violations.length} violations`
    );
  }
  return result;
}
__name(runMoneyCheck, "runMoneyCheck");

// src/modules/recurring-tips/recurring-tips.ending.repository.ts
import { and as and16, asc as asc9, count as count8, eq as eq18, inArray as inArray11, isNotNull as isNotNull3, ne as ne2, or as or8 } from "drizzle-orm";
function runningWhere(filter) {
  const party = "tipjarId" in filter ? eq18(recurringTips.tipjarId, filter.tipjarId) : "userId" in filter ? eq18(recurringTips.userId, filter.userId) : or8(isNotNull3(tipjars.archivedAt), isNotNull3(users.archivedAt));
  return and16(ne2(recurringTips.status, "cancelled"), party);
}
__name(runningWhere, "runningWhere");
async function countRunningRecurringTips(db, filter) {
  const [row] = await db.select({ n: count8() }).from(recurringTips).innerJoin(tipjars, eq18(tipjars.id, recurringTips.tipjarId)).innerJoin(users, eq18(users.id, recurringTips.userId)).where(runningWhere(filter));
  return row?.n ?? 0;
}
__name(countRunningRecurringTips, "countRunningRecurringTips");
async function lockRunningRecurringTips(db, filter) {
  const rows3 = await db.select({ ...viewColumns, tipjarArchivedAt: tipjars.archivedAt }).from(recurringTips).innerJoin(tipjars, eq18(tipjars.id, recurringTips.tipjarId)).innerJoin(users, eq18(users.id, recurringTips.userId)).where(runningWhere(filter)).orderBy(asc9(recurringTips.created)).for("update", { of: recurringTips });
  return rows3.map((r) => ({ ...toView(r), tipjarArchived: r.tipjarArchivedAt !== null }));
}
__name(lockRunningRecurringTips, "lockRunningRecurringTips");
async function listCancelledWithValidMandate(db, limit, filter) {
  const which = !filter ? void 0 : "ids" in filter ? inArray11(recurringTips.id, filter.ids) : "tipjarId" in filter ? eq18(recurringTips.tipjarId, filter.tipjarId) : eq18(recurringTips.userId, filter.userId);
  return db.select({ id: recurringTips.id, mandateUid: recurringTips.mandateUid }).from(recurringTips).where(
    and16(
      eq18(recurringTips.status, "cancelled"),
      eq18(recurringTips.mandateStatus, "valid"),
      isNotNull3(recurringTips.mandateUid),
      which
    )
  ).orderBy(asc9(recurringTips.cancelledAt)).limit(limit);
}
__name(listCancelledWithValidMandate, "listCancelledWithValidMandate");
async function markMandateRevoked(db, id, mandateUid) {
  await db.update(recurringTips).set({ mandateStatus: "revoked" }).where(
    and16(eq18(recurringTips.id, id), eq18(recurringTips.mandateUid, mandateUid), eq18(recurringTips.mandateStatus, "valid"))
  );
}
__name(markMandateRevoked, "markMandateRevoked");

// src/modules/recurring-tips/recurring-tips.cancel.ts
function cancellation(row, now) {
  return {
    status: "cancelled",
    cancelledAt: now,
    nextChargeAt: null,
    manageTokenVersion: row.manageTokenVersion + 1
  };
}
__name(cancellation, "cancellation");
async function cancelWaitingCharges(tx, recurringTipId) {
  for (const charge of await cancelScheduledCharges(tx, recurringTipId))
    await moveTip(tx, charge.tipId, "cancelled");
}
__name(cancelWaitingCharges, "cancelWaitingCharges");
async function cancelMonthlyTipsOf(tx, filter, options) {
  const now = options.now ?? /* @__PURE__ */ new Date();
  const rows3 = await lockRunningRecurringTips(tx, filter);
  for (const row of rows3) {
    await updateRecurringTip(tx, row.id, cancellation(row, now));
    await cancelWaitingCharges(tx, row.id);
    const mail = monthlyTipEndedMail(row.locale, {
      brand: options.brand,
      tipjarName: row.tipjarName,
      amount: row.nextAmount ?? row.amount,
      reason: row.tipjarArchived ? "tipjar" : "account"
    });
    await queueMail(tx, { to: row.email, ...mail }, { dedupeKey: `monthly-tip-ended:${row.id}` });
  }
  return rows3.map((row) => row.id);
}
__name(cancelMonthlyTipsOf, "cancelMonthlyTipsOf");
function countRunningMonthlyTips(db, filter) {
  return countRunningRecurringTips(db, filter);
}
__name(countRunningMonthlyTips, "countRunningMonthlyTips");
async function revokeCancelledMandates(ctx, options = {}) {
  if (options.of && "ids" in options.of && options.of.ids.length === 0) return 0;
  const rows3 = await listCancelledWithValidMandate(ctx.db, options.limit ?? 100, options.of);
  let revoked = 0;
  for (const row of rows3) {
    const uid = row.mandateUid;
    try {
      await revokeAtProvider(ctx, uid);
      await markMandateRevoked(ctx.db, row.id, uid);
      revoked += 1;
    } catch (err) {
      ctx.log.warn({ err, recurringTipId: row.id }, "revoking the mandate failed; the reconcile job tries again");
    }
  }
  return revoked;
}
__name(revokeCancelledMandates, "revokeCancelledMandates");
async function revokeAtProvider(ctx, mandateUid) {
  try {
    const mandate = await ctx.opp.revokeMandate(mandateUid) ?? await ctx.opp.getMandate(mandateUid);
    if (mandate.status === "revoked") return;
  } catch (err) {
    if ((await ctx.opp.getMandate(mandateUid).catch(() => void 0))?.status === "revoked") return;
    throw err;
  }
  throw new Error(`the provider did not revoke mandate ${mandateUid}`);
}
__name(revokeAtProvider, "revokeAtProvider");
async function endMonthlyTipsOfArchived(ctx, options = {}) {
  const cancelled = await ctx.db.transaction(
    (tx) => cancelMonthlyTipsOf(tx, { ofArchived: true }, { brand: ctx.config.BRAND_NAME })
  );
  if (cancelled.length > 0) ctx.outbox.kick();
  const revoked = await revokeCancelledMandates(ctx, { limit: options.limit });
  return { cancelled: cancelled.length, revoked };
}
__name(endMonthlyTipsOfArchived, "endMonthlyTipsOfArchived");

// src/modules/recurring-tips/recurring-tips.repair.ts
async function repairHalfMadeMandates(ctx, options) {
  const charges = await listHalfMadeMandateCharges(ctx.db, options.olderThan, options.limit ?? 50);
  let repaired = 0;
  for (const charge of charges) {
    try {
      await resumeMandatePayment(ctx, charge);
      repaired += 1;
    } catch (err) {
      ctx.log.warn({ err, chargeId: charge.id }, "reconcile: could not repair a half-made monthly tip");
    }
  }
  return repaired;
}
__name(repairHalfMadeMandates, "repairHalfMadeMandates");

// src/modules/refunds/refunds.service.ts
function toRefund(row) {
  return {
    id: row.id,
    tipId: row.tipId,
    tipjarId: row.tipjarId,
    chargeId: row.chargeId,
    kind: row.kind,
    source: row.source,
    status: row.status,
    amount: row.amount,
    feeCredit: row.feeCredit,
    reason: row.reason,
    providerUid: row.providerUid,
    created: row.created.toISOString(),
    updated: row.updated.toISOString()
  };
}
__name(toRefund, "toRefund");
var errorText = /* @__PURE__ */ __name((err) => (err instanceof Error ? err.message : String(err)).slice(0, 500), "errorText");
async function createRefund(ctx, actor, tipId, data, idempotency) {
  assertAdmin(actor);
  const recorded = await ctx.db.transaction(async (tx) => {
    const tip = await lockTip(tx, tipId);
    if (!tip) throw AppError.notFound("Tip");
    const repeated = idempotency && await findRefundByKey(tx, tip.id, idempotency.key);
    if (repeated) {
      assertSameRequest(repeated.idempotencyFingerprint, idempotency);
      return { row: repeated, created: false };
    }
    if (tip.status !== "completed" && tip.status !== "refunded") {
      throw new AppError(
        ErrorCode.InvalidTransition,
        tip.status === "chargeback" ? "This tip was charged back: the money is already back with the tipper" : "Only a paid tip can be refunded"
      );
    }
    const left = tip.amount - tip.refundedAmount;
    const amount = data.amount ?? left;
    if (left <= 0 || amount > left) {
      throw AppError.field(
        ErrorCode.Validation,
        "data.amount",
        { key: "refundTooLarge", params: { max: Math.max(0, left) } },
        `At most ${Math.max(0, left)} cents of this tip are left to refund`
      );
    }
    const paid = await findPayingTransaction(tx, tip);
    if (!paid?.transaction.oppUid) {
      throw new AppError(ErrorCode.InvalidTransition, "The payment of this tip is not known at the provider");
    }
    const feeCredit = feeCreditOf(tip, tip.refundedAmount, amount);
    const row2 = await insertRefund(tx, {
      tipId: tip.id,
      tipjarId: tip.tipjarId,
      chargeId: paid.chargeId,
      oppTransactionId: paid.transaction.id,
      kind: "refund",
      source: "admin",
      status: "pending",
      amount,
      feeCredit,
      reason: data.reason,
      createdBy: actor.userId,
      idempotencyKey: idempotency?.key ?? null,
      idempotencyFingerprint: idempotency?.fingerprint ?? null
    });
    await addRefunded(tx, tip.id, amount, feeCredit);
    await recordAudit(tx, actor, {
      action: "refund.created",
      entityType: "refund",
      entityId: row2.id,
      tipjarId: row2.tipjarId,
      after: { tipId: row2.tipId, amount: row2.amount, feeCredit: row2.feeCredit, reason: row2.reason }
    });
    return { row: row2, created: true };
  });
  const row = recorded.created ? await sendRefund(ctx, recorded.row) : recorded.row;
  return { refund: toRefund(row), created: recorded.created };
}
__name(createRefund, "createRefund");
async function sendRefund(ctx, refund) {
  const payment = await findTransactionRow(ctx.db, refund.oppTransactionId);
  if (!payment?.oppUid) return refund;
  let answer;
  try {
    answer = await ctx.opp.createRefund(
      payment.oppUid,
      {
        amount: refund.amount,
        internal_reason: refund.reason,
        message: refund.reason,
        payout_description: `${ctx.config.BRAND_NAME} refund ${refund.id}`
      },
      `tip-refund-${refund.id}`
    );
  } catch (err) {
    const refused = err instanceof OppError && err.status >= 400 && err.status < 500 && ![408, 409, 429].includes(err.status);
    ctx.log.error(
      { err, refundId: refund.id },
      refused ? "the provider refused a refund" : "sending a refund failed; reconcile retries it"
    );
    if (!refused) {
      await recordSendError(ctx.db, refund.id, errorText(err));
      return await findRefund(ctx.db, refund.id) ?? refund;
    }
    const failed = await ctx.db.transaction(async (tx) => {
      await lockTip(tx, refund.tipId);
      const row = await markRefused(tx, refund.id, errorText(err));
      if (row) await addRefunded(tx, row.tipId, -row.amount, -row.feeCredit);
      return row;
    });
    return failed ?? await findRefund(ctx.db, refund.id) ?? refund;
  }
  const accepted = await ctx.db.transaction(async (tx) => {
    const row = await markAccepted(tx, refund.id, { providerUid: answer.uid, providerStatus: answer.status });
    if (row) await queueRefundMail(ctx, tx, row);
    return row;
  });
  if (!accepted) return await findRefund(ctx.db, refund.id) ?? refund;
  await sendQueuedMail(ctx);
  const tip = await findTip(ctx.db, accepted.tipId);
  if (tip && tip.refundedAmount >= tip.amount) {
    try {
      await applyProviderTransaction(ctx, payment.id, await ctx.opp.getTransaction(payment.oppUid));
    } catch (err) {
      ctx.log.warn({ err, refundId: accepted.id }, "reading the refunded payment failed; its notification follows");
    }
  }
  return accepted;
}
__name(sendRefund, "sendRefund");
async function queueRefundMail(ctx, tx, refund) {
  const tip = await findTip(tx, refund.tipId);
  const tipjar = tip && await findTipjar(tx, tip.tipjarId);
  if (!tip || !tipjar) return;
  const mail = tipRefundedMail(tip.locale, {
    brand: ctx.config.BRAND_NAME,
    tipjarName: tipjar.name,
    amount: refund.amount,
    tipAmount: tip.amount,
    whole: tip.refundedAmount >= tip.amount,
    reason: refund.reason,
    reference: tip.id
  });
  await queueMail(tx, { to: tip.email, ...mail }, { dedupeKey: `tip-refund:${refund.id}` });
}
__name(queueRefundMail, "queueRefundMail");
async function retryPendingRefunds(ctx, options = {}) {
  const pending = await listPendingRefunds(
    ctx.db,
    options.olderThan ?? new Date(Date.now() - 6e4),
    options.limit ?? 50
  );
  let sent = 0;
  for (const refund of pending) {
    const row = await sendRefund(ctx, refund);
    if (row.status !== "pending") sent += 1;
  }
  return sent;
}
__name(retryPendingRefunds, "retryPendingRefunds");
function recordingReversals(owner, tipOf2) {
  return async (tx, row, change, ctx) => {
    const after = await owner(tx, row, change, ctx) ?? void 0;
    if (paymentOutcome(change.current) !== "reversed") return after;
    const target = await tipOf2(tx, row);
    if (!target?.tipId) return after;
    const kind = change.current === "chargeback" ? "chargeback" : "refund";
    const recorded = await recordProviderReversal(ctx, tx, { ...target, tipId: target.tipId }, row, kind);
    return recorded ? both(after, sendQueuedMail) : after;
  };
}
__name(recordingReversals, "recordingReversals");
function both(a, b) {
  return a ? async (ctx) => {
    await a(ctx);
    await b(ctx);
  } : b;
}
__name(both, "both");
async function recordProviderReversal(ctx, tx, target, payment, kind) {
  const tip = await lockTip(tx, target.tipId);
  if (!tip) return false;
  const left = tip.amount - tip.refundedAmount;
  if (left <= 0) return false;
  const feeCredit = feeCreditOf(tip, tip.refundedAmount, left);
  const row = await insertProviderReversal(tx, {
    tipId: tip.id,
    tipjarId: tip.tipjarId,
    chargeId: target.chargeId,
    oppTransactionId: payment.id,
    kind,
    source: "provider",
    status: "completed",
    amount: left,
    feeCredit,
    reason: "",
    providerStatus: kind === "chargeback" ? "chargeback" : "refunded"
  });
  if (!row) return false;
  await addRefunded(tx, tip.id, left, feeCredit);
  ctx.log.warn({ tipId: tip.id, kind, amount: left }, "the provider reversed a paid tip");
  if (kind === "refund") await queueRefundMail(ctx, tx, row);
  return true;
}
__name(recordProviderReversal, "recordProviderReversal");
async function tipOfTipPayment(_tx, row) {
  return { tipId: row.ownerId, chargeId: null };
}
__name(tipOfTipPayment, "tipOfTipPayment");
async function tipOfChargePayment(tx, row) {
  const charge = await findChargePaidBy(tx, row.id);
  return charge ? { tipId: charge.tipId, chargeId: charge.id } : void 0;
}
__name(tipOfChargePayment, "tipOfChargePayment");
async function listRefunds(ctx, actor, tipId) {
  assertAdmin(actor);
  const tip = await findTip(ctx.db, tipId);
  if (!tip) throw AppError.notFound("Tip");
  return listOf(ctx, tip.id);
}
__name(listRefunds, "listRefunds");
async function listTipjarTipRefunds(ctx, actor, tipjarId, tipId) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const tip = await findTip(ctx.db, tipId, tipjarId);
  if (!tip) throw AppError.notFound("Tip");
  return listOf(ctx, tip.id);
}
__name(listTipjarTipRefunds, "listTipjarTipRefunds");
async function listOf(ctx, tipId) {
  const rows3 = await listTipRefunds(ctx.db, tipId);
  return { data: rows3.map(toRefund), metadata: { count: rows3.length } };
}
__name(listOf, "listOf");

// src/jobs/reconcile.ts
var REVERSAL_WINDOW_DAYS = 8 * 7 + 7;
async function reconcileTransactions(ctx, options = {}) {
  const olderThan = new Date(Date.now() - (options.olderThanMinutes ?? 30) * 6e4);
  const batchSize = options.batchSize ?? 50;
  const deadline = Date.now() + (options.budgetMs ?? 6e4);
  const maxBatches = options.maxBatches ?? 1e3;
  let checked = 0;
  let failed = 0;
  for (let batch = 0; batch < maxBatches && Date.now() < deadline; batch++) {
    const rows3 = await claimStaleTransactions(ctx.db, olderThan, batchSize);
    for (const row of rows3) {
      try {
        if (row.oppUid) await applyProviderTransaction(ctx, row.id, await ctx.opp.getTransaction(row.oppUid));
        else if (isMandatePayment(row)) await refreshMandateAttempt(ctx, row);
        else await resendCreate(ctx, row);
      } catch (err) {
        failed += 1;
        ctx.log.warn({ err, transactionRowId: row.id }, "reconcile: could not refresh transaction");
      }
    }
    checked += rows3.length;
    if (rows3.length < batchSize) break;
  }
  const recheckedDebits = await recheckReversibleDebits(ctx, options, deadline, batchSize, maxBatches);
  const refunded = await retryOpenRefunds(ctx);
  const tipRefunds = await retryPendingRefunds(ctx);
  const repairedMandates = await repairHalfMadeMandates(ctx, { olderThan });
  const ended = await endMonthlyTipsOfArchived(ctx);
  return {
    checked,
    failed,
    refunded,
    tipRefunds,
    repairedMandates,
    recheckedDebits,
    cancelledMonthlyTips: ended.cancelled,
    revokedMandates: ended.revoked
  };
}
__name(reconcileTransactions, "reconcileTransactions");
async function recheckReversibleDebits(ctx, options, deadline, batchSize, maxBatches) {
  const since = new Date(Date.now() - REVERSAL_WINDOW_DAYS * 24 * 60 * 6e4);
  const checkedBefore = new Date(Date.now() - (options.recheckDebitsEveryHours ?? 24) * 60 * 6e4);
  let rechecked = 0;
  for (let batch = 0; batch < maxBatches && Date.now() < deadline; batch++) {
    const rows3 = await claimReversibleDebits(ctx.db, { kind: CHARGE_KIND, since, checkedBefore, limit: batchSize });
    for (const row of rows3) {
      try {
        await applyProviderTransaction(ctx, row.id, await ctx.opp.getTransaction(row.oppUid));
        rechecked += 1;
      } catch (err) {
        ctx.log.warn({ err, transactionRowId: row.id }, "reconcile: could not re-read a completed debit");
      }
    }
    if (rows3.length < batchSize) break;
  }
  return rechecked;
}
__name(recheckReversibleDebits, "recheckReversibleDebits");

// src/jobs/index.ts
var RECONCILE_EVERY_MS = 5 * 6e4;
var CHARGE_EVERY_MS = 15 * 6e4;
var MONEY_CHECK_EVERY_MS = 60 * 6e4;
var ARTWORK_CLEANUP_EVERY_MS = 6 * 60 * 6e4;
var FEED_REFRESH_EVERY_MS = 6e4;
var UNUSED_ARTWORK_KEPT_MS = 24 * 60 * 6e4;
var MAIL_OUTBOX_EVERY_MS = 5e3;
function every(ctx, name, everyMs, job, onRun) {
  let running = null;
  const tick = /* @__PURE__ */ __name(() => {
    if (running) return;
    const started = performance.now();
    running = job().then(() => onRun?.(name, "ok", (performance.now() - started) / 1e3)).catch((err) => {
      ctx.log.error({ err }, `${name} job failed`);
      onRun?.(name, "failed", (performance.now() - started) / 1e3);
    }).finally(() => {
      running = null;
    });
  }, "tick");
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
__name(every, "every");
function startJobs(ctx, onRun) {
  const stops = [
    every(
      ctx,
      "reconcile",
      RECONCILE_EVERY_MS,
      async () => {
        const result = await reconcileTransactions(ctx);
        if (result.checked || result.cancelledMonthlyTips || result.revokedMandates) {
          ctx.log.info(result, "reconcile: transactions refreshed");
        }
      },
      onRun
    ),
    // Monthly tips: pre-notifications, new months, dunning retries (jobs/charge.ts).
    every(
      ctx,
      "charge",
      CHARGE_EVERY_MS,
      async () => {
        const result = await runCharges(ctx);
        if (result.claimed || result.sent || result.preNotified) ctx.log.info(result, "charge: monthly tips");
      },
      onRun
    ),
    // The standing money check (docs/money-check.md): stored per run, an error log line when anything is off.
    every(ctx, "money check", MONEY_CHECK_EVERY_MS, () => runMoneyCheck(ctx).then(() => void 0), onRun),
    // Artwork of feed previews never ordered, and artwork a tip jar replaced (decision 030).
    every(ctx, "artwork cleanup", ARTWORK_CLEANUP_EVERY_MS, () => cleanUpArtworks(ctx), onRun),
    // Episodes from the tip jars' feeds (decision 034): conditional GET, at most hourly per feed.
    every(
      ctx,
      "feed refresh",
      FEED_REFRESH_EVERY_MS,
      async () => {
        const result = await refreshFeeds(ctx);
        if (result.claimed) ctx.log.info(result, "feed refresh: feeds read");
      },
      onRun
    )
  ];
  if (ctx.config.MAIL_WORKER === "on") {
    ctx.outbox.kick();
    stops.push(every(ctx, "mail outbox", MAIL_OUTBOX_EVERY_MS, () => ctx.outbox.drain().then(() => void 0), onRun));
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
__name(startJobs, "startJobs");
async function cleanUpArtworks(ctx, now = /* @__PURE__ */ new Date()) {
  const deleted = await deleteUnusedArtworks(ctx.db, new Date(now.getTime() - UNUSED_ARTWORK_KEPT_MS));
  if (deleted) ctx.log.info({ deleted }, "artwork cleanup: unused artwork deleted");
}
__name(cleanUpArtworks, "cleanUpArtworks");

// src/lib/address-probes.ts
function createAddressLimit(limits, name, policies) {
  const perClient = policies.perClient && limits.backoff(`${name}-client`, policies.perClient);
  const perAddress = limits.backoff(`${name}-address`, policies.perAddress);
  return (addressOf) => async (request, reply) => {
    const address = addressOf(request)?.trim().toLowerCase();
    if (!address) return;
    const wait = await perClient?.attempt(request.ip) ?? await perAddress.attempt(address);
    if (wait === void 0) return;
    reply.header("retry-after", Math.ceil(wait / 1e3));
    throw new AppError(ErrorCode.RateLimited, "Too many requests, try again later");
  };
}
__name(createAddressLimit, "createAddressLimit");
var ADDRESS_PROBES_PER_CLIENT = 20;
var ADDRESS_PROBES_PER_ADDRESS = 5;
var ADDRESS_PROBE_POLICIES = {
  perClient: { free: ADDRESS_PROBES_PER_CLIENT, firstWaitMs: 6e4, maxWaitMs: 60 * 6e4, forgetMs: 60 * 6e4 },
  perAddress: { free: ADDRESS_PROBES_PER_ADDRESS, firstWaitMs: 6e4, maxWaitMs: 60 * 6e4, forgetMs: 60 * 6e4 }
};
var bodyEmail = /* @__PURE__ */ __name((request) => request.body?.email, "bodyEmail");

// src/lib/background.ts
function createBackgroundWork(log) {
  const running = /* @__PURE__ */ new Set();
  return {
    run(name, work) {
      const done = new Promise((resolve) => setImmediate(resolve)).then(work).catch((err) => log.error({ err, work: name }, "background work failed")).finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    }
  };
}
__name(createBackgroundWork, "createBackgroundWork");

// src/lib/log-options.ts
import pino from "pino";
var SECRET_QUERY = /([?&](?:token|access_token|code|password)=)[^&#]*/gi;
function redactUrl(url) {
  return url.replace(SECRET_QUERY, "$1[REDACTED]");
}
__name(redactUrl, "redactUrl");
function loggerOptions(config) {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.passwordHash",
        "*.token",
        "*.access_token",
        "*.verification_hash",
        "err.params",
        "err.cause.params"
      ],
      censor: "[REDACTED]"
    },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.hostname,
          remoteAddress: request.ip
        };
      },
      err(err) {
        return {
          type: err.name,
          message: withoutQueryParams(err.message),
          stack: withoutQueryParams(err.stack ?? ""),
          ...err.cause instanceof Error ? { cause: { type: err.cause.name, message: err.cause.message } } : {}
        };
      }
    },
    ...config.NODE_ENV === "development" ? {
      transport: {
        target: "pino-pretty",
        options: { translateTime: "HH:MM:ss", ignore: "pid,hostname", singleLine: true }
      }
    } : { stream: pino.destination({ dest: 1, sync: false }) }
  };
}
__name(loggerOptions, "loggerOptions");
function withoutQueryParams(text) {
  return text.replace(/\nparams: [^\n]*/g, "\nparams: [REDACTED]");
}
__name(withoutQueryParams, "withoutQueryParams");

// src/lib/mailer.ts
import { randomUUID as randomUUID3 } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
function createMailer(options) {
  if (options.smtpUrl) {
    const transport2 = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport2.sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, "mail sent");
      }
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}-${randomUUID3().slice(0, 8)}.eml`;
      await writeFile(path.join(options.outboxDir, name), info.message);
      options.log.info({ to: message.to, subject: message.subject, file: name }, "mail written to outbox");
    }
  };
}
__name(createMailer, "createMailer");

// src/lib/rate-limit.ts
import { createHash as createHash2 } from "node:crypto";
import LocalStore from "@fastify/rate-limit/store/LocalStore.js";
import RedisStore from "@fastify/rate-limit/store/RedisStore.js";
import { Redis } from "ioredis";
function waitAfter(policy, attempts) {
  if (attempts < policy.free) return 0;
  return Math.min(policy.firstWaitMs * 2 ** (attempts - policy.free), policy.maxWaitMs);
}
__name(waitAfter, "waitAfter");
function trustProxyOption(setting) {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}
__name(trustProxyOption, "trustProxyOption");
var MEMORY_KEYS = 5e4;
function createMemoryBackoff(policy) {
  const entries = /* @__PURE__ */ new Map();
  return {
    async attempt(key) {
      const now = Date.now();
      const known = entries.get(key);
      const entry = known && known.forgetAt > now ? known : void 0;
      if (entry && entry.lockedUntil > now) return entry.lockedUntil - now;
      const attempts = (entry?.attempts ?? 0) + 1;
      entries.delete(key);
      entries.set(key, { attempts, lockedUntil: now + waitAfter(policy, attempts), forgetAt: now + policy.forgetMs });
      if (entries.size > MEMORY_KEYS) entries.delete(entries.keys().next().value);
      return void 0;
    },
    async reset(key) {
      entries.delete(key);
    }
  };
}
__name(createMemoryBackoff, "createMemoryBackoff");
var ATTEMPT_SCRIPT = `
local wait = redis.call('PTTL', KEYS[2])
if wait > 0 then return wait end
local attempts = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local free = tonumber(ARGV[1])
if attempts >= free then
  local ms = math.min(tonumber(ARGV[2]) * 2 ^ (attempts - free), tonumber(ARGV[3]))
  redis.call('SET', KEYS[2], '1', 'PX', math.floor(ms))
end
return 0
`;
function createRedisBackoff(redis, prefix, policy, onError) {
  const fallback = createMemoryBackoff(policy);
  const keysOf = /* @__PURE__ */ __name((key) => {
    const id = createHash2("sha256").update(key).digest("base64url");
    return [`${prefix}${id}:attempts`, `${prefix}${id}:wait`];
  }, "keysOf");
  const { free, firstWaitMs, maxWaitMs, forgetMs } = policy;
  return {
    async attempt(key) {
      try {
        const wait = Number(
          await redis.eval(ATTEMPT_SCRIPT, 2, ...keysOf(key), free, firstWaitMs, maxWaitMs, forgetMs)
        );
        return wait > 0 ? wait : void 0;
      } catch (err) {
        onError(err);
        return fallback.attempt(key);
      }
    },
    async reset(key) {
      await fallback.reset(key);
      try {
        await redis.del(...keysOf(key));
      } catch (err) {
        onError(err);
      }
    }
  };
}
__name(createRedisBackoff, "createRedisBackoff");
var FallbackStore = class _FallbackStore {
  constructor(shared, local, onError) {
    this.shared = shared;
    this.local = local;
    this.onError = onError;
  }
  shared;
  local;
  onError;
  static {
    __name(this, "FallbackStore");
  }
  incr(key, callback, timeWindow, max) {
    this.shared.incr(
      key,
      (err, result) => {
        if (!err) return callback(null, result);
        this.onError(err);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max
    );
  }
  child(routeOptions) {
    return new _FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.onError);
  }
};
function fallbackStoreOf(redis, nameSpace, onError) {
  const Store = class extends FallbackStore {
    static {
      __name(this, "Store");
    }
    constructor(options) {
      super(
        new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
        new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache),
        onError
      );
    }
  };
  return Store;
}
__name(fallbackStoreOf, "fallbackStoreOf");
async function createLimitStore(options, log) {
  const { redisUrl, keyPrefix } = options;
  if (!redisUrl) {
    return {
      pluginOptions: { skipOnError: false },
      backoff: /* @__PURE__ */ __name((_name, policy) => createMemoryBackoff(policy), "backoff"),
      close: /* @__PURE__ */ __name(async () => {
      }, "close")
    };
  }
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1e3,
    commandTimeout: 500
  });
  let down = false;
  const onError = /* @__PURE__ */ __name((err) => {
    if (!down) log.warn({ err }, "Redis does not answer: rate limits fall back to this process");
    down = true;
  }, "onError");
  redis.on("error", onError);
  redis.on("ready", () => {
    if (down) log.info("Redis answers again: rate limits are shared again");
    down = false;
  });
  await redis.connect().catch(onError);
  return {
    pluginOptions: { store: fallbackStoreOf(redis, `${keyPrefix}rate-limit:`, onError), skipOnError: true },
    backoff: /* @__PURE__ */ __name((name, policy) => createRedisBackoff(redis, `${keyPrefix}${name}:`, policy, onError), "backoff"),
    async ping() {
      await redis.ping();
    },
    async close() {
      redis.disconnect();
    }
  };
}
__name(createLimitStore, "createLimitStore");

// src/mail/outbox-worker.ts
var MAX_MAIL_ATTEMPTS = 12;
var BATCH2 = 10;
var SEND_TIMEOUT_MS = 2e4;
var LEASE_MS3 = 5 * 6e4;
function retryDelayMs(attempts) {
  return Math.min(3e4 * 2 ** Math.max(0, attempts - 1), 60 * 6e4);
}
__name(retryDelayMs, "retryDelayMs");
function messageIdOf(rowId, mailFrom) {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? "podpot.local";
  return `<mail-${rowId}@${domain}>`;
}
__name(messageIdOf, "messageIdOf");
async function drawHtml(input) {
  const { mailHtml } = await import("./mail-html-PKTISIX6.js");
  return mailHtml(input);
}
__name(drawHtml, "drawHtml");
async function messageOf(row, deps) {
  const mailFrom = deps.mailFrom;
  return {
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html ?? await drawHtml({ subject: row.subject, text: row.text, brand: deps.brand }),
    ...row.attachments.length ? {
      attachments: row.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, "base64")
      }))
    } : {},
    messageId: messageIdOf(row.id, mailFrom)
  };
}
__name(messageOf, "messageOf");
function withTimeout(work, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms / 1e3} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
__name(withTimeout, "withTimeout");
async function sendOne(deps, row, now, run) {
  try {
    await withTimeout(deps.mailer.send(await messageOf(row, deps)), SEND_TIMEOUT_MS);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const mail = { mailId: row.id, dedupeKey: row.dedupeKey, attempts: row.attempts };
    if (row.attempts >= MAX_MAIL_ATTEMPTS) {
      await markMailAttemptFailed(deps.db, row.id, error, null, now);
      deps.log.error({ err, ...mail }, "mail given up after its last attempt");
      run.failed += 1;
    } else {
      await markMailAttemptFailed(deps.db, row.id, error, retryDelayMs(row.attempts), now);
      deps.log.warn({ err, ...mail }, "sending a mail failed; it is tried again later");
      run.retrying += 1;
    }
    return;
  }
  await markMailSent(deps.db, row.id, now);
  run.sent += 1;
}
__name(sendOne, "sendOne");
async function sendDueMails(deps, options = {}) {
  const run = { sent: 0, retrying: 0, failed: 0 };
  for (; ; ) {
    const rows3 = await claimDueMails(deps.db, { now: options.now, leaseMs: LEASE_MS3, limit: BATCH2 });
    for (const [i, row] of rows3.entries()) {
      if (options.isStopping?.()) {
        await releaseMailClaims(
          deps.db,
          rows3.slice(i).map((r) => r.id)
        );
        return run;
      }
      await sendOne(deps, row, options.now, run);
    }
    if (rows3.length < BATCH2 || options.isStopping?.()) return run;
  }
}
__name(sendDueMails, "sendDueMails");
function createMailOutbox(deps, options) {
  let stopping = false;
  let tail = Promise.resolve();
  let kickWaiting = false;
  const enqueue = /* @__PURE__ */ __name((roundOptions, onStart) => {
    const round = tail.then(() => {
      onStart?.();
      if (stopping) return { sent: 0, retrying: 0, failed: 0 };
      return sendDueMails(deps(), { ...roundOptions, isStopping: /* @__PURE__ */ __name(() => stopping, "isStopping") });
    });
    tail = round.catch(() => void 0);
    return round;
  }, "enqueue");
  return {
    kick() {
      if (!options.enabled || stopping || kickWaiting) return;
      kickWaiting = true;
      enqueue({}, () => {
        kickWaiting = false;
      }).catch((err) => deps().log.error({ err }, "the mail outbox round failed; the next round retries"));
    },
    drain: /* @__PURE__ */ __name((roundOptions = {}) => enqueue(roundOptions), "drain"),
    async stop() {
      stopping = true;
      await tail;
    }
  };
}
__name(createMailOutbox, "createMailOutbox");

// src/lib/http.ts
import { z } from "zod";
var ErrorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  code: z.enum(Object.values(ErrorCode)),
  message: z.string(),
  fields: z.record(z.string(), z.object({ key: z.string(), params: z.record(z.string(), z.unknown()).optional() })).optional()
});
var errors = {
  400: ErrorBodySchema.describe("Invalid input; `fields` names each bad field"),
  401: ErrorBodySchema.describe("No or invalid bearer token"),
  403: ErrorBodySchema.describe("Signed in, but not allowed"),
  404: ErrorBodySchema.describe("Not found (also for things you may not see)"),
  409: ErrorBodySchema.describe("Conflicts with the current state"),
  422: ErrorBodySchema.describe("IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was first used for a different request"),
  429: ErrorBodySchema.describe("Rate limited")
};
var managedErrors = { 400: errors[400], 401: errors[401], 404: errors[404] };
var adminErrors = { 400: errors[400], 401: errors[401], 403: errors[403] };
var NoContent = z.null().describe("No content");
var uuidParam = /* @__PURE__ */ __name(() => z.uuid({ message: "invalid" }), "uuidParam");
var IdParams = IdParamsSchema;
function childParams(child) {
  return IdParams.extend({ [child]: uuidParam() });
}
__name(childParams, "childParams");
var EpisodeParams = ShareSlugParamsSchema.extend({
  episodeId: z.string().regex(/^\S{1,100}$/, { message: "invalid" })
});
var fileResponse = /* @__PURE__ */ __name((description, types, errorAnswers) => ({
  produces: types,
  response: { 200: z.string().describe(description), ...errorAnswers }
}), "fileResponse");
function sendFile(reply, f) {
  return reply.header("content-type", f.contentType).header("content-disposition", `attachment; filename="${f.filename}"`).header("cache-control", "no-store").send(f.body);
}
__name(sendFile, "sendFile");

// src/modules/addons/addons.repository.ts
import { and as and17, count as count9, desc as desc11, eq as eq19, inArray as inArray12 } from "drizzle-orm";
async function insertAddon(db, values) {
  const [row] = await db.insert(addons).values(values).returning();
  return row;
}
__name(insertAddon, "insertAddon");
async function findAddon(db, id, tipjarId) {
  const [row] = await db.select().from(addons).where(and17(eq19(addons.id, id), tipjarId ? eq19(addons.tipjarId, tipjarId) : void 0));
  return row;
}
__name(findAddon, "findAddon");
async function listAddons(db, tipjarId, query) {
  const { offset, limit } = windowOf(query);
  const where = eq19(addons.tipjarId, tipjarId);
  const [rows3, [total]] = await Promise.all([
    db.select().from(addons).where(where).orderBy(desc11(addons.created), desc11(addons.id)).offset(offset).limit(limit),
    db.select({ count: count9() }).from(addons).where(where)
  ]);
  return { rows: rows3, count: total?.count ?? 0 };
}
__name(listAddons, "listAddons");
async function listAddonsOfTipjars(db, tipjarIds) {
  if (tipjarIds.length === 0) return [];
  return db.select().from(addons).where(inArray12(addons.tipjarId, tipjarIds)).orderBy(desc11(addons.created), desc11(addons.id));
}
__name(listAddonsOfTipjars, "listAddonsOfTipjars");

// src/modules/addons/addons.service.ts
var ADDON_KIND = "addon";
var ADDON_TYPES = {
  TIPJAR: { name: "TIPJAR", unlocks: "TIPJAR" }
};
function toAddon(row, payment) {
  return {
    id: row.id,
    tipjarId: row.tipjarId,
    created: row.created.toISOString(),
    type: ADDON_TYPES[row.type] ?? { name: row.type, unlocks: row.type },
    costTotalWithTax: row.costTotalWithTax,
    // Only once the provider answered is there a transaction to show.
    oppTransaction: payment?.oppUid && payment.status ? { status: payment.status, redirectUrl: payment.redirectUrl } : null
  };
}
__name(toAddon, "toAddon");
async function addonsOfTipjars(db, tipjarIds) {
  const rows3 = await listAddonsOfTipjars(db, tipjarIds);
  const payments = await findLatestForOwners(
    db,
    ADDON_KIND,
    rows3.map((r) => r.id)
  );
  const byTipjar = /* @__PURE__ */ new Map();
  for (const row of rows3) {
    const list = byTipjar.get(row.tipjarId) ?? [];
    list.push(toAddon(row, payments.get(row.id)));
    byTipjar.set(row.tipjarId, list);
  }
  return byTipjar;
}
__name(addonsOfTipjars, "addonsOfTipjars");
async function startAddonPayment(ctx, input) {
  const { tipjar, addon, method, locale, attempt } = input;
  const merchantUid = await platformMerchantUid(ctx);
  const key = attempt === 1 ? `addon-${addon.id}` : `addon-${addon.id}-${attempt}`;
  const request = {
    merchant_uid: merchantUid,
    products: [{ name: `${ctx.config.BRAND_NAME}: ${tipjar.name}`, price: addon.costTotalWithTax, quantity: 1 }],
    total_price: addon.costTotalWithTax,
    return_url: appUrl(
      ctx.config.publicUrl,
      "backofficeDashboard",
      { tipjarslug: tipjar.slug },
      isLocale(locale) ? locale : DEFAULT_LOCALE,
      {
        welcome: "true"
      }
    ),
    notify_url: notifyUrlOf(ctx),
    payment_method: method.type,
    checkout: false,
    locale,
    description: `${ctx.config.BRAND_NAME} ${tipjar.slug}`,
    // Ours and unique: a create whose answer was lost is found again by it (DESIGN.md §4.8).
    reference: key,
    metadata: { addon_id: addon.id, tipjar_id: tipjar.id }
  };
  return startPayment(ctx, { kind: ADDON_KIND, ownerId: addon.id, attempt, idempotencyKey: key, request });
}
__name(startAddonPayment, "startAddonPayment");
async function listAddons2(ctx, actor, tipjarId, query) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const { rows: rows3, count: count14 } = await listAddons(ctx.db, tipjarId, query);
  const payments = await findLatestForOwners(
    ctx.db,
    ADDON_KIND,
    rows3.map((r) => r.id)
  );
  return { data: rows3.map((r) => toAddon(r, payments.get(r.id))), metadata: { count: count14 } };
}
__name(listAddons2, "listAddons");
async function getAddon(ctx, actor, tipjarId, addonId) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const addon = await findAddon(ctx.db, addonId, tipjarId);
  if (!addon) throw AppError.notFound("Add-on");
  return toAddon(addon, await findLatestForOwner(ctx.db, ADDON_KIND, addon.id));
}
__name(getAddon, "getAddon");
function archivedOrder() {
  return new AppError(ErrorCode.InvalidTransition, "An archived tip jar has no payment to retry");
}
__name(archivedOrder, "archivedOrder");
async function retryAddonPayment(ctx, actor, tipjarId, addonId, choice) {
  if ((await loadManagedTipjar(ctx, actor, tipjarId)).archivedAt) throw archivedOrder();
  const addon = await findAddon(ctx.db, addonId, tipjarId);
  if (!addon) throw AppError.notFound("Add-on");
  let current = await findLatestForOwner(ctx.db, ADDON_KIND, addon.id);
  if (current?.oppUid && isOpenTransaction(current.status)) {
    try {
      current = await applyProviderTransaction(ctx, current.id, await ctx.opp.getTransaction(current.oppUid));
    } catch (err) {
      ctx.log.warn({ err }, "could not refresh the add-on payment before a retry");
    }
    if (isOpenTransaction(current.status)) return toAddon(addon, current);
  }
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const locale = choice.locale ?? current?.request?.locale ?? await findUserLocale(ctx.db, actor.userId) ?? DEFAULT_LOCALE;
  if (current && !current.oppUid) {
    const row2 = await startPayment(ctx, {
      kind: ADDON_KIND,
      ownerId: addon.id,
      attempt: current.attempt,
      idempotencyKey: current.idempotencyKey,
      request: current.request
    });
    return toAddon(addon, row2);
  }
  const outcome = paymentOutcome(current?.status);
  if (outcome === "paid" || outcome === "held" || outcome === "reversed") {
    throw new AppError(ErrorCode.Conflict, "This order is already paid");
  }
  if (tipjar.archivedAt) throw archivedOrder();
  const retryable = tipjar.status === "NEW" || tipjar.status === "PAYMENT_EXPIRED" || tipjar.status === "AWAITING_PAYMENT" && (!current || outcome === "unpaid");
  if (!retryable) throw new AppError(ErrorCode.InvalidTransition, `A ${tipjar.status} tip jar has no payment to retry`);
  const method = await resolvePaymentChoice(ctx, choice, "data.paymentmethod");
  const row = await startAddonPayment(ctx, {
    tipjar,
    addon,
    method,
    locale,
    attempt: (current?.attempt ?? 0) + 1
  });
  return toAddon(addon, row);
}
__name(retryAddonPayment, "retryAddonPayment");

// src/modules/addons/addons.routes.ts
var tags = ["addons"];
var AddonParamsSchema = childParams("addonId");
var managed = managedErrors;
var addonsRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.get(
    "/tipjars/:id/addons",
    {
      schema: {
        tags,
        summary: "Add-ons of a tip jar, newest first (its admins and platform admins)",
        params: IdParams,
        querystring: listQuerySchema(["created"]),
        response: { 200: listResponseSchema(AddonSchema), ...managed }
      }
    },
    async (request) => listAddons2(ctx, await requireUser(request), request.params.id, request.query)
  );
  app.get(
    "/tipjars/:id/addons/:addonId",
    { schema: { tags, params: AddonParamsSchema, response: { 200: AddonSchema, ...managed } } },
    async (request) => getAddon(ctx, await requireUser(request), request.params.id, request.params.addonId)
  );
  app.post(
    "/tipjars/:id/addons/:addonId/payment/retry",
    {
      schema: {
        tags,
        summary: "Start a new payment for an unpaid order; an open payment is answered as is. Redirect the buyer to oppTransaction.redirectUrl.",
        params: AddonParamsSchema,
        body: RetryPaymentBodySchema,
        response: { 200: AddonSchema, ...managed, 409: errors[409], 502: ErrorBodySchema }
      }
    },
    async (request) => retryAddonPayment(
      ctx,
      await requireUser(request),
      request.params.id,
      request.params.addonId,
      request.body.data
    )
  );
}, "addonsRoutes");

// src/modules/archive/archive.repository.ts
import { and as and18, eq as eq20, inArray as inArray13 } from "drizzle-orm";
async function anyRow(query) {
  return (await query.limit(1)).length > 0;
}
__name(anyRow, "anyRow");
function addonTransactions(db, which) {
  return db.select({ id: oppTransactions.id }).from(oppTransactions).where(
    and18(
      eq20(oppTransactions.kind, "addon"),
      inArray13(oppTransactions.ownerId, db.select({ id: addons.id }).from(addons).where(which))
    )
  );
}
__name(addonTransactions, "addonTransactions");
async function tipjarHasMoneyRecords(db, tipjarId) {
  const found = await Promise.all([
    anyRow(db.select({ id: tips.id }).from(tips).where(eq20(tips.tipjarId, tipjarId))),
    anyRow(db.select({ id: recurringTips.id }).from(recurringTips).where(eq20(recurringTips.tipjarId, tipjarId))),
    anyRow(db.select({ id: invoices.id }).from(invoices).where(eq20(invoices.tipjarId, tipjarId))),
    anyRow(addonTransactions(db, eq20(addons.tipjarId, tipjarId)))
  ]);
  return found.some(Boolean);
}
__name(tipjarHasMoneyRecords, "tipjarHasMoneyRecords");
async function userHasMoneyRecords(db, userId) {
  const found = await Promise.all([
    anyRow(db.select({ id: recurringTips.id }).from(recurringTips).where(eq20(recurringTips.userId, userId))),
    anyRow(addonTransactions(db, eq20(addons.orderedBy, userId)))
  ]);
  return found.some(Boolean);
}
__name(userHasMoneyRecords, "userHasMoneyRecords");

// src/modules/archive/archive.service.ts
async function deleteOrArchive(ctx, actor, whose, plan) {
  const deletion = await ctx.db.transaction(async (tx) => {
    const { kind, remove, archive, audit } = await plan(tx);
    if (kind === "delete") {
      await remove();
    } else {
      await archive(/* @__PURE__ */ new Date());
      await cancelMonthlyTipsOf(tx, whose, { brand: ctx.config.BRAND_NAME });
    }
    if (audit) {
      const entity = "tipjarId" in whose ? "tipjar" : "user";
      const archived = kind === "archive";
      await recordAudit(tx, actor, {
        ...audit,
        action: `${entity}.${archived ? "archived" : "deleted"}`,
        after: archived ? { archived: true } : null
      });
    }
    return kind;
  });
  if (deletion === "archive") {
    ctx.outbox.kick();
    await revokeCancelledMandates(ctx, { of: whose });
  }
  ctx.log.info({ ...whose, deletion }, "deleted or archived");
  return deletion;
}
__name(deleteOrArchive, "deleteOrArchive");
async function tipjarDeletionKind(db, tipjar) {
  if (tipjar.archivedAt || tipjar.status !== "NEW") return "archive";
  return await tipjarHasMoneyRecords(db, tipjar.id) ? "archive" : "delete";
}
__name(tipjarDeletionKind, "tipjarDeletionKind");
function assertMayDeleteTipjar(actor, tipjar) {
  if (!isAdmin(actor) && !PAYMENT_DIALOG_STATUSES.includes(tipjar.status)) {
    throw new AppError(ErrorCode.Conflict, "A paid tip jar can only be removed by the platform");
  }
}
__name(assertMayDeleteTipjar, "assertMayDeleteTipjar");
async function getTipjarDeletion(ctx, actor, id) {
  const tipjar = await loadManagedTipjar(ctx, actor, id);
  const [deletion, monthlyTipsToCancel] = await Promise.all([
    tipjarDeletionKind(ctx.db, tipjar),
    countRunningMonthlyTips(ctx.db, { tipjarId: id })
  ]);
  return { deletion, monthlyTipsToCancel };
}
__name(getTipjarDeletion, "getTipjarDeletion");
async function deleteTipjar2(ctx, actor, id) {
  assertMayDeleteTipjar(actor, await loadManagedTipjar(ctx, actor, id));
  return deleteOrArchive(ctx, actor, { tipjarId: id }, async (tx) => {
    const tipjar = await lockTipjar(tx, id);
    if (!tipjar) throw AppError.notFound("Tip jar");
    assertMayDeleteTipjar(actor, tipjar);
    return {
      kind: await tipjarDeletionKind(tx, tipjar),
      remove: /* @__PURE__ */ __name(() => deleteTipjar(tx, id), "remove"),
      archive: /* @__PURE__ */ __name((at) => archiveTipjar(tx, id, at), "archive"),
      // Archiving again only retries the revocations: no second entry.
      audit: tipjar.archivedAt ? null : { entityType: "tipjar", entityId: id, tipjarId: id, before: { status: tipjar.status } }
    };
  });
}
__name(deleteTipjar2, "deleteTipjar");
async function userDeletionKind(db, user) {
  if (user.archivedAt) return "archive";
  return await userHasMoneyRecords(db, user.id) ? "archive" : "delete";
}
__name(userDeletionKind, "userDeletionKind");
async function getUserDeletion(ctx, id) {
  const user = await findUserById(ctx.db, id);
  if (!user) throw AppError.notFound("User");
  const [deletion, monthlyTipsToCancel, soleAdminOf] = await Promise.all([
    userDeletionKind(ctx.db, user),
    countRunningMonthlyTips(ctx.db, { userId: id }),
    listSoleAdminTipjars(ctx.db, id)
  ]);
  return { deletion, monthlyTipsToCancel, soleAdminOf };
}
__name(getUserDeletion, "getUserDeletion");
async function deleteUser2(ctx, actor, id) {
  if (id === actor.userId) throw new AppError(ErrorCode.Conflict, "You cannot delete your own account here");
  return deleteOrArchive(ctx, actor, { userId: id }, async (tx) => {
    const user = await lockUser(tx, id);
    if (!user) throw AppError.notFound("User");
    const soleAdminOf = await listSoleAdminTipjars(tx, id);
    if (soleAdminOf.length > 0) {
      throw new AppError(
        ErrorCode.Conflict,
        `This user alone administers ${soleAdminOf.map((t) => t.name).join(", ")}: give it another admin or delete it first`
      );
    }
    return {
      kind: await userDeletionKind(tx, user),
      remove: /* @__PURE__ */ __name(() => deleteUser(tx, id), "remove"),
      archive: /* @__PURE__ */ __name((at) => archiveUser(tx, id, at), "archive"),
      audit: user.archivedAt ? null : { entityType: "user", entityId: id, before: { role: user.role } }
    };
  });
}
__name(deleteUser2, "deleteUser");

// src/modules/archive/archive.routes.ts
var ARCHIVE_NOTE = "Money records are never deleted: with any tip, monthly tip, invoice or provider transaction it is archived instead";
var archiveRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.get(
    "/tipjars/:id/deletion",
    {
      schema: {
        tags: ["tipjars"],
        summary: "What DELETE would do to this tip jar: delete it, or archive it (and how many monthly tips it cancels)",
        params: IdParamsSchema,
        response: { 200: TipjarDeletionSchema, ...managedErrors }
      }
    },
    async (request) => getTipjarDeletion(ctx, await requireUser(request), request.params.id)
  );
  app.delete(
    "/tipjars/:id",
    {
      schema: {
        tags: ["tipjars"],
        summary: `Delete (its admins while unpaid; platform admins always). ${ARCHIVE_NOTE}: hidden, no longer tippable, its monthly tips cancelled (tippers mailed, mandates revoked). Only a NEW tip jar without any is deleted.`,
        params: IdParamsSchema,
        response: { 204: NoContent, ...managedErrors, 409: errors[409] }
      }
    },
    async (request, reply) => {
      await deleteTipjar2(ctx, await requireUser(request), request.params.id);
      return reply.status(204).send(null);
    }
  );
  app.get(
    "/users/:id/deletion",
    {
      schema: {
        tags: ["users"],
        summary: "What DELETE would do to this user (admin): delete or archive, the monthly tips it cancels, the tip jars only they administer",
        params: IdParamsSchema,
        response: { 200: UserDeletionSchema, ...adminErrors, 404: errors[404] }
      }
    },
    async (request) => {
      await requireAdmin(request);
      return getUserDeletion(ctx, request.params.id);
    }
  );
  app.delete(
    "/users/:id",
    {
      schema: {
        tags: ["users"],
        summary: `Delete a user (admin). ${ARCHIVE_NOTE}: cannot sign in, tokens stop working, monthly tips cancelled. 409 while they alone administer a tip jar.`,
        params: IdParamsSchema,
        response: { 204: NoContent, ...adminErrors, 404: errors[404], 409: errors[409] }
      }
    },
    async (request, reply) => {
      await deleteUser2(ctx, await requireAdmin(request), request.params.id);
      return reply.status(204).send(null);
    }
  );
}, "archiveRoutes");

// src/modules/audit/audit.routes.ts
import { z as z2 } from "zod";
var tags2 = ["audit"];
var FilterSchema = z2.object({
  actorId: z2.uuid().optional().describe("entries made by this user"),
  action: z2.enum(AUDIT_ACTIONS).optional(),
  entityType: z2.enum(AUDIT_ENTITY_TYPES).optional(),
  entityId: z2.uuid().optional().describe("entries about this row (with entityType)"),
  from: dateQueryParam("from").optional().describe("made on or after (ISO date or date-time)"),
  to: dateQueryParam("to").optional().describe("made before; a bare date includes that day")
});
var TipjarAuditQuerySchema = listQuerySchema(AUDIT_SORTABLE).and(FilterSchema);
var AuditQuerySchema = listQuerySchema(AUDIT_SORTABLE).and(FilterSchema.extend({ tipjarId: z2.uuid().optional() }));
var SEARCH_NOTE = "`search` matches the name or e-mail of who made the change and the tip jar name.";
var auditRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.get(
    "/audit",
    {
      schema: {
        tags: tags2,
        summary: `Who changed which money-relevant thing, when, before \u2192 after (platform admins); newest first. ${SEARCH_NOTE}`,
        querystring: AuditQuerySchema,
        response: { 200: listResponseSchema(AuditEntrySchema), ...adminErrors }
      }
    },
    async (request) => listAudit(ctx, await requireAdmin(request), request.query)
  );
  app.get(
    "/tipjars/:id/audit",
    {
      schema: {
        tags: tags2,
        summary: `A tip jar's own audit trail (its admins and platform admins); a platform admin is named only by role. ${SEARCH_NOTE}`,
        params: IdParamsSchema,
        querystring: TipjarAuditQuerySchema,
        response: { 200: listResponseSchema(AuditEntrySchema), ...managedErrors }
      }
    },
    async (request) => listTipjarAudit(ctx, await requireUser(request), request.params.id, request.query)
  );
}, "auditRoutes");

// src/modules/auth/auth.routes.ts
import { z as z3 } from "zod";

// src/modules/auth/auth.service.ts
import { createHash as createHash4, randomBytes as randomBytes3 } from "node:crypto";

// src/lib/access-token.ts
import { jwtVerify as jwtVerify2, SignJWT as SignJWT2 } from "jose";
var ISSUER2 = "podpot";
var CHALLENGE_ISSUER = "podpot:two-step";
var CHALLENGE_TTL_SECONDS = 5 * 60;
var keys2 = /* @__PURE__ */ new Map();
function hmacKey(secret) {
  let key = keys2.get(secret);
  if (!key) {
    if (keys2.size >= 8) keys2.delete(keys2.keys().next().value);
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify"
    ]);
    keys2.set(secret, key);
  }
  return key;
}
__name(hmacKey, "hmacKey");
async function signAccessToken(config, user) {
  const expiresIn = config.ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT2(user.twoStep ? { tv: user.tokenVersion, ts: true } : { tv: user.tokenVersion }).setProtectedHeader({ alg: "HS256" }).setSubject(user.id).setIssuer(ISSUER2).setIssuedAt().setExpirationTime(`${expiresIn}s`).sign(await hmacKey(config.JWT_SECRET));
  return { token, expiresIn };
}
__name(signAccessToken, "signAccessToken");
async function tokenResponse(config, user) {
  const { token, expiresIn } = await signAccessToken(config, user);
  return { access_token: token, token_type: "bearer", expires_in: expiresIn };
}
__name(tokenResponse, "tokenResponse");
var VERIFIED_MAX = 5e3;
var verified = /* @__PURE__ */ new Map();
async function verifyAccessToken(secret, token) {
  const known = verified.get(token);
  if (known && known.secret === secret && Date.now() < known.expiresAt) return known.subject;
  if (known) verified.delete(token);
  const { payload } = await jwtVerify2(token, await hmacKey(secret), {
    issuer: ISSUER2,
    algorithms: ["HS256"]
  });
  if (!payload.sub) throw new Error("token names no user");
  const tokenVersion = payload.tv ?? 0;
  if (!Number.isSafeInteger(tokenVersion) || tokenVersion < 0) throw new Error("bad token version");
  const subject = { id: payload.sub, tokenVersion, twoStep: payload.ts === true };
  if (typeof payload.exp === "number") {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value);
    verified.set(token, { secret, subject, expiresAt: payload.exp * 1e3 });
  }
  return subject;
}
__name(verifyAccessToken, "verifyAccessToken");
async function signTwoStepChallenge(secret, user) {
  const challenge = await new SignJWT2({ tv: user.tokenVersion }).setProtectedHeader({ alg: "HS256" }).setSubject(user.id).setIssuer(CHALLENGE_ISSUER).setIssuedAt().setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`).sign(await hmacKey(secret));
  return { challenge, expiresIn: CHALLENGE_TTL_SECONDS };
}
__name(signTwoStepChallenge, "signTwoStepChallenge");
async function verifyTwoStepChallenge(secret, challenge) {
  try {
    const { payload } = await jwtVerify2(challenge, await hmacKey(secret), {
      issuer: CHALLENGE_ISSUER,
      algorithms: ["HS256"]
    });
    const tokenVersion = payload.tv;
    if (!payload.sub || !Number.isSafeInteger(tokenVersion)) return void 0;
    return { id: payload.sub, tokenVersion };
  } catch {
    return void 0;
  }
}
__name(verifyTwoStepChallenge, "verifyTwoStepChallenge");

// src/modules/users/users.service.ts
import argon2 from "argon2";

// src/modules/users/users.mails.ts
async function queuePasswordChangedMail(ctx, tx, user, tokenVersion) {
  const base = ctx.config.publicUrl;
  const mail = passwordChangedMail(user.locale, {
    brand: ctx.config.BRAND_NAME,
    name: user.firstName,
    recoveryLink: appUrl(base, "passwordRecovery", {}, user.locale),
    supportLink: appUrl(base, "support", {}, user.locale)
  });
  await queueMail(tx, { to: user.email, ...mail }, { dedupeKey: `password-changed:${user.id}:${tokenVersion}` });
}
__name(queuePasswordChangedMail, "queuePasswordChangedMail");
async function queueEmailChangedMails(ctx, tx, user, newEmail) {
  const base = ctx.config.publicUrl;
  const brand = ctx.config.BRAND_NAME;
  const supportLink = appUrl(base, "support", {}, user.locale);
  const key = `email-changed:${user.id}:${user.email}:${newEmail}`;
  const old = emailChangedMail(user.locale, { brand, name: user.firstName, newEmail, supportLink });
  await queueMail(tx, { to: user.email, ...old }, { dedupeKey: `${key}:old` });
  const notice = emailChangedNoticeMail(user.locale, {
    brand,
    name: user.firstName,
    loginLink: appUrl(base, "login", {}, user.locale),
    supportLink
  });
  await queueMail(tx, { to: newEmail, ...notice }, { dedupeKey: `${key}:new` });
}
__name(queueEmailChangedMails, "queueEmailChangedMails");

// src/modules/users/users.password-strength.ts
var MESSAGE = {
  common: "This password is too common; choose one that is harder to guess",
  personal: "This password contains your name or e-mail address; choose one that is harder to guess",
  brand: "This password is built on the name of the platform; choose one that is harder to guess",
  guessable: "This password is too easy to guess; use a longer one, e.g. a few unrelated words"
};
async function assertStrongPassword(ctx, field, password, owner) {
  const verdict = await checkPasswordStrength(password, {
    brand: ctx.config.BRAND_NAME,
    email: owner.email,
    firstName: owner.firstName,
    lastName: owner.lastName
  });
  if (!verdict.ok) {
    throw AppError.field(
      ErrorCode.Validation,
      field,
      { key: WEAK_PASSWORD_KEYS[verdict.reason] },
      MESSAGE[verdict.reason]
    );
  }
}
__name(assertStrongPassword, "assertStrongPassword");
function strongPasswordFirst(ctx, field, read) {
  return async (request) => {
    const found = read(request.body);
    if (found) await assertStrongPassword(ctx, field, found.password, found.owner);
  };
}
__name(strongPasswordFirst, "strongPasswordFirst");

// src/modules/users/users.service.ts
var HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
function hashPassword(password) {
  return argon2.hash(password, HASH_OPTIONS);
}
__name(hashPassword, "hashPassword");
async function verifyPassword(hash, password) {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
__name(verifyPassword, "verifyPassword");
function toUser(row, tipjars2 = []) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    locale: row.locale,
    profile: { firstName: row.firstName, lastName: row.lastName, phoneNumber: row.phoneNumber ?? null },
    address: row.address ?? null,
    tipjars: tipjars2,
    twoStepEnabled: row.twoStepEnabled,
    created: row.created.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null
  };
}
__name(toUser, "toUser");
async function withTipjars(db, row) {
  const refs = await listTipjarRefs(db, [row.id]);
  return toUser(row, refs.get(row.id) ?? []);
}
__name(withTipjars, "withTipjars");
function emailTaken() {
  return AppError.field(
    ErrorCode.EmailTaken,
    "data.email",
    { key: "emailTaken" },
    "This e-mail address is already in use"
  );
}
__name(emailTaken, "emailTaken");
async function isEmailAvailable(ctx, email) {
  return !await findUserByEmail(ctx.db, email);
}
__name(isEmailAvailable, "isEmailAvailable");
async function registerUser(ctx, data, { db = ctx.db, passwordField = "data.password" } = {}) {
  await assertStrongPassword(ctx, passwordField, data.password, data);
  if (await findUserByEmail(db, data.email)) throw emailTaken();
  const passwordHash = await hashPassword(data.password);
  try {
    return await insertUser(db, {
      email: data.email,
      passwordHash,
      firstName: data.firstName,
      lastName: data.lastName,
      locale: data.locale,
      role: "USER"
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}
__name(registerUser, "registerUser");
async function getMe(ctx, userId) {
  return ctx.sessions.me(userId, async () => {
    const me = await findMe(ctx.db, userId);
    return me && { user: toUser(me.row, me.tipjars), actor: actorOfUser(me.row) };
  });
}
__name(getMe, "getMe");
async function updateMyProfile(ctx, actor, data) {
  const row = await updateUser(ctx.db, actor.userId, {
    firstName: data.firstName,
    lastName: data.lastName,
    phoneNumber: data.phoneNumber ? data.phoneNumber : null,
    ...data.address ? { address: data.address } : {},
    ...data.locale ? { locale: data.locale } : {}
  });
  if (!row) throw AppError.unauthorized();
  return withTipjars(ctx.db, row);
}
__name(updateMyProfile, "updateMyProfile");
async function updateMyPassword(ctx, actor, data) {
  const row = await findUserById(ctx.db, actor.userId);
  if (!row) throw AppError.unauthorized();
  if (!await verifyPassword(row.passwordHash, data.currentPassword)) {
    throw AppError.field(
      ErrorCode.WrongPassword,
      "data.currentPassword",
      { key: "wrongPassword" },
      "The current password is wrong"
    );
  }
  await assertStrongPassword(ctx, "data.newPassword", data.newPassword, row);
  const passwordHash = await hashPassword(data.newPassword);
  const changed = await ctx.db.transaction(async (tx) => {
    const done = await replacePassword(tx, actor.userId, passwordHash);
    if (done) await queuePasswordChangedMail(ctx, tx, row, done.tokenVersion);
    return done;
  });
  if (!changed) throw AppError.unauthorized();
  ctx.outbox.kick();
  return { id: actor.userId, tokenVersion: changed.tokenVersion, twoStep: actor.twoStep === true };
}
__name(updateMyPassword, "updateMyPassword");
async function listUsers2(ctx, query) {
  const { rows: rows3, count: count14 } = await listUsers(ctx.db, query);
  const refs = await listTipjarRefs(
    ctx.db,
    rows3.map((r) => r.id)
  );
  return { data: rows3.map((r) => toUser(r, refs.get(r.id) ?? [])), metadata: { count: count14 } };
}
__name(listUsers2, "listUsers");
async function getUser(ctx, id) {
  const row = await findUserById(ctx.db, id);
  if (!row) throw AppError.notFound("User");
  return withTipjars(ctx.db, row);
}
__name(getUser, "getUser");
async function createUser(ctx, actor, data) {
  const created = await ctx.db.transaction(async (tx) => {
    const row = await registerUser(ctx, data, { db: tx });
    const withRole = data.role === "USER" ? row : await updateUser(tx, row.id, { role: data.role });
    await recordAudit(tx, actor, {
      action: "user.created",
      entityType: "user",
      entityId: row.id,
      after: { role: withRole.role }
    });
    return withRole;
  });
  return toUser(created);
}
__name(createUser, "createUser");
async function updateUser2(ctx, actor, id, data) {
  const existing = await findUserById(ctx.db, id);
  if (!existing) throw AppError.notFound("User");
  if (existing.archivedAt) throw new AppError(ErrorCode.Conflict, "An archived user cannot be changed");
  if (data.email && data.email !== existing.email && await findUserByEmail(ctx.db, data.email))
    throw emailTaken();
  if (id === actor.userId && data.role && data.role !== "ADMIN") {
    throw AppError.field(ErrorCode.Conflict, "data.role", { key: "invalid" }, "You cannot remove your own admin role");
  }
  const { password, ...rest } = data;
  if (password) await assertStrongPassword(ctx, "data.password", password, { ...existing, ...rest });
  const passwordHash = password ? await hashPassword(password) : void 0;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const before = await lockUser(tx, id) ?? existing;
      if (passwordHash) await replacePassword(tx, id, passwordHash);
      const after = await updateUser(tx, id, rest);
      if (after && after.email !== before.email) await queueEmailChangedMails(ctx, tx, before, after.email);
      if (after && after.role !== before.role) {
        await recordAudit(tx, actor, {
          action: "user.roleChanged",
          entityType: "user",
          entityId: id,
          before: { role: before.role },
          after: { role: after.role }
        });
      }
      return after;
    });
    ctx.outbox.kick();
    return withTipjars(ctx.db, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}
__name(updateUser2, "updateUser");

// src/modules/two-step/two-step.codes.ts
import {
  createCipheriv,
  createDecipheriv,
  createHash as createHash3,
  hkdfSync,
  randomBytes as randomBytes2,
  randomInt,
  timingSafeEqual
} from "node:crypto";
import { Secret, TOTP } from "otpauth";
var PERIOD_SECONDS = 30;
function newTotpSecret() {
  return new Secret({ size: 20 }).base32;
}
__name(newTotpSecret, "newTotpSecret");
function totpOf(secret, label = "", issuer = "Podpot") {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret)
  });
}
__name(totpOf, "totpOf");
function totpUri(secret, account, issuer) {
  return totpOf(secret, account, issuer).toString();
}
__name(totpUri, "totpUri");
function totpStep(secret, code, at = Date.now()) {
  const delta = totpOf(secret).validate({ token: code, timestamp: at, window: 1 });
  if (delta === null) return void 0;
  return Math.floor(at / 1e3 / PERIOD_SECONDS) + delta;
}
__name(totpStep, "totpStep");
function normalizeCode(code) {
  const value = code.toLowerCase().replace(/[\s-]/g, "");
  return { kind: /^\d{6}$/.test(value) ? "totp" : "recovery", value };
}
__name(normalizeCode, "normalizeCode");
var RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
function newRecoveryCodes() {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
__name(newRecoveryCodes, "newRecoveryCodes");
function sha256(value) {
  return createHash3("sha256").update(value).digest("hex");
}
__name(sha256, "sha256");
function recoveryCodeHash(code) {
  return sha256(normalizeCode(code).value);
}
__name(recoveryCodeHash, "recoveryCodeHash");
function sameHash(a, b) {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
__name(sameHash, "sameHash");
function newDeviceToken() {
  return randomBytes2(32).toString("base64url");
}
__name(newDeviceToken, "newDeviceToken");
function keyOf2(serverSecret) {
  return Buffer.from(hkdfSync("sha256", serverSecret, "podpot", "two-step totp secret v1", 32));
}
__name(keyOf2, "keyOf");
function encryptSecret(serverSecret, secret) {
  const iv = randomBytes2(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf2(serverSecret), iv);
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(
    "."
  );
}
__name(encryptSecret, "encryptSecret");
function decryptSecret(serverSecret, stored) {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("unknown two-step secret format");
  const decipher = createDecipheriv("aes-256-gcm", keyOf2(serverSecret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
__name(decryptSecret, "decryptSecret");

// src/modules/two-step/two-step.repository.ts
import { and as and19, count as count10, eq as eq21, gt, isNull as isNull10, lt as lt7, or as or9, sql as sql16 } from "drizzle-orm";
async function findTwoStep(db, userId) {
  const [row] = await db.select().from(userTwoStep).where(eq21(userTwoStep.userId, userId));
  return row;
}
__name(findTwoStep, "findTwoStep");
async function savePendingSecret(db, userId, pendingSecret) {
  await db.insert(userTwoStep).values({ userId, pendingSecret }).onConflictDoUpdate({ target: userTwoStep.userId, set: { pendingSecret } });
}
__name(savePendingSecret, "savePendingSecret");
async function enableTwoStep(db, userId, secret, step) {
  await db.update(userTwoStep).set({ secret, pendingSecret: null, enabledAt: /* @__PURE__ */ new Date(), lastStep: step }).where(eq21(userTwoStep.userId, userId));
  const [row] = await db.update(users).set({ twoStepEnabled: true, tokenVersion: sql16`${users.tokenVersion} + 1` }).where(eq21(users.id, userId)).returning({ tokenVersion: users.tokenVersion });
  await sessionsChanged(db, userId);
  return row;
}
__name(enableTwoStep, "enableTwoStep");
async function disableTwoStep(db, userId) {
  await db.delete(userTwoStep).where(eq21(userTwoStep.userId, userId));
  await db.delete(userRecoveryCodes).where(eq21(userRecoveryCodes.userId, userId));
  await revokeDevices(db, userId);
  await db.update(users).set({ twoStepEnabled: false }).where(eq21(users.id, userId));
  await sessionsChanged(db, userId);
}
__name(disableTwoStep, "disableTwoStep");
async function useStep(db, userId, step) {
  const rows3 = await db.update(userTwoStep).set({ lastStep: step }).where(and19(eq21(userTwoStep.userId, userId), or9(isNull10(userTwoStep.lastStep), lt7(userTwoStep.lastStep, step)))).returning({ userId: userTwoStep.userId });
  return rows3.length > 0;
}
__name(useStep, "useStep");
async function replaceRecoveryCodes(db, userId, hashes) {
  await db.delete(userRecoveryCodes).where(eq21(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}
__name(replaceRecoveryCodes, "replaceRecoveryCodes");
async function unusedRecoveryCodes(db, userId) {
  return db.select({ id: userRecoveryCodes.id, codeHash: userRecoveryCodes.codeHash }).from(userRecoveryCodes).where(and19(eq21(userRecoveryCodes.userId, userId), isNull10(userRecoveryCodes.usedAt)));
}
__name(unusedRecoveryCodes, "unusedRecoveryCodes");
async function countUnusedRecoveryCodes(db, userId) {
  const [row] = await db.select({ count: count10() }).from(userRecoveryCodes).where(and19(eq21(userRecoveryCodes.userId, userId), isNull10(userRecoveryCodes.usedAt)));
  return row?.count ?? 0;
}
__name(countUnusedRecoveryCodes, "countUnusedRecoveryCodes");
async function useRecoveryCode(db, id) {
  const rows3 = await db.update(userRecoveryCodes).set({ usedAt: /* @__PURE__ */ new Date() }).where(and19(eq21(userRecoveryCodes.id, id), isNull10(userRecoveryCodes.usedAt))).returning({ id: userRecoveryCodes.id });
  return rows3.length > 0;
}
__name(useRecoveryCode, "useRecoveryCode");
async function insertDevice(db, userId, tokenHash, expiresAt) {
  await db.insert(trustedDevices).values({ userId, tokenHash, expiresAt });
}
__name(insertDevice, "insertDevice");
async function isTrustedDevice(db, userId, tokenHash, now = /* @__PURE__ */ new Date()) {
  const [row] = await db.select({ id: trustedDevices.id }).from(trustedDevices).where(
    and19(
      eq21(trustedDevices.userId, userId),
      eq21(trustedDevices.tokenHash, tokenHash),
      gt(trustedDevices.expiresAt, now)
    )
  );
  return Boolean(row);
}
__name(isTrustedDevice, "isTrustedDevice");
async function revokeDevices(db, userId) {
  await db.delete(trustedDevices).where(eq21(trustedDevices.userId, userId));
}
__name(revokeDevices, "revokeDevices");

// src/modules/two-step/two-step.service.ts
var CODE_BACKOFF = {
  free: 5,
  firstWaitMs: 3e4,
  maxWaitMs: 15 * 6e4,
  forgetMs: 60 * 6e4
};
var CodeBackoffError = class extends AppError {
  constructor(retryAfterSeconds) {
    super(ErrorCode.RateLimited, "Too many wrong codes, try again later");
    this.retryAfterSeconds = retryAfterSeconds;
  }
  retryAfterSeconds;
  static {
    __name(this, "CodeBackoffError");
  }
};
function invalidCode(field) {
  return AppError.field(ErrorCode.InvalidCode, field, { key: "invalid" }, "This code is wrong, used or expired");
}
__name(invalidCode, "invalidCode");
async function afterPassword(ctx, user, deviceToken) {
  if (!user.twoStepEnabled) return tokenResponse(ctx.config, { id: user.id, tokenVersion: user.tokenVersion });
  if (deviceToken && await isTrustedDevice(ctx.db, user.id, sha256(deviceToken))) {
    return tokenResponse(ctx.config, { id: user.id, tokenVersion: user.tokenVersion, twoStep: true });
  }
  const { challenge, expiresIn } = await signTwoStepChallenge(ctx.config.JWT_SECRET, {
    id: user.id,
    tokenVersion: user.tokenVersion
  });
  return { two_step: "required", challenge, expires_in: expiresIn };
}
__name(afterPassword, "afterPassword");
async function checkCode(ctx, failures, userId, code, field, options = { recovery: true }) {
  const key = `user:${userId}`;
  const wait = await failures.attempt(key);
  if (wait !== void 0) throw new CodeBackoffError(Math.ceil(wait / 1e3));
  const row = await findTwoStep(ctx.db, userId);
  if (!row?.secret) throw invalidCode(field);
  const { kind, value } = normalizeCode(code);
  let ok = false;
  if (kind === "totp") {
    const step = totpStep(decryptSecret(ctx.config.JWT_SECRET, row.secret), value);
    ok = step !== void 0 && await useStep(ctx.db, userId, step);
  } else if (options.recovery) {
    const hash = recoveryCodeHash(value);
    let match;
    for (const candidate of await unusedRecoveryCodes(ctx.db, userId)) {
      if (sameHash(candidate.codeHash, hash)) match = candidate.id;
    }
    ok = match !== void 0 && await useRecoveryCode(ctx.db, match);
  }
  if (!ok) throw invalidCode(field);
  await failures.reset(key);
}
__name(checkCode, "checkCode");
async function secondStep(ctx, body, failures) {
  const subject = await verifyTwoStepChallenge(ctx.config.JWT_SECRET, body.challenge);
  const user = subject && await findUserById(ctx.db, subject.id);
  if (!user || user.archivedAt || user.tokenVersion !== subject.tokenVersion || !user.twoStepEnabled) {
    throw AppError.field(
      ErrorCode.InvalidToken,
      "challenge",
      { key: "invalid" },
      "This login has expired: enter your password again"
    );
  }
  await checkCode(ctx, failures, user.id, body.code, "code");
  const token = await tokenResponse(ctx.config, { id: user.id, tokenVersion: user.tokenVersion, twoStep: true });
  if (!body.remember_device) return token;
  const device = newDeviceToken();
  await insertDevice(ctx.db, user.id, sha256(device), new Date(Date.now() + REMEMBER_DEVICE_DAYS * 864e5));
  return { ...token, device_token: device };
}
__name(secondStep, "secondStep");
async function status(ctx, actor) {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw AppError.unauthorized();
  return {
    enabled: user.twoStepEnabled,
    recoveryCodesLeft: user.twoStepEnabled ? await countUnusedRecoveryCodes(ctx.db, user.id) : 0
  };
}
__name(status, "status");
function alreadyOn() {
  return new AppError(ErrorCode.Conflict, "Two-step login is already on");
}
__name(alreadyOn, "alreadyOn");
async function startSetup(ctx, actor) {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw AppError.unauthorized();
  if (user.twoStepEnabled) throw alreadyOn();
  const secret = newTotpSecret();
  await savePendingSecret(ctx.db, user.id, encryptSecret(ctx.config.JWT_SECRET, secret));
  const uri = totpUri(secret, user.email, ctx.config.BRAND_NAME);
  const { qrSvg } = await import("./share.qr-KZBXP4R6.js");
  const svg = qrSvg(uri, `${ctx.config.BRAND_NAME}: ${user.email}`);
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}
__name(startSetup, "startSetup");
async function confirmSetup(ctx, actor, code, failures) {
  const key = `user:${actor.userId}`;
  const wait = await failures.attempt(key);
  if (wait !== void 0) throw new CodeBackoffError(Math.ceil(wait / 1e3));
  const row = await findTwoStep(ctx.db, actor.userId);
  if (!row?.pendingSecret) {
    throw new AppError(ErrorCode.Conflict, "Start the setup first (or two-step login is on already)");
  }
  const step = totpStep(decryptSecret(ctx.config.JWT_SECRET, row.pendingSecret), normalizeCode(code).value);
  if (step === void 0) throw invalidCode("data.code");
  await failures.reset(key);
  const codes = newRecoveryCodes();
  const enabled = await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, actor.userId);
    if (!user) throw AppError.unauthorized();
    if (user.twoStepEnabled) throw alreadyOn();
    await replaceRecoveryCodes(tx, actor.userId, codes.map(recoveryCodeHash));
    return enableTwoStep(tx, actor.userId, row.pendingSecret, step);
  });
  if (!enabled) throw AppError.unauthorized();
  const token = await tokenResponse(ctx.config, {
    id: actor.userId,
    tokenVersion: enabled.tokenVersion,
    twoStep: true
  });
  return { recoveryCodes: codes, token };
}
__name(confirmSetup, "confirmSetup");
async function disable(ctx, actor, data, failures) {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw AppError.unauthorized();
  if (!user.twoStepEnabled) throw new AppError(ErrorCode.Conflict, "Two-step login is off already");
  if (!await verifyPassword(user.passwordHash, data.password)) {
    throw AppError.field(ErrorCode.WrongPassword, "data.password", { key: "wrongPassword" }, "The password is wrong");
  }
  await checkCode(ctx, failures, user.id, data.code, "data.code", { recovery: false });
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    await disableTwoStep(tx, user.id);
    await queueTwoStepOffMail(ctx, tx, user);
  });
  ctx.outbox.kick();
}
__name(disable, "disable");
async function regenerateRecoveryCodes(ctx, actor, code, failures) {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user?.twoStepEnabled) throw new AppError(ErrorCode.Conflict, "Two-step login is off");
  await checkCode(ctx, failures, user.id, code, "data.code", { recovery: false });
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(ctx.db, user.id, codes.map(recoveryCodeHash));
  return codes;
}
__name(regenerateRecoveryCodes, "regenerateRecoveryCodes");
async function queueTwoStepOffMail(ctx, tx, user) {
  const base = ctx.config.publicUrl;
  const mail = twoStepOffMail(user.locale, {
    brand: ctx.config.BRAND_NAME,
    name: user.firstName,
    recoveryLink: appUrl(base, "passwordRecovery", {}, user.locale),
    supportLink: appUrl(base, "support", {}, user.locale)
  });
  await queueMail(tx, { to: user.email, ...mail }, { dedupeKey: `two-step-off:${user.id}:${Date.now()}` });
}
__name(queueTwoStepOffMail, "queueTwoStepOffMail");

// src/modules/auth/auth.repository.ts
import { and as and20, eq as eq22, gt as gt2, isNull as isNull11 } from "drizzle-orm";
async function insertResetToken(db, userId, tokenHash, expiresAt) {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}
__name(insertResetToken, "insertResetToken");
async function findResetTokenOwner(db, tokenHash, now) {
  const [row] = await db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(
    and20(
      eq22(passwordResetTokens.tokenHash, tokenHash),
      isNull11(passwordResetTokens.usedAt),
      gt2(passwordResetTokens.expiresAt, now)
    )
  );
  return row?.userId;
}
__name(findResetTokenOwner, "findResetTokenOwner");
async function consumeResetToken(db, tokenHash, now) {
  const [row] = await db.update(passwordResetTokens).set({ usedAt: now }).where(
    and20(
      eq22(passwordResetTokens.tokenHash, tokenHash),
      isNull11(passwordResetTokens.usedAt),
      gt2(passwordResetTokens.expiresAt, now)
    )
  ).returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}
__name(consumeResetToken, "consumeResetToken");

// src/modules/auth/auth.service.ts
var RESET_TTL_MS = 60 * 60 * 1e3;
var dummyHash;
function loginBackoffPolicy(maxFailures) {
  return { free: maxFailures, firstWaitMs: 3e4, maxWaitMs: 15 * 6e4, forgetMs: 60 * 6e4 };
}
__name(loginBackoffPolicy, "loginBackoffPolicy");
var LoginBackoffError = class extends AppError {
  constructor(retryAfterSeconds) {
    super(ErrorCode.RateLimited, "Too many failed logins for this account, try again later");
    this.retryAfterSeconds = retryAfterSeconds;
  }
  retryAfterSeconds;
  static {
    __name(this, "LoginBackoffError");
  }
};
async function login(ctx, body, failures) {
  const account = body.username.trim().toLowerCase();
  const wait = await failures.attempt(account);
  if (wait !== void 0) throw new LoginBackoffError(Math.ceil(wait / 1e3));
  const user = await findUserByEmail(ctx.db, body.username.trim());
  dummyHash ??= hashPassword(randomBytes3(16).toString("hex"));
  const ok = await verifyPassword(user?.passwordHash ?? await dummyHash, body.password);
  if (!user || !ok || user.archivedAt) {
    throw new AppError(ErrorCode.InvalidCredentials, "Wrong e-mail address or password");
  }
  await failures.reset(account);
  return afterPassword(ctx, user, body.device_token);
}
__name(login, "login");
function sha2562(value) {
  return createHash4("sha256").update(value).digest("hex");
}
__name(sha2562, "sha256");
var RECOVERY_LIMITS = {
  perAddress: { free: 5, firstWaitMs: 15 * 6e4, maxWaitMs: 60 * 6e4, forgetMs: 60 * 6e4 }
};
function requestPasswordReset(ctx, email) {
  ctx.background.run("password recovery", () => recoverPassword(ctx, email));
}
__name(requestPasswordReset, "requestPasswordReset");
async function recoverPassword(ctx, email) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.archivedAt) {
    ctx.log.info("password recovery for an unknown (or archived) address");
    return;
  }
  const token = randomBytes3(32).toString("base64url");
  const tokenHash = sha2562(token);
  const link = appUrl(ctx.config.publicUrl, "passwordReset", {}, user.locale, { token });
  const mail = passwordResetMail(user.locale, { brand: ctx.config.BRAND_NAME, name: user.firstName, link });
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    await endResetLinks(tx, user.id);
    await insertResetToken(tx, user.id, tokenHash, new Date(Date.now() + RESET_TTL_MS));
    await queueMail(tx, { to: user.email, ...mail }, { dedupeKey: `password-reset:${tokenHash}` });
  });
  ctx.outbox.kick();
}
__name(recoverPassword, "recoverPassword");
async function resetPassword(ctx, body) {
  const tokenHash = sha2562(body.token);
  const ownerId = await findResetTokenOwner(ctx.db, tokenHash, /* @__PURE__ */ new Date());
  const owner = ownerId ? await findUserById(ctx.db, ownerId) : void 0;
  if (owner) await assertStrongPassword(ctx, "new_password", body.new_password, owner);
  const passwordHash = await hashPassword(body.new_password);
  await ctx.db.transaction(async (tx) => {
    if (ownerId) await lockUser(tx, ownerId);
    const userId = await consumeResetToken(tx, tokenHash, /* @__PURE__ */ new Date());
    if (!userId) {
      throw AppError.field(
        ErrorCode.InvalidToken,
        "token",
        { key: "invalid" },
        "This reset link is invalid, used or expired"
      );
    }
    const changed = await replacePassword(tx, userId, passwordHash);
    const user = await findUserById(tx, userId);
    if (changed && user) await queuePasswordChangedMail(ctx, tx, user, changed.tokenVersion);
  });
  ctx.outbox.kick();
}
__name(resetPassword, "resetPassword");

// src/modules/auth/auth.routes.ts
var tags3 = ["auth"];
var authRoutes = /* @__PURE__ */ __name(async (app, { ctx, limits }) => {
  const loginFailures = limits.backoff("login", loginBackoffPolicy(ctx.config.LOGIN_MAX_FAILURES));
  const recoveries = createAddressLimit(limits, "password-recovery", RECOVERY_LIMITS);
  app.post(
    "/auth/login",
    {
      config: {
        // Per IP and username: slows down password guessing without locking out a whole office. The
        // per-account back-off (whatever the IP) is in the service.
        rateLimit: {
          max: 10,
          timeWindow: "1 minute",
          keyGenerator: /* @__PURE__ */ __name((request) => {
            const body = request.body;
            const username = typeof body?.username === "string" ? body.username.trim().toLowerCase() : "";
            return `login:${request.ip}:${username}`;
          }, "keyGenerator")
        }
      },
      schema: {
        tags: tags3,
        summary: "OAuth2 password grant (form-encoded or JSON): username, password, client_id, grant_type, scope; device_token of a remembered device. With two-step login on it answers a challenge for auth/two-step instead of a token",
        consumes: ["application/x-www-form-urlencoded", "application/json"],
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, 400: errors[400], 401: errors[401], 429: errors[429] }
      }
    },
    async (request, reply) => {
      try {
        return await login(ctx, request.body, loginFailures);
      } catch (err) {
        if (err instanceof LoginBackoffError) reply.header("retry-after", err.retryAfterSeconds);
        throw err;
      }
    }
  );
  app.post(
    "/auth/password-recover/:email",
    {
      config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
      // Per address too, whatever the IP: nobody can flood someone's mailbox with reset links.
      preHandler: recoveries((request) => request.params.email),
      schema: {
        tags: tags3,
        summary: "Mail a password reset link; ends older links. Same answer, at the same speed, whether or not the address exists",
        params: z3.object({
          email: z3.string().trim().toLowerCase().pipe(z3.email({ message: "email" }))
        }),
        response: { 204: NoContent, 400: errors[400], 429: errors[429] }
      }
    },
    async (request, reply) => {
      requestPasswordReset(ctx, request.params.email);
      return reply.status(204).send(null);
    }
  );
  app.post(
    "/auth/password-reset",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags: tags3,
        summary: "Set a new password with the token from the reset mail (single use, 1 hour)",
        body: PasswordResetBodySchema,
        response: { 204: NoContent, 400: errors[400], 429: errors[429] }
      }
    },
    async (request, reply) => {
      await resetPassword(ctx, request.body);
      return reply.status(204).send(null);
    }
  );
}, "authRoutes");

// src/modules/episodes/episodes.service.ts
import { z as z4 } from "zod";

// src/modules/tipjars/tipjars.service.ts
function toPublicTipjar(row, merchant) {
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
    goal: goalOf(row)
  };
}
__name(toPublicTipjar, "toPublicTipjar");
function goalOf(row) {
  return row.goalKind && row.goalTarget !== null ? { kind: row.goalKind, target: row.goalTarget } : null;
}
__name(goalOf, "goalOf");
async function toStorefrontTipjar(ctx, row) {
  const tipjar = toPublicTipjar(row, await readMerchantOfTipjar(ctx.db, row.id));
  return { ...tipjar, ...await ctx.storefront(ctx.db, tipjar) };
}
__name(toStorefrontTipjar, "toStorefrontTipjar");
var PUBLIC_TIPJAR_TTL_MS = 5e3;
var publicTipjars = createPublicCache({ ttlMs: PUBLIC_TIPJAR_TTL_MS, maxEntries: 1e3 });
function findPublicTipjar(ctx, slug) {
  return publicTipjars.get(ctx, slug, async () => {
    const row = await readTipjarBySlug(ctx.db, slug);
    if (!row || !isTipjarTippable(row)) return void 0;
    return toStorefrontTipjar(ctx, row);
  });
}
__name(findPublicTipjar, "findPublicTipjar");
var publicSearches = createPublicCache({ ttlMs: PUBLIC_TIPJAR_TTL_MS, maxEntries: 500 });
function searchPublicTipjars(ctx, query) {
  const search = query.search.toLowerCase();
  return publicSearches.get(ctx, `${query.skip}:${query.limit}:${search}`, async () => {
    const { rows: rows3, count: count14 } = await searchTippableTipjars(ctx.db, search, query);
    const merchants = await merchantsOfTipjars(
      ctx.db,
      rows3.map((row) => row.id)
    );
    return { data: rows3.map((row) => toPublicTipjar(row, merchants.get(row.id))), metadata: { count: count14 } };
  });
}
__name(searchPublicTipjars, "searchPublicTipjars");
async function toTipjars(db, rows3) {
  const ids = rows3.map((r) => r.id);
  const [addons2, admins, merchants] = await Promise.all([
    addonsOfTipjars(db, ids),
    listAdmins(db, ids),
    merchantsOfTipjars(db, ids)
  ]);
  return rows3.map((row) => ({
    ...toPublicTipjar(row, merchants.get(row.id)),
    email: row.contactEmail,
    phoneNumber: row.contactPhone,
    companyName: row.companyName,
    cocNumber: row.cocNumber,
    vatNumber: row.vatNumber,
    notifyOnTip: row.notifyOnTip,
    artworkId: row.artworkId,
    addons: addons2.get(row.id) ?? [],
    oppMerchant: toMerchantRef(merchants.get(row.id)),
    admins: admins.get(row.id) ?? [],
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null
  }));
}
__name(toTipjars, "toTipjars");
async function toTipjar(db, row) {
  const [tipjar] = await toTipjars(db, [row]);
  return tipjar;
}
__name(toTipjar, "toTipjar");
function unknownArtwork() {
  return AppError.field(ErrorCode.Validation, "data.artworkId", { key: "invalid" }, "No such artwork");
}
__name(unknownArtwork, "unknownArtwork");
function slugTaken() {
  return AppError.field(ErrorCode.SlugTaken, "data.slug", { key: "slugTaken" }, "This address is already taken");
}
__name(slugTaken, "slugTaken");
async function createTipjar(ctx, actor, data) {
  if (!actor && !data.account) throw AppError.unauthorized();
  if (isReservedSlug(data.slug)) {
    throw AppError.field(
      ErrorCode.SlugReserved,
      "data.slug",
      { key: "slugReserved" },
      "This address is reserved; choose another"
    );
  }
  const method = await resolvePaymentChoice(ctx, data.payment, "data.payment.paymentmethod");
  if (await findTipjarBySlug(ctx.db, data.slug)) throw slugTaken();
  const locale = data.locale ?? (actor ? await findUserLocale(ctx.db, actor.userId) : void 0) ?? DEFAULT_LOCALE;
  let created;
  try {
    created = await ctx.db.transaction(async (tx) => {
      let userId = actor?.userId;
      if (!userId) {
        const account = data.account;
        try {
          userId = (await registerUser(ctx, { ...account, locale }, { db: tx, passwordField: "data.account.password" })).id;
        } catch (err) {
          if (err instanceof AppError && err.code === ErrorCode.EmailTaken) {
            throw AppError.field(ErrorCode.EmailTaken, "data.account.email", { key: "emailTaken" }, err.message);
          }
          throw err;
        }
      }
      const tipjar2 = await insertTipjar(tx, {
        slug: data.slug,
        name: data.name,
        type: data.type,
        status: "NEW",
        description: data.description ?? "",
        rssUrl: data.rssUrl ?? null,
        artworkId: data.artworkId ?? null,
        contactEmail: data.email,
        contactPhone: normalizePhoneNumber(data.phoneNumber) ?? data.phoneNumber,
        companyName: data.type === "BUSINESS" ? data.companyName ?? null : null,
        cocNumber: data.type === "BUSINESS" ? data.cocNumber ?? null : null,
        vatNumber: data.type === "BUSINESS" ? data.vatNumber ?? null : null
      });
      await insertAdmin(tx, tipjar2.id, userId);
      const addon = await insertAddon(tx, {
        tipjarId: tipjar2.id,
        type: "TIPJAR",
        costTotalWithTax: ctx.config.TIPJAR_PRICE_CENTS,
        orderedBy: userId
      });
      return { tipjar: tipjar2, addon, userId };
    });
  } catch (err) {
    if (isUniqueViolation(err, "tipjars_slug_key")) throw slugTaken();
    if (isForeignKeyViolation(err)) throw unknownArtwork();
    throw err;
  }
  const token = actor ? void 0 : await signAccessToken(ctx.config, { id: created.userId, tokenVersion: 0 });
  const payment = await startAddonPayment(ctx, {
    tipjar: created.tipjar,
    addon: created.addon,
    method,
    locale,
    attempt: 1
  });
  const tipjar = await findTipjar(ctx.db, created.tipjar.id);
  return {
    tipjar: await toTipjar(ctx.db, tipjar),
    addon: toAddon(created.addon, payment),
    oppTransaction: { status: payment.status ?? "created", redirectUrl: payment.redirectUrl },
    ...token ? { access_token: token.token, token_type: "bearer", expires_in: token.expiresIn } : {}
  };
}
__name(createTipjar, "createTipjar");
async function isOrderEmailAvailable(ctx, email) {
  return !await findUserIdByEmail(ctx.db, email);
}
__name(isOrderEmailAvailable, "isOrderEmailAvailable");
function isOrderPhoneNumberValid(phoneNumber) {
  return isValidMobileNumber(phoneNumber);
}
__name(isOrderPhoneNumberValid, "isOrderPhoneNumberValid");
function listOf2(item) {
  return item ? { data: [item], metadata: { count: 1 } } : { data: [], metadata: { count: 0 } };
}
__name(listOf2, "listOf");
var publicLists = /* @__PURE__ */ new WeakMap();
var NO_PUBLIC_TIPJAR = deepFreeze(listOf2(void 0));
function publicListOf(item) {
  if (!item) return NO_PUBLIC_TIPJAR;
  let list = publicLists.get(item);
  if (!list) {
    list = deepFreeze(listOf2(item));
    publicLists.set(item, list);
  }
  return list;
}
__name(publicListOf, "publicListOf");
async function listTipjars2(ctx, actor, query) {
  if (query.slug !== void 0) {
    if (!actor && query.managed) throw AppError.unauthorized();
    if (!actor) return publicListOf(await findPublicTipjar(ctx, query.slug));
    const row = await readTipjarBySlug(ctx.db, query.slug);
    if (!row) return listOf2(void 0);
    const manages = isAdmin(actor) || !row.archivedAt && await isTipjarAdmin(ctx.db, row.id, actor.userId);
    if (manages) return listOf2(await toTipjar(ctx.db, row));
    if (query.managed || !isTipjarTippable(row)) return listOf2(void 0);
    return listOf2(await toStorefrontTipjar(ctx, row));
  }
  if (!actor) {
    if (query.search) return searchPublicTipjars(ctx, { ...query, search: query.search });
    throw AppError.unauthorized();
  }
  const admin = isAdmin(actor);
  const { rows: rows3, count: count14 } = await listTipjars(
    ctx.db,
    { ...query, archived: admin && query.archived },
    admin ? void 0 : actor.userId
  );
  return { data: await toTipjars(ctx.db, rows3), metadata: { count: count14 } };
}
__name(listTipjars2, "listTipjars");
async function getTipjar(ctx, actor, id) {
  return toTipjar(ctx.db, await loadManagedTipjar(ctx, actor, id));
}
__name(getTipjar, "getTipjar");
async function updateTipjar2(ctx, actor, id, data) {
  const row = await loadManagedTipjar(ctx, actor, id);
  if (row.archivedAt) throw new AppError(ErrorCode.Conflict, "An archived tip jar cannot be changed");
  const admin = isAdmin(actor);
  if (data.status !== void 0 && data.status !== row.status || data.active !== void 0 && !admin) {
    if (!admin) throw new AppError(ErrorCode.Forbidden, "Only platform admins change the status of a tip jar");
  }
  if (data.status !== void 0 && data.status !== row.status && !canTransitionTipjar(row.status, data.status, "admin")) {
    throw AppError.field(
      ErrorCode.InvalidTransition,
      "data.status",
      { key: "choice" },
      `A tip jar cannot go from ${row.status} to ${data.status}`
    );
  }
  if (row.type === "BUSINESS") {
    for (const field of ["companyName", "cocNumber"]) {
      if (data[field] === null || data[field] === "") {
        throw AppError.field(ErrorCode.Validation, `data.${field}`, { key: "required" }, `${field} is required`);
      }
    }
  }
  const { email, phoneNumber, status: status2, goal, ...rest } = data;
  const feedChanged = data.rssUrl !== void 0 && (data.rssUrl === null || normalizeFeedUrl(data.rssUrl) !== row.feedVerifiedUrl);
  const values = {
    ...rest,
    ...feedChanged ? { feedVerifiedUrl: null, feedVerifiedAt: null } : {},
    ...goal !== void 0 ? { goalKind: goal?.kind ?? null, goalTarget: goal?.target ?? null } : {},
    ...email !== void 0 ? { contactEmail: email } : {},
    ...phoneNumber !== void 0 ? { contactPhone: normalizePhoneNumber(phoneNumber) ?? phoneNumber } : {},
    ...status2 !== void 0 ? { status: status2 } : {}
  };
  if (!Object.keys(values).length) return toTipjar(ctx.db, row);
  const updated = await ctx.db.transaction(async (tx) => {
    const after = await updateTipjar(tx, id, values, row.status).catch((err) => {
      throw isForeignKeyViolation(err) ? unknownArtwork() : err;
    });
    if (!after) throw new AppError(ErrorCode.Conflict, "The tip jar changed meanwhile; reload and try again");
    await auditTipjarChange(tx, actor, row, after);
    if (data.rssUrl !== void 0) await ctx.feedSaved(tx, id);
    return after;
  });
  return toTipjar(ctx.db, updated);
}
__name(updateTipjar2, "updateTipjar");
var AUDITED_TIPJAR_FIELDS = [
  "status",
  "active",
  "name",
  "slug",
  "companyName",
  "cocNumber",
  "vatNumber",
  "presetAmounts"
];
async function auditTipjarChange(tx, actor, before, after) {
  const changes = changesOf(before, after, AUDITED_TIPJAR_FIELDS);
  if (!changes) return;
  const statusChanged = "status" in changes.after || "active" in changes.after;
  await recordAudit(tx, actor, {
    action: statusChanged ? "tipjar.statusChanged" : "tipjar.updated",
    entityType: "tipjar",
    entityId: after.id,
    tipjarId: after.id,
    ...changes
  });
}
__name(auditTipjarChange, "auditTipjarChange");

// src/modules/episodes/episodes.service.ts
var iso = /* @__PURE__ */ __name((value) => value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString(), "iso");
function toPublicEpisode(row) {
  return {
    id: row.id,
    title: row.title,
    number: row.number,
    season: row.season,
    publishedAt: iso(row.publishedAt),
    link: row.link,
    duration: row.duration
  };
}
__name(toPublicEpisode, "toPublicEpisode");
async function recentEpisodesOf(db, tipjarId) {
  return (await recentEpisodes(db, tipjarId, STOREFRONT_EPISODES)).map(toPublicEpisode);
}
__name(recentEpisodesOf, "recentEpisodesOf");
var isUuid2 = /* @__PURE__ */ __name((value) => z4.uuid().safeParse(value).success, "isUuid");
async function findPublicEpisode(ctx, slug, episodeId) {
  if (!isUuid2(episodeId)) return void 0;
  const tipjar = await findPublicTipjar(ctx, slug);
  if (!tipjar) return void 0;
  const episode = await findEpisode(ctx.db, tipjar.id, episodeId);
  return episode ? { tipjar, episode } : void 0;
}
__name(findPublicEpisode, "findPublicEpisode");
async function getEpisodePage(ctx, slug, episodeId) {
  const found = await findPublicEpisode(ctx, slug, episodeId);
  if (!found) throw AppError.notFound("Episode");
  return { episode: toPublicEpisode(found.episode) };
}
__name(getEpisodePage, "getEpisodePage");
async function getEpisodeStatistics(ctx, actor, tipjarId) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const rows3 = await tipsPerEpisode(ctx.db, tipjarId, EPISODE_STATISTICS_MAX);
  return {
    rows: rows3.map((row) => ({
      episode: row.id === null ? null : { id: row.id, title: row.title ?? "", number: row.number, publishedAt: iso(row.published_at) },
      count: Number(row.count),
      gross: Number(row.gross),
      net: Number(row.net)
    }))
  };
}
__name(getEpisodeStatistics, "getEpisodeStatistics");
async function feedRefreshStateOf(db, tipjar) {
  if (!tipjar.rssUrl) return null;
  const [state, episodeCount] = await Promise.all([
    findFeedRefresh(db, tipjar.id),
    countEpisodes(db, tipjar.id)
  ]);
  const current = state && state.feedUrl === tipjar.rssUrl ? state : void 0;
  return {
    lastFetchedAt: iso(current?.lastFetchedAt ?? null),
    failures: current?.failures ?? 0,
    stoppedAt: iso(current?.stoppedAt ?? null),
    episodeCount,
    fundingLinked: current?.fundingLinked ?? null
  };
}
__name(feedRefreshStateOf, "feedRefreshStateOf");
async function feedSaved(db, tipjarId) {
  await resetFeedRefresh(db, tipjarId);
}
__name(feedSaved, "feedSaved");

// src/modules/episodes/episodes.routes.ts
var tags4 = ["episodes"];
var episodesRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.get(
    "/tipjars/slug/:slug/e/:episodeId",
    {
      schema: {
        tags: tags4,
        summary: "One episode of a LIVE tip jar, for its tip page (anyone); 404 when the tip jar is not public or the episode is not one of its feed's",
        params: EpisodeParams,
        response: { 200: EpisodePageSchema, 400: errors[400], 404: errors[404] }
      }
    },
    async (request) => getEpisodePage(ctx, request.params.slug, request.params.episodeId)
  );
  app.get(
    "/tipjars/:id/episodes/statistics",
    {
      schema: {
        tags: tags4,
        summary: "A tip jar's counted tips per episode (its admins and platform admins): the newest episodes tipped or in the feed, then the tips without an episode",
        params: IdParams,
        response: { 200: EpisodeStatisticsSchema, ...managedErrors }
      }
    },
    async (request) => getEpisodeStatistics(ctx, await requireUser(request), request.params.id)
  );
}, "episodesRoutes");

// src/lib/json-serializer.ts
import fastJson from "fast-json-stringify";
import { z as z5 } from "zod";
function jsonSerializerCompiler({ schema }) {
  const serialize = fastJson(serializationSchema(schema));
  const written = /* @__PURE__ */ new WeakMap();
  return (data) => {
    if (data === null || typeof data !== "object" || !Object.isFrozen(data)) return serialize(data);
    let json = written.get(data);
    if (json === void 0) {
      json = serialize(data);
      written.set(data, json);
      sharedBodies.remember(json);
    }
    return json;
  };
}
__name(jsonSerializerCompiler, "jsonSerializerCompiler");
var MAX_SHARED_BODIES = 512;
var SharedBodies = class {
  static {
    __name(this, "SharedBodies");
  }
  #bodies = /* @__PURE__ */ new Map();
  remember(json) {
    if (this.#bodies.size >= MAX_SHARED_BODIES) this.#bodies.delete(this.#bodies.keys().next().value);
    this.#bodies.set(json, {});
  }
  /** The compressed forms of `body` when it is a cached answer's JSON, else undefined. */
  of(body) {
    return this.#bodies.get(body);
  }
};
var sharedBodies = new SharedBodies();
function serializationSchema(schema) {
  const { $schema: _, ...json } = z5.toJSONSchema(schema, { io: "output", unrepresentable: "throw" });
  return simplify(json);
}
__name(serializationSchema, "serializationSchema");
var VALIDATION_ONLY = /* @__PURE__ */ new Set([
  "pattern",
  "format",
  "enum",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "propertyNames"
]);
function simplify(node) {
  if (!node || typeof node !== "object" || Array.isArray(node)) return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (VALIDATION_ONLY.has(key)) continue;
    if (key === "properties") {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, simplify(v)]));
    } else if (key === "anyOf") {
      Object.assign(out, flattenAnyOf(value.map(simplify)));
    } else {
      out[key] = typeof value === "object" && value !== null && !Array.isArray(value) ? simplify(value) : value;
    }
  }
  return out;
}
__name(simplify, "simplify");
function flattenAnyOf(branches) {
  const nullable = branches.some((b) => b.type === "null");
  const rest = branches.filter((b) => b.type !== "null");
  let merged;
  if (rest.length === 1) merged = rest[0];
  else if (rest.every((b) => b.type === "string")) merged = { type: "string" };
  else if (rest.every((b) => b.type === "object" && b.properties)) merged = mergeObjects(rest);
  if (!merged || typeof merged.type !== "string") return { anyOf: branches };
  return nullable ? { ...merged, type: [merged.type, "null"] } : merged;
}
__name(flattenAnyOf, "flattenAnyOf");
function mergeObjects(branches) {
  const properties = {};
  for (const branch of branches) {
    for (const [name, property] of Object.entries(branch.properties)) {
      if (name in properties && JSON.stringify(properties[name]) !== JSON.stringify(property)) return void 0;
      properties[name] = property;
    }
  }
  const required = branches.map((b) => b.required ?? []).reduce((common2, names) => common2.filter((n) => names.includes(n)));
  return { type: "object", properties, required };
}
__name(mergeObjects, "mergeObjects");

// src/lib/catalog-routes.ts
function registerCatalogRoutes(parent, ctx, options) {
  const app = parent;
  const { path: path6, item, service } = options;
  const tags19 = [path6];
  const admin = { 400: errors[400], 401: errors[401], 403: errors[403] };
  app.get(
    `/${path6}`,
    {
      // Read by every checkout and FAQ page: answers serialized from the compiled schema (decision 020).
      serializerCompiler: jsonSerializerCompiler,
      schema: {
        tags: tags19,
        summary: options.listSummary,
        querystring: listQuerySchema(options.sortable),
        response: { 200: listResponseSchema(item), 400: errors[400], 401: errors[401] }
      }
    },
    async (request) => service.list(ctx, await request.actor(), request.query)
  );
  app.get(
    `/${path6}/:id`,
    {
      schema: {
        tags: tags19,
        params: IdParamsSchema,
        response: { 200: item, 400: errors[400], 401: errors[401], 404: errors[404] }
      }
    },
    async (request) => service.get(ctx, await request.actor(), request.params.id)
  );
  app.post(
    `/${path6}`,
    { schema: { tags: tags19, summary: "Create (admin)", body: options.createBody, response: { 201: item, ...admin } } },
    async (request, reply) => {
      const actor = await requireAdmin(request);
      const body = request.body;
      return reply.status(201).send(await service.create(ctx, body.data, actor));
    }
  );
  app.put(
    `/${path6}/:id`,
    {
      schema: {
        tags: tags19,
        summary: "Change (admin); fields left out stay as they are",
        params: IdParamsSchema,
        body: options.updateBody,
        response: { 200: item, ...admin, 404: errors[404] }
      }
    },
    async (request) => {
      const actor = await requireAdmin(request);
      const body = request.body;
      return service.update(ctx, request.params.id, body.data, actor);
    }
  );
  app.delete(
    `/${path6}/:id`,
    {
      schema: {
        tags: tags19,
        summary: "Delete (admin)",
        params: IdParamsSchema,
        response: { 204: NoContent, ...admin, 404: errors[404] }
      }
    },
    async (request, reply) => {
      const actor = await requireAdmin(request);
      await service.remove(ctx, request.params.id, actor);
      return reply.status(204).send(null);
    }
  );
}
__name(registerCatalogRoutes, "registerCatalogRoutes");

// src/modules/faqitems/faqitems.repository.ts
import { count as count11, desc as desc12, eq as eq23 } from "drizzle-orm";
var FAQ_SORTABLE = ["priority", "created", "updated", "active"];
async function listFaqItems(db, query, onlyActive) {
  const where = onlyActive ? eq23(faqItems.active, true) : void 0;
  const { offset, limit } = windowOf(query);
  const [rows3, [total]] = await Promise.all([
    db.select().from(faqItems).where(where).orderBy(...orderOf(query, faqItems, [desc12(faqItems.priority), desc12(faqItems.created)], faqItems.id)).offset(offset).limit(limit),
    db.select({ count: count11() }).from(faqItems).where(where)
  ]);
  return { rows: rows3, count: total?.count ?? 0 };
}
__name(listFaqItems, "listFaqItems");
async function findFaqItem(db, id) {
  const [row] = await db.select().from(faqItems).where(eq23(faqItems.id, id));
  return row;
}
__name(findFaqItem, "findFaqItem");
async function insertFaqItem(db, values) {
  const [row] = await db.insert(faqItems).values(values).returning();
  return row;
}
__name(insertFaqItem, "insertFaqItem");
async function updateFaqItem(db, id, values) {
  if (Object.values(values).every((v) => v === void 0)) return findFaqItem(db, id);
  const [row] = await db.update(faqItems).set(values).where(eq23(faqItems.id, id)).returning();
  return row;
}
__name(updateFaqItem, "updateFaqItem");
async function deleteFaqItem(db, id) {
  const rows3 = await db.delete(faqItems).where(eq23(faqItems.id, id)).returning({ id: faqItems.id });
  return rows3.length > 0;
}
__name(deleteFaqItem, "deleteFaqItem");

// src/modules/faqitems/faqitems.service.ts
function toFaqItem(row) {
  return { ...row, created: row.created.toISOString(), updated: row.updated.toISOString() };
}
__name(toFaqItem, "toFaqItem");
async function listFaqItems2(ctx, actor, query) {
  const { rows: rows3, count: count14 } = await listFaqItems(ctx.db, query, !isAdmin(actor));
  return { data: rows3.map(toFaqItem), metadata: { count: count14 } };
}
__name(listFaqItems2, "listFaqItems");
async function getFaqItem(ctx, actor, id) {
  const row = await findFaqItem(ctx.db, id);
  if (!row || !row.active && !isAdmin(actor)) throw AppError.notFound("FAQ item");
  return toFaqItem(row);
}
__name(getFaqItem, "getFaqItem");
async function createFaqItem(ctx, data) {
  return toFaqItem(await insertFaqItem(ctx.db, data));
}
__name(createFaqItem, "createFaqItem");
async function updateFaqItem2(ctx, id, data) {
  const row = await updateFaqItem(ctx.db, id, data);
  if (!row) throw AppError.notFound("FAQ item");
  return toFaqItem(row);
}
__name(updateFaqItem2, "updateFaqItem");
async function deleteFaqItem2(ctx, id) {
  if (!await deleteFaqItem(ctx.db, id)) throw AppError.notFound("FAQ item");
}
__name(deleteFaqItem2, "deleteFaqItem");

// src/modules/faqitems/faqitems.routes.ts
var faqitemsRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  registerCatalogRoutes(app, ctx, {
    path: "faqitems",
    listSummary: "FAQ items by priority (desc). Anonymous and users see active ones; admins see all.",
    item: FaqItemSchema,
    createBody: CreateFaqItemBodySchema,
    updateBody: UpdateFaqItemBodySchema,
    sortable: FAQ_SORTABLE,
    service: {
      list: listFaqItems2,
      get: getFaqItem,
      create: createFaqItem,
      update: updateFaqItem2,
      remove: deleteFaqItem2
    }
  });
}, "faqitemsRoutes");

// src/modules/feeds/feeds.verification.ts
import { createHmac as createHmac2, randomInt as randomInt2, timingSafeEqual as timingSafeEqual2 } from "node:crypto";
var CODE_MINUTES = 15;
var MAX_ATTEMPTS = 5;
function hashCode(ctx, tipjarId, code) {
  return createHmac2("sha256", ctx.config.JWT_SECRET).update(`feed-code:${tipjarId}:${code}`).digest("hex");
}
__name(hashCode, "hashCode");
function sameHash2(a, b) {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual2(left, right);
}
__name(sameHash2, "sameHash");
function alreadyVerified(field) {
  return AppError.field(
    ErrorCode.FeedAlreadyVerified,
    field,
    { key: "feedAlreadyVerified" },
    "Another tip jar has already verified this feed"
  );
}
__name(alreadyVerified, "alreadyVerified");
async function startFeedVerification(ctx, actor, tipjarId, locale) {
  const row = await loadManagedTipjar(ctx, actor, tipjarId);
  if (row.archivedAt) throw new AppError(ErrorCode.Conflict, "An archived tip jar cannot be changed");
  if (!row.rssUrl) {
    throw AppError.field(ErrorCode.Conflict, "rssUrl", { key: "required" }, "The tip jar has no feed yet");
  }
  const feedUrl = normalizeFeedUrl(row.rssUrl);
  if (row.feedVerifiedUrl === feedUrl) throw new AppError(ErrorCode.Conflict, "This feed is already verified");
  const feed = await readFeed(ctx, row.rssUrl).catch((error) => {
    throw error instanceof FeedFetchError ? feedError(error, locale, "rssUrl") : error;
  });
  if (!feed.ownerEmail) {
    throw AppError.field(
      ErrorCode.FeedNoOwnerEmail,
      "rssUrl",
      { key: "feedNoOwnerEmail" },
      "The feed names no owner e-mail address"
    );
  }
  const holder = await findTipjarByVerifiedFeed(ctx.db, feedUrl);
  if (holder && holder.id !== row.id) throw alreadyVerified("rssUrl");
  const code = String(randomInt2(0, 1e6)).padStart(6, "0");
  const expiresAt = new Date(Date.now() + CODE_MINUTES * 6e4);
  const mailLocale = await findUserLocale(ctx.db, actor.userId) ?? locale ?? DEFAULT_LOCALE;
  const mail = feedVerificationMail(mailLocale, {
    brand: ctx.config.BRAND_NAME,
    podcast: feed.title,
    tipjarName: row.name,
    code,
    minutes: CODE_MINUTES
  });
  await ctx.db.transaction(async (tx) => {
    await upsertVerification(tx, {
      tipjarId: row.id,
      feedUrl,
      email: feed.ownerEmail,
      codeHash: hashCode(ctx, row.id, code),
      expiresAt
    });
    await queueMail(tx, { to: feed.ownerEmail, ...mail });
  });
  await sendQueuedMail(ctx);
  return { sentTo: maskEmail(feed.ownerEmail), expiresAt: expiresAt.toISOString() };
}
__name(startFeedVerification, "startFeedVerification");
async function confirmFeedVerification(ctx, actor, tipjarId, code) {
  const row = await loadManagedTipjar(ctx, actor, tipjarId);
  let outcome;
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const check = await lockVerification(tx, row.id);
      if (!check) return "expired";
      if (check.expiresAt.getTime() <= Date.now() || check.attempts >= MAX_ATTEMPTS) {
        await deleteVerification(tx, row.id);
        return "expired";
      }
      if (!sameHash2(check.codeHash, hashCode(ctx, row.id, code))) {
        await countAttempt(tx, row.id);
        return "wrong";
      }
      const current = await lockTipjar(tx, row.id);
      if (!current?.rssUrl || normalizeFeedUrl(current.rssUrl) !== check.feedUrl) {
        await deleteVerification(tx, row.id);
        return "expired";
      }
      await updateTipjar(tx, row.id, { feedVerifiedUrl: check.feedUrl, feedVerifiedAt: /* @__PURE__ */ new Date() });
      await deleteVerification(tx, row.id);
      await ctx.feedSaved(tx, row.id);
      return "verified";
    });
  } catch (error) {
    if (isUniqueViolation(error, "tipjars_feed_verified_url_key")) throw alreadyVerified("code");
    throw error;
  }
  if (outcome === "wrong") throw AppError.field(ErrorCode.Validation, "code", { key: "codeWrong" }, "Wrong code");
  if (outcome === "expired") {
    throw AppError.field(ErrorCode.Validation, "code", { key: "codeExpired" }, "The code expired; ask for a new one");
  }
  return getTipjar(ctx, actor, row.id);
}
__name(confirmFeedVerification, "confirmFeedVerification");

// src/modules/feeds/feeds.routes.ts
var tags5 = ["feeds"];
var feedFailed = ErrorBodySchema.describe(
  "FEED_FAILED: the feed could not be read; `fields.url` (or `rssUrl`) names why: feedNotAFeed, feedNotFound, feedTooLarge, feedTooSlow, feedRefusedAddress, feedUnreachable. FEED_NO_OWNER_EMAIL: the feed names no owner address"
);
function localeOf(request) {
  return /^nl\b/i.test(String(request.headers["accept-language"] ?? "")) ? "nl" : "en";
}
__name(localeOf, "localeOf");
function perTipjar(what) {
  return (request) => `${what}:${request.params.id ?? ""}`;
}
__name(perTipjar, "perTipjar");
var feedsRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.post(
    "/feeds/preview",
    {
      // Each preview makes us request a stranger's URL (and its artwork): few per minute.
      config: { rateLimit: { max: /* @__PURE__ */ __name(() => ctx.config.FEED_PREVIEW_RATE_LIMIT_PER_MINUTE, "max"), timeWindow: "1 minute" } },
      schema: {
        tags: tags5,
        summary: "Read a podcast's RSS feed and answer what it prefills (name, description, website, a free slug, our stored copy of its artwork). Signed-in users; public http(s) addresses only, \u2264 10 MB, \u2264 5 redirects, 10 s.",
        body: FeedPreviewBodySchema,
        response: { 200: FeedPreviewSchema, 400: errors[400], 401: errors[401], 422: feedFailed, 429: errors[429] }
      }
    },
    async (request) => previewFeed(ctx, await requireUser(request), request.body.url, localeOf(request))
  );
  app.get(
    "/artworks/:id",
    {
      schema: {
        tags: tags5,
        summary: "A podcast's artwork as we stored it from its feed (JPEG, at most 600\xD7600). Public, never changes.",
        params: IdParamsSchema,
        ...fileResponse("JPEG image", ["image/jpeg"], { 400: errors[400], 404: errors[404] })
      }
    },
    async (request, reply) => {
      const artwork = await getArtwork(ctx, request.params.id);
      return reply.header("cache-control", "public, max-age=31536000, immutable").type(artwork.contentType).send(artwork.bytes);
    }
  );
  app.post(
    "/tipjars/:id/feed/verification",
    {
      // Per tip jar, so nobody can flood a feed owner's mailbox with codes.
      config: { rateLimit: { max: 5, timeWindow: "10 minutes", keyGenerator: perTipjar("feed-code") } },
      schema: {
        tags: tags5,
        summary: "Send a one-time code (6 digits, 15 minutes, 5 tries) to the owner e-mail named in the tip jar's feed (its admins). A new code replaces the previous one.",
        params: IdParamsSchema,
        response: {
          200: FeedVerificationStartedSchema,
          ...managedErrors,
          409: errors[409],
          422: feedFailed,
          429: errors[429]
        }
      }
    },
    async (request) => startFeedVerification(ctx, await requireUser(request), request.params.id, localeOf(request))
  );
  app.post(
    "/tipjars/:id/feed/verification/confirm",
    {
      config: { rateLimit: { max: 20, timeWindow: "10 minutes", keyGenerator: perTipjar("feed-confirm") } },
      schema: {
        tags: tags5,
        summary: "Enter the code: the tip jar is then a verified podcast (its storefront shows the mark). 409 FEED_ALREADY_VERIFIED when another tip jar verified this feed first.",
        params: IdParamsSchema,
        body: ConfirmFeedVerificationBodySchema,
        response: { 200: TipjarSchema, ...managedErrors, 409: errors[409], 429: errors[429] }
      }
    },
    async (request) => confirmFeedVerification(ctx, await requireUser(request), request.params.id, request.body.code)
  );
}, "feedsRoutes");

// src/modules/invoices/invoices.routes.ts
import { z as z7 } from "zod";

// src/lib/csv.ts
import { z as z6 } from "zod";
var CSV_SEPARATORS = { comma: ",", semicolon: ";" };
var CsvQuerySchema = z6.object({
  separator: z6.enum(Object.keys(CSV_SEPARATORS)).default("comma").describe("the cell separator: comma (default) or semicolon (Dutch Excel; amounts then with a decimal comma)")
});
var FORMULA_AFTER_BREAK = /(?<=[,;\r\n])(?=[=+@\t\r\uFF1D\uFF0B\uFF20]|[-\uFF0D]\S)/g;
function defuseInnerFormulas(text) {
  return text.replace(FORMULA_AFTER_BREAK, "'");
}
__name(defuseInnerFormulas, "defuseInnerFormulas");
var FORMULA_START = /* @__PURE__ */ new Set(["=", "+", "-", "@", "	", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]);
var BREAKS = /[,;\r\n]/;
var QUOTE_TEXT = /[",;\r\n]/;
function textCell(text) {
  if (text === "") return "";
  let value = BREAKS.test(text) ? defuseInnerFormulas(text) : text;
  if (FORMULA_START.has(value[0])) value = `'${value}`;
  if (!QUOTE_TEXT.test(value)) return value;
  return `"${value.includes('"') ? value.replaceAll('"', '""') : value}"`;
}
__name(textCell, "textCell");
function createCsvWriter(columns, { separator = "comma" } = {}) {
  const delimiter = CSV_SEPARATORS[separator];
  const decimalMark = delimiter === ";" ? "," : ".";
  const cells = columns.map(
    (c) => "cents" in c ? (row) => toDecimalEuros(c.cents(row), decimalMark) : "plain" in c ? c.plain : (row) => textCell(c.text(row) ?? "")
  );
  const line = /* @__PURE__ */ __name((row) => {
    let out = cells[0](row);
    for (let i = 1; i < cells.length; i++) out += delimiter + cells[i](row);
    return `${out}\r
`;
  }, "line");
  return {
    header: /* @__PURE__ */ __name(() => `\uFEFF${columns.map((c) => textCell(c.header)).join(delimiter)}\r
`, "header"),
    rows: /* @__PURE__ */ __name((rows3) => {
      let out = "";
      for (const row of rows3) out += line(row);
      return out;
    }, "rows")
  };
}
__name(createCsvWriter, "createCsvWriter");
function toCsv(columns, rows3, separator) {
  const writer = createCsvWriter(columns, { separator });
  return writer.header() + writer.rows(rows3);
}
__name(toCsv, "toCsv");

// src/modules/invoices/invoices.amounts.ts
function amountsOfLines(input) {
  const lines = input.map((l) => ({ ...l, totalExVat: l.quantity * l.unitPriceExVat }));
  const totalExVat = lines.reduce((sum, l) => sum + l.totalExVat, 0);
  const vat = percentOf(totalExVat, VAT_RATE_BPS);
  return { lines, totalExVat, vat, totalInclVat: totalExVat + vat };
}
__name(amountsOfLines, "amountsOfLines");
function monthOf(period) {
  const [y, m] = period.split("-").map(Number);
  return { start: new Date(Date.UTC(y, m - 1, 1)), end: new Date(Date.UTC(y, m, 1)) };
}
__name(monthOf, "monthOf");
function platformFeeAmounts(period, tipCount, feeCents, credits = { count: 0, fee: 0 }) {
  const fee = splitVat(feeCents);
  const lines = [
    {
      description: `Platform fee on ${tipCount} ${tipCount === 1 ? "tip" : "tips"} in ${period}`,
      text: { key: "platformFee", tips: tipCount, period },
      quantity: 1,
      unitPriceExVat: fee.net,
      totalExVat: fee.net
    }
  ];
  if (credits.count === 0) return { lines, totalExVat: fee.net, vat: fee.vat, totalInclVat: feeCents };
  const credit = splitVat(credits.fee);
  lines.push({
    description: `Platform fee refunded on ${credits.count} ${credits.count === 1 ? "refund or chargeback" : "refunds and chargebacks"}`,
    text: { key: "feeCredit", count: credits.count },
    quantity: 1,
    unitPriceExVat: -credit.net,
    totalExVat: -credit.net
  });
  return {
    lines,
    totalExVat: fee.net - credit.net,
    vat: fee.vat - credit.vat,
    totalInclVat: feeCents - credits.fee
  };
}
__name(platformFeeAmounts, "platformFeeAmounts");

// src/modules/invoices/invoices.audit.ts
var facts = /* @__PURE__ */ __name((row) => ({
  number: row.number,
  period: row.period,
  status: row.status,
  totalExVat: row.totalExVat,
  totalInclVat: row.totalInclVat
}), "facts");
var ACTION_OF_STATUS = {
  sent: "invoice.sent",
  paid: "invoice.paid",
  void: "invoice.voided"
};
async function auditInvoice(tx, actor, before, after) {
  const row = after ?? before;
  const about = { entityType: "invoice", entityId: row.id, tipjarId: row.tipjarId };
  if (!before) return recordAudit(tx, actor, { ...about, action: "invoice.created", after: facts(row) });
  if (!after) return recordAudit(tx, actor, { ...about, action: "invoice.deleted", before: facts(row) });
  const changes = changesOf(facts(before), facts(after), ["status", "totalExVat", "totalInclVat"]);
  if (!changes) return;
  const action = before.status !== after.status && ACTION_OF_STATUS[after.status] || "invoice.updated";
  await recordAudit(tx, actor, { ...about, action, ...changes, after: { number: after.number, ...changes.after } });
}
__name(auditInvoice, "auditInvoice");

// src/modules/invoices/invoices.repository.ts
import { and as and21, asc as asc10, count as count12, desc as desc13, eq as eq24, exists, gte as gte4, ilike as ilike6, lt as lt8, or as or10, sql as sql17 } from "drizzle-orm";
var INVOICE_SORTABLE_COLUMNS = {
  number: invoices.number,
  period: invoices.period,
  status: invoices.status,
  totalInclVat: invoices.totalInclVat,
  created: invoices.created,
  updated: invoices.updated
};
var invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  year: invoices.year,
  seq: invoices.seq,
  tipjarId: invoices.tipjarId,
  tipjarName: tipjars.name,
  period: invoices.period,
  status: invoices.status,
  lines: invoices.lines,
  totalExVat: invoices.totalExVat,
  vat: invoices.vat,
  totalInclVat: invoices.totalInclVat,
  issuedAt: invoices.issuedAt,
  sentAt: invoices.sentAt,
  created: invoices.created,
  updated: invoices.updated
};
async function listInvoices(db, query, filter) {
  const search = query.search ? or10(ilike6(invoices.number, likePattern(query.search)), ilike6(tipjars.name, likePattern(query.search))) : void 0;
  const where = and21(
    search,
    filter.tipjarId ? eq24(invoices.tipjarId, filter.tipjarId) : void 0,
    filter.status ? eq24(invoices.status, filter.status) : void 0,
    filter.period ? eq24(invoices.period, filter.period) : void 0
  );
  const { offset, limit } = windowOf(query);
  const [rows3, [total]] = await Promise.all([
    db.select(invoiceColumns).from(invoices).innerJoin(tipjars, eq24(tipjars.id, invoices.tipjarId)).where(where).orderBy(...orderOf(query, INVOICE_SORTABLE_COLUMNS, [desc13(invoices.year), desc13(invoices.seq)], invoices.id)).offset(offset).limit(limit),
    db.select({ count: count12() }).from(invoices).innerJoin(tipjars, eq24(tipjars.id, invoices.tipjarId)).where(where)
  ]);
  return { rows: rows3, count: total?.count ?? 0 };
}
__name(listInvoices, "listInvoices");
async function findInvoice(db, id, options = {}) {
  const query = db.select(invoiceColumns).from(invoices).innerJoin(tipjars, eq24(tipjars.id, invoices.tipjarId)).where(eq24(invoices.id, id));
  const [row] = options.forUpdate ? await query.for("update", { of: invoices }) : await query;
  return row;
}
__name(findInvoice, "findInvoice");
async function findInvoiceForPeriod(db, tipjarId, period) {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(and21(eq24(invoices.tipjarId, tipjarId), eq24(invoices.period, period)));
  return row;
}
__name(findInvoiceForPeriod, "findInvoiceForPeriod");
async function lockCounter(db, year) {
  await db.insert(invoiceCounters).values({ year, last: 0 }).onConflictDoNothing();
  const [row] = await db.select().from(invoiceCounters).where(eq24(invoiceCounters.year, year)).for("update");
  return row.last;
}
__name(lockCounter, "lockCounter");
async function setCounter(db, year, last) {
  await db.update(invoiceCounters).set({ last }).where(eq24(invoiceCounters.year, year));
}
__name(setCounter, "setCounter");
async function insertInvoice(db, values) {
  const [row] = await db.insert(invoices).values(values).returning({ id: invoices.id });
  return row.id;
}
__name(insertInvoice, "insertInvoice");
async function updateInvoice(db, id, values) {
  await db.update(invoices).set(values).where(eq24(invoices.id, id));
}
__name(updateInvoice, "updateInvoice");
async function deleteInvoice(db, id) {
  await db.delete(invoices).where(eq24(invoices.id, id));
}
__name(deleteInvoice, "deleteInvoice");
async function listDraftIds(db) {
  const rows3 = await db.select({ id: invoices.id }).from(invoices).where(eq24(invoices.status, "draft")).orderBy(asc10(invoices.year), asc10(invoices.seq));
  return rows3.map((r) => r.id);
}
__name(listDraftIds, "listDraftIds");
async function feesPerTipjar(db, start, end, tipjarId, options = {}) {
  return db.select({
    tipjarId: tips.tipjarId,
    tips: count12(),
    fee: sql17`coalesce(sum(${tips.fee}), 0)`.mapWith(Number)
  }).from(tips).where(
    and21(
      gte4(tips.completedAt, start),
      lt8(tips.completedAt, end),
      tipjarId ? eq24(tips.tipjarId, tipjarId) : void 0,
      // Tip jars with a merchant at the provider: those whose tips are paid out.
      options.withMerchantOnly ? exists(db.select({ one: sql17`1` }).from(oppMerchants).where(eq24(oppMerchants.tipjarId, tips.tipjarId))) : void 0
    )
  ).groupBy(tips.tipjarId).orderBy(asc10(tips.tipjarId));
}
__name(feesPerTipjar, "feesPerTipjar");
async function completedTipsOf(db, tipjarId, start, end) {
  return db.select({ id: tips.id, completedAt: tips.completedAt, amount: tips.amount, fee: tips.fee }).from(tips).where(and21(eq24(tips.tipjarId, tipjarId), gte4(tips.completedAt, start), lt8(tips.completedAt, end))).orderBy(asc10(tips.completedAt), asc10(tips.id));
}
__name(completedTipsOf, "completedTipsOf");
async function findRecipient(db, tipjarId) {
  const [row] = await db.select({
    email: tipjars.contactEmail,
    name: tipjars.name,
    companyName: tipjars.companyName,
    cocNumber: tipjars.cocNumber,
    vatNumber: tipjars.vatNumber,
    locale: users.locale,
    address: users.address
  }).from(tipjars).leftJoin(tipjarAdmins, eq24(tipjarAdmins.tipjarId, tipjars.id)).leftJoin(users, eq24(users.id, tipjarAdmins.userId)).where(eq24(tipjars.id, tipjarId)).orderBy(asc10(tipjarAdmins.created)).limit(1);
  return row;
}
__name(findRecipient, "findRecipient");

// src/modules/invoices/invoices.views.ts
function toInvoice(row) {
  return {
    id: row.id,
    number: row.number,
    tipjarId: row.tipjarId,
    tipjarName: row.tipjarName,
    period: row.period,
    status: row.status,
    lines: row.lines,
    totalExVat: row.totalExVat,
    vat: row.vat,
    totalInclVat: row.totalInclVat,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    created: row.created.toISOString(),
    updated: row.updated.toISOString()
  };
}
__name(toInvoice, "toInvoice");

// src/modules/invoices/invoices.files.ts
function sellerOf(config) {
  return {
    name: config.SELLER_NAME,
    address: config.SELLER_ADDRESS.split(";").map((line) => line.trim()).filter(Boolean),
    coc: config.SELLER_COC,
    vatNumber: config.SELLER_VAT_NUMBER,
    iban: config.SELLER_IBAN,
    paymentTermDays: config.SELLER_PAYMENT_TERM_DAYS
  };
}
__name(sellerOf, "sellerOf");
async function pdfOf(ctx, row, known) {
  const recipient = known ?? await findRecipient(ctx.db, row.tipjarId);
  return {
    filename: `invoice-${row.number}.pdf`,
    contentType: "application/pdf",
    // pdfkit (with its fonts) loads with the first invoice a process draws (decision 040).
    body: await (await import("./invoice-pdf-M2FVSYSQ.js")).invoicePdf({
      locale: recipient?.locale ?? "en",
      invoice: toInvoice(row),
      seller: sellerOf(ctx.config),
      recipient: {
        name: recipient?.name ?? row.tipjarName,
        email: recipient?.email ?? "",
        companyName: recipient?.companyName,
        address: recipient?.address,
        cocNumber: recipient?.cocNumber,
        vatNumber: recipient?.vatNumber
      }
    })
  };
}
__name(pdfOf, "pdfOf");
var SETTLEMENT_COLUMNS = [
  { header: "date", text: /* @__PURE__ */ __name((r) => r.date?.toISOString(), "text") },
  { header: "tipId", text: /* @__PURE__ */ __name((r) => r.tipId, "text") },
  { header: "amount", cents: /* @__PURE__ */ __name((r) => r.amount, "cents") },
  { header: "fee", cents: /* @__PURE__ */ __name((r) => r.fee, "cents") }
];
async function settlementsCsvOf(ctx, row, separator) {
  const month = row.period ? monthOf(row.period) : null;
  const paid = month ? await completedTipsOf(ctx.db, row.tipjarId, month.start, month.end) : [];
  const credited = month ? await listInvoiceCredits(ctx.db, row.id) : [];
  const tips2 = [
    ...paid.map((tip) => ({ date: tip.completedAt, tipId: tip.id, amount: tip.amount, fee: tip.fee })),
    ...credited.map((r) => ({ date: r.created, tipId: r.tipId, amount: -r.amount, fee: -r.feeCredit }))
  ];
  return {
    filename: `invoice-${row.number}-settlements.csv`,
    contentType: "text/csv; charset=utf-8",
    body: toCsv(SETTLEMENT_COLUMNS, tips2, separator)
  };
}
__name(settlementsCsvOf, "settlementsCsvOf");
function fileOf(ctx, row, download) {
  return download.what === "pdf" ? pdfOf(ctx, row) : settlementsCsvOf(ctx, row, download.separator);
}
__name(fileOf, "fileOf");

// src/modules/invoices/invoices.service.ts
var NOT_ONCE = /* @__PURE__ */ __name(() => new AppError(ErrorCode.Conflict, "This tip jar already has an invoice for that month"), "NOT_ONCE");
async function createNumbered(ctx, tipjarId, period, amounts, options) {
  const year = (/* @__PURE__ */ new Date()).getUTCFullYear();
  return ctx.db.transaction(async (tx) => {
    const last = await lockCounter(tx, year);
    if (period && await findInvoiceForPeriod(tx, tipjarId, period)) {
      if (options.skipIfExists) return null;
      throw NOT_ONCE();
    }
    const a = typeof amounts === "function" ? await amounts(tx) : amounts;
    const seq = last + 1;
    await setCounter(tx, year, seq);
    const id = await insertInvoice(tx, {
      number: `${year}-${String(seq).padStart(4, "0")}`,
      year,
      seq,
      tipjarId,
      period,
      status: "draft",
      ...a
    });
    if (options.takeCreditsBefore && typeof amounts === "function") {
      const taken = await claimFeeCredits(tx, tipjarId, options.takeCreditsBefore, id);
      if (taken.length > 0) {
        const credits = { count: taken.length, fee: taken.reduce((sum, r) => sum + r.feeCredit, 0) };
        await updateInvoice(tx, id, await amounts(tx, credits));
      }
    }
    await auditInvoice(tx, options.actor, void 0, await findInvoice(tx, id));
    return id;
  });
}
__name(createNumbered, "createNumbered");
async function getRow(ctx, id) {
  const row = await findInvoice(ctx.db, id);
  if (!row) throw AppError.notFound("Invoice");
  return row;
}
__name(getRow, "getRow");
async function feeInvoiceAmounts(db, tipjarId, period, credits) {
  const { start, end } = monthOf(period);
  const [fees] = await feesPerTipjar(db, start, end, tipjarId);
  return platformFeeAmounts(period, fees?.tips ?? 0, fees?.fee ?? 0, credits);
}
__name(feeInvoiceAmounts, "feeInvoiceAmounts");
async function createInvoice(ctx, actor, data) {
  assertAdmin(actor);
  const tipjar = await findTipjar(ctx.db, data.tipjarId);
  if (!tipjar) throw AppError.field(ErrorCode.Validation, "data.tipjarId", { key: "invalid" }, "Unknown tip jar");
  const id = await createNumbered(ctx, tipjar.id, data.period ?? null, amountsOfLines(data.lines), { actor });
  return toInvoice(await getRow(ctx, id));
}
__name(createInvoice, "createInvoice");
async function createTipjarInvoice(ctx, actor, tipjarId, data) {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  assertAdmin(actor);
  const period = data.period ?? null;
  if (data.lines) {
    const id2 = await createNumbered(ctx, tipjar.id, period, amountsOfLines(data.lines), { actor });
    return toInvoice(await getRow(ctx, id2));
  }
  const id = await createNumbered(
    ctx,
    tipjar.id,
    period,
    (tx, credits) => feeInvoiceAmounts(tx, tipjar.id, period, credits),
    { actor, takeCreditsBefore: monthOf(period).end }
  );
  return toInvoice(await getRow(ctx, id));
}
__name(createTipjarInvoice, "createTipjarInvoice");
async function batchCreateInvoices(ctx, actor, period) {
  assertAdmin(actor);
  if (!isFinishedPeriod(period)) {
    throw AppError.field(
      ErrorCode.Validation,
      "data.period",
      { key: "periodNotFinished" },
      "Only a finished month can be invoiced in a batch"
    );
  }
  const { start, end } = monthOf(period);
  let created = 0;
  for (const fees of await feesPerTipjar(ctx.db, start, end, void 0, { withMerchantOnly: true })) {
    const id = await createNumbered(
      ctx,
      fees.tipjarId,
      period,
      (_tx, credits) => platformFeeAmounts(period, fees.tips, fees.fee, credits),
      { actor, skipIfExists: true, takeCreditsBefore: end }
    );
    if (id) created += 1;
  }
  return { count: created };
}
__name(batchCreateInvoices, "batchCreateInvoices");
async function listInvoices2(ctx, actor, query) {
  assertAdmin(actor);
  const { rows: rows3, count: count14 } = await listInvoices(ctx.db, query, query);
  return { data: rows3.map(toInvoice), metadata: { count: count14 } };
}
__name(listInvoices2, "listInvoices");
async function listTipjarInvoices(ctx, actor, tipjarId, query) {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const { rows: rows3, count: count14 } = await listInvoices(ctx.db, query, { ...query, tipjarId: tipjar.id });
  return { data: rows3.map(toInvoice), metadata: { count: count14 } };
}
__name(listTipjarInvoices, "listTipjarInvoices");
async function getInvoice(ctx, actor, id) {
  assertAdmin(actor);
  return toInvoice(await getRow(ctx, id));
}
__name(getInvoice, "getInvoice");
async function getTipjarRow(ctx, actor, tipjarId, invoiceId) {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const row = await findInvoice(ctx.db, invoiceId);
  if (!row || row.tipjarId !== tipjar.id) throw AppError.notFound("Invoice");
  return row;
}
__name(getTipjarRow, "getTipjarRow");
async function getTipjarInvoice(ctx, actor, tipjarId, invoiceId) {
  return toInvoice(await getTipjarRow(ctx, actor, tipjarId, invoiceId));
}
__name(getTipjarInvoice, "getTipjarInvoice");
function refuse(from, to) {
  return new AppError(ErrorCode.InvalidTransition, `A ${from} invoice cannot become ${to}`);
}
__name(refuse, "refuse");
async function updateInvoice2(ctx, actor, id, data) {
  assertAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const row = await findInvoice(tx, id, { forUpdate: true });
    if (!row) throw AppError.notFound("Invoice");
    if (data.lines && !isInvoiceEditable(row.status)) {
      throw new AppError(ErrorCode.InvalidTransition, "Only draft invoices can be changed");
    }
    if (data.status && data.status !== row.status && !canTransitionInvoice(row.status, data.status)) {
      throw refuse(row.status, data.status);
    }
    await updateInvoice(tx, id, {
      ...data.lines ? amountsOfLines(data.lines) : {},
      ...data.status ? { status: data.status } : {}
    });
    if (data.status === "void" && row.status !== "void") await releaseFeeCredits(tx, id);
    await auditInvoice(tx, actor, row, await findInvoice(tx, id));
  });
  return toInvoice(await getRow(ctx, id));
}
__name(updateInvoice2, "updateInvoice");
async function deleteInvoice2(ctx, actor, id) {
  assertAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const row = await findInvoice(tx, id);
    if (!row) throw AppError.notFound("Invoice");
    const last = await lockCounter(tx, row.year);
    if (row.status !== "draft") throw new AppError(ErrorCode.InvalidTransition, "Only draft invoices can be deleted");
    if (row.seq !== last) {
      throw new AppError(
        ErrorCode.InvalidTransition,
        "Only the latest invoice number can be deleted (numbers stay gap-free); void this invoice instead"
      );
    }
    await deleteInvoice(tx, id);
    await setCounter(tx, row.year, last - 1);
    await auditInvoice(tx, actor, row, void 0);
  });
}
__name(deleteInvoice2, "deleteInvoice");
async function downloadInvoice(ctx, actor, id, download) {
  assertAdmin(actor);
  return fileOf(ctx, await getRow(ctx, id), download);
}
__name(downloadInvoice, "downloadInvoice");
async function downloadTipjarInvoice(ctx, actor, tipjarId, invoiceId, download) {
  return fileOf(ctx, await getTipjarRow(ctx, actor, tipjarId, invoiceId), download);
}
__name(downloadTipjarInvoice, "downloadTipjarInvoice");
async function sendOne2(ctx, actor, id) {
  const row = await ctx.db.transaction(async (tx) => {
    const draft = await findInvoice(tx, id, { forUpdate: true });
    if (!draft) throw AppError.notFound("Invoice");
    if (!canTransitionInvoice(draft.status, "sent")) throw refuse(draft.status, "sent");
    const now = /* @__PURE__ */ new Date();
    await updateInvoice(tx, id, { status: "sent", sentAt: now, issuedAt: now });
    const sent = await findInvoice(tx, id);
    await auditInvoice(tx, actor, draft, sent);
    await queueInvoiceMail(ctx, tx, sent);
    return sent;
  });
  ctx.outbox.kick();
  return row;
}
__name(sendOne2, "sendOne");
async function queueInvoiceMail(ctx, tx, row) {
  const recipient = await findRecipient(tx, row.tipjarId);
  if (!recipient) return;
  const pdf = await pdfOf(ctx, row, recipient);
  const mail = invoiceMail(recipient.locale ?? "en", {
    brand: ctx.config.BRAND_NAME,
    tipjarName: recipient.name,
    number: row.number,
    totalInclVat: row.totalInclVat,
    period: row.period
  });
  await queueMail(
    tx,
    {
      to: recipient.email,
      ...mail,
      attachments: [{ filename: pdf.filename, content: pdf.body, contentType: pdf.contentType }]
    },
    { dedupeKey: `invoice:${row.id}` }
  );
}
__name(queueInvoiceMail, "queueInvoiceMail");
async function sendInvoice(ctx, actor, id) {
  assertAdmin(actor);
  return toInvoice(await sendOne2(ctx, actor, id));
}
__name(sendInvoice, "sendInvoice");
async function batchSendInvoices(ctx, actor) {
  assertAdmin(actor);
  let sent = 0;
  for (const id of await listDraftIds(ctx.db)) {
    try {
      await sendOne2(ctx, actor, id);
      sent += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return { count: sent };
}
__name(batchSendInvoices, "batchSendInvoices");

// src/modules/invoices/invoices.routes.ts
var tags6 = ["invoices"];
var TipjarInvoiceParamsSchema = childParams("invoiceId");
var adminOnly = adminErrors;
var managed2 = managedErrors;
var FilterSchema2 = z7.object({ status: z7.enum(INVOICE_STATUSES).optional(), period: PeriodSchema.optional() });
var TipjarListQuerySchema = listQuerySchema(INVOICE_SORTABLE).and(FilterSchema2);
var ListQuerySchema = listQuerySchema(INVOICE_SORTABLE).and(FilterSchema2.extend({ tipjarId: z7.uuid().optional() }));
var EmptyBodySchema = z7.strictObject({});
var invoicesRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.get(
    "/invoices",
    {
      schema: {
        tags: tags6,
        summary: "All invoices, newest number first (platform admins). `search` looks in number and tip jar name.",
        querystring: ListQuerySchema,
        response: { 200: listResponseSchema(InvoiceSchema), ...adminOnly }
      }
    },
    async (request) => listInvoices2(ctx, await requireAdmin(request), request.query)
  );
  app.post(
    "/invoices",
    {
      schema: {
        tags: tags6,
        summary: "Create a draft invoice with lines priced excluding VAT; VAT 21 % is added (platform admins).",
        body: CreateInvoiceBodySchema,
        response: { 201: InvoiceSchema, ...adminOnly, 409: errors[409] }
      }
    },
    async (request, reply) => reply.status(201).send(await createInvoice(ctx, await requireAdmin(request), request.body.data))
  );
  app.post(
    "/invoices/batch/create",
    {
      schema: {
        tags: tags6,
        summary: "Create the month's platform-fee draft invoices for every tip jar with completed tips in it; once per tip jar and month (platform admins). `count` is how many were made.",
        body: BatchCreateInvoicesBodySchema,
        response: { 200: BatchResultSchema, ...adminOnly }
      }
    },
    async (request) => batchCreateInvoices(ctx, await requireAdmin(request), request.body.data.period)
  );
  app.post(
    "/invoices/batch/send",
    {
      schema: {
        tags: tags6,
        summary: "Send every draft invoice (platform admins). `count` is how many were sent.",
        body: EmptyBodySchema,
        response: { 200: BatchResultSchema, ...adminOnly }
      }
    },
    async (request) => batchSendInvoices(ctx, await requireAdmin(request))
  );
  app.get(
    "/invoices/:id",
    { schema: { tags: tags6, params: IdParamsSchema, response: { 200: InvoiceSchema, ...adminOnly, 404: errors[404] } } },
    async (request) => getInvoice(ctx, await requireAdmin(request), request.params.id)
  );
  app.put(
    "/invoices/:id",
    {
      schema: {
        tags: tags6,
        summary: "Change the lines of a draft, or mark an invoice paid (from sent) or void (from draft or sent).",
        params: IdParamsSchema,
        body: UpdateInvoiceBodySchema,
        response: { 200: InvoiceSchema, ...adminOnly, 404: errors[404], 409: errors[409] }
      }
    },
    async (request) => updateInvoice2(ctx, await requireAdmin(request), request.params.id, request.body.data)
  );
  app.delete(
    "/invoices/:id",
    {
      schema: {
        tags: tags6,
        summary: "Delete a draft that holds the latest number of its year (else void it: numbers stay gap-free).",
        params: IdParamsSchema,
        response: { 204: NoContent, ...adminOnly, 404: errors[404], 409: errors[409] }
      }
    },
    async (request, reply) => {
      await deleteInvoice2(ctx, await requireAdmin(request), request.params.id);
      return reply.status(204).send(null);
    }
  );
  app.post(
    "/invoices/:id/send",
    {
      schema: {
        tags: tags6,
        summary: "Mail a draft invoice with its PDF to the tip jar's contact address and mark it sent.",
        params: IdParamsSchema,
        body: EmptyBodySchema,
        response: { 200: InvoiceSchema, ...adminOnly, 404: errors[404], 409: errors[409] }
      }
    },
    async (request) => sendInvoice(ctx, await requireAdmin(request), request.params.id)
  );
  app.get(
    "/invoices/:id/download",
    {
      schema: {
        tags: tags6,
        summary: "The invoice as PDF (platform admins).",
        params: IdParamsSchema,
        ...fileResponse("PDF file", ["application/pdf"])
      }
    },
    async (request, reply) => sendFile(
      reply,
      await downloadInvoice(ctx, await requireAdmin(request), request.params.id, { what: "pdf" })
    )
  );
  app.get(
    "/invoices/:id/download/settlements",
    {
      schema: {
        tags: tags6,
        summary: "The settlement specification as CSV: the period's completed tips (platform admins).",
        params: IdParamsSchema,
        querystring: CsvQuerySchema,
        ...fileResponse("CSV file", ["text/csv"])
      }
    },
    async (request, reply) => sendFile(
      reply,
      await downloadInvoice(ctx, await requireAdmin(request), request.params.id, {
        what: "settlements",
        separator: request.query.separator
      })
    )
  );
  app.get(
    "/tipjars/:id/invoices",
    {
      schema: {
        tags: tags6,
        summary: "A tip jar's invoices (its admins and platform admins).",
        params: IdParams,
        querystring: TipjarListQuerySchema,
        response: { 200: listResponseSchema(InvoiceSchema), ...managed2 }
      }
    },
    async (request) => listTipjarInvoices(ctx, await requireUser(request), request.params.id, request.query)
  );
  app.post(
    "/tipjars/:id/invoices",
    {
      schema: {
        tags: tags6,
        summary: "Create a tip jar's draft invoice (platform admins): with lines, those; with only a period, that month's platform-fee invoice.",
        params: IdParams,
        body: CreateTipjarInvoiceBodySchema,
        response: { 201: InvoiceSchema, ...managed2, 403: errors[403], 409: errors[409] }
      }
    },
    async (request, reply) => reply.status(201).send(await createTipjarInvoice(ctx, await requireUser(request), request.params.id, request.body.data))
  );
  app.get(
    "/tipjars/:id/invoices/:invoiceId",
    { schema: { tags: tags6, params: TipjarInvoiceParamsSchema, response: { 200: InvoiceSchema, ...managed2 } } },
    async (request) => getTipjarInvoice(ctx, await requireUser(request), request.params.id, request.params.invoiceId)
  );
  app.get(
    "/tipjars/:id/invoices/:invoiceId/download",
    { schema: { tags: tags6, params: TipjarInvoiceParamsSchema, ...fileResponse("PDF file", ["application/pdf"]) } },
    async (request, reply) => sendFile(
      reply,
      await downloadTipjarInvoice(
        ctx,
        await requireUser(request),
        request.params.id,
        request.params.invoiceId,
        { what: "pdf" }
      )
    )
  );
  app.get(
    "/tipjars/:id/invoices/:invoiceId/download/settlements",
    {
      schema: {
        tags: tags6,
        params: TipjarInvoiceParamsSchema,
        querystring: CsvQuerySchema,
        ...fileResponse("CSV file", ["text/csv"])
      }
    },
    async (request, reply) => sendFile(
      reply,
      await downloadTipjarInvoice(
        ctx,
        await requireUser(request),
        request.params.id,
        request.params.invoiceId,
        {
          what: "settlements",
          separator: request.query.separator
        }
      )
    )
  );
}, "invoicesRoutes");

// src/modules/merchants/merchants.routes.ts
import { z as z8 } from "zod";

// src/modules/merchants/merchants.registration.ts
import { createHash as createHash5 } from "node:crypto";
async function createMerchant(ctx, actor, tipjarId, data) {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const existing = await findMerchantOfTipjar(ctx.db, tipjarId);
  if (existing?.bankAccountUid) {
    throw new AppError(ErrorCode.Conflict, "This tip jar is already registered with the payment provider");
  }
  const locale = data.locale ?? await findUserLocale(ctx.db, actor.userId) ?? DEFAULT_LOCALE;
  const returnUrl = registrationUrl(ctx, tipjar.slug, locale);
  const row = existing ?? await registerAtProvider(ctx, actor, tipjar, merchantRequest(ctx, actor, tipjar, data, locale, returnUrl));
  return toMerchantView(await ensureBankAccount(ctx, row, returnUrl));
}
__name(createMerchant, "createMerchant");
function merchantRequest(ctx, actor, tipjar, data, locale, returnUrl) {
  const isBusiness = tipjar.type === "BUSINESS";
  if (isBusiness) {
    const missing = {
      ...tipjar.companyName ? {} : { "data.companyName": { key: "required" } },
      ...tipjar.cocNumber ? {} : { "data.cocNumber": { key: "required" } }
    };
    if (Object.keys(missing).length > 0) {
      throw new AppError(ErrorCode.Validation, "A business needs its company name and CoC number first", missing);
    }
  }
  const phone = (normalizePhoneNumber(tipjar.contactPhone ?? "") ?? "").replace(/^\+/, "");
  return {
    type: isBusiness ? "business" : "consumer",
    country: data.country,
    emailaddress: (data.email ?? tipjar.contactEmail).trim().toLowerCase(),
    ...phone ? { phone } : {},
    notify_url: notifyUrlOf(ctx),
    return_url: returnUrl,
    // The maker reads the provider's verification screens and mails in their own language.
    locale,
    ...isBusiness ? {
      legal_name: tipjar.companyName,
      coc_nr: tipjar.cocNumber,
      ...tipjar.vatNumber ? { vat_nr: tipjar.vatNumber } : {},
      trading_names: [{ name: tipjar.name }]
    } : { name_first: data.firstName, name_last: data.lastName },
    metadata: { tipjar_id: tipjar.id, user_id: actor.userId }
  };
}
__name(merchantRequest, "merchantRequest");
function merchantKey(tipjarId, request) {
  return `merchant-${tipjarId}-${createHash5("sha256").update(JSON.stringify(request)).digest("hex").slice(0, 16)}`;
}
__name(merchantKey, "merchantKey");
async function registerAtProvider(ctx, actor, tipjar, request) {
  let merchant;
  try {
    merchant = await ctx.opp.createMerchant(request, merchantKey(tipjar.id, request));
  } catch (err) {
    if (!isEmailTakenAtProvider(err)) throw refusedFields(err) ?? providerFailed(ctx, err);
    merchant = await adoptOwnMerchant(ctx, actor, tipjar, request);
  }
  return linkMerchant(ctx, actor, tipjar.id, merchant);
}
__name(registerAtProvider, "registerAtProvider");
async function adoptOwnMerchant(ctx, actor, tipjar, request) {
  let candidates;
  try {
    candidates = await ctx.opp.findMerchantsByEmail(request.emailaddress);
  } catch (err) {
    throw providerFailed(ctx, err);
  }
  for (const merchant of candidates) {
    const ofThisTipjar = merchant.metadata.tipjar_id === tipjar.id;
    const unlinkedOfThisMaker = merchant.metadata.user_id === actor.userId && merchant.type === request.type && !await findMerchantByUid(ctx.db, merchant.uid);
    if (ofThisTipjar || unlinkedOfThisMaker) {
      ctx.log.info({ tipjarId: tipjar.id, merchantUid: merchant.uid }, "adopting the existing merchant of this e-mail");
      return merchant;
    }
  }
  throw merchantEmailTaken();
}
__name(adoptOwnMerchant, "adoptOwnMerchant");
async function linkMerchant(ctx, actor, tipjarId, merchant) {
  const inserted = await ctx.db.transaction(async (tx) => {
    const row2 = await insertMerchant(tx, {
      tipjarId,
      merchantUid: merchant.uid,
      ...stateOf(merchant, null)
    });
    if (row2) await recordAudit(tx, actor, merchantChange("merchant.registered", row2));
    return row2;
  });
  if (inserted) return inserted;
  const row = await findMerchantOfTipjar(ctx.db, tipjarId);
  if (!row) throw merchantEmailTaken();
  return row;
}
__name(linkMerchant, "linkMerchant");
async function ensureBankAccount(ctx, row, returnUrl) {
  let bank;
  try {
    bank = await defaultBankAccount(ctx, row.merchantUid) ?? await ctx.opp.createBankAccount(
      row.merchantUid,
      { return_url: returnUrl, notify_url: notifyUrlOf(ctx), is_default: true },
      `bank-account-${row.merchantUid}`
    );
  } catch (err) {
    throw providerFailed(ctx, err);
  }
  const updated = await saveMerchantState(ctx, row, bankStateOf(bank)) ?? row;
  return refreshMerchant(ctx, updated);
}
__name(ensureBankAccount, "ensureBankAccount");
function isEmailTakenAtProvider(err) {
  return isRefusal2(err) && "emailaddress" in err.parameters;
}
__name(isEmailTakenAtProvider, "isEmailTakenAtProvider");
function isRefusal2(err) {
  return err instanceof OppError && err.status >= 400 && err.status < 500;
}
__name(isRefusal2, "isRefusal");
var FIELD_OF_PROVIDER_FIELD = {
  name_first: "data.firstName",
  name_last: "data.lastName",
  coc_nr: "data.cocNumber",
  legal_name: "data.companyName"
};
function refusedFields(err) {
  if (!isRefusal2(err)) return null;
  const refused = Object.entries(err.parameters);
  if (refused.length === 0 || !refused.every(([name]) => name in FIELD_OF_PROVIDER_FIELD)) return null;
  const fields = Object.fromEntries(
    refused.map(([name, messages]) => [
      FIELD_OF_PROVIDER_FIELD[name],
      { key: "providerRejected", params: { message: messages.join(" ") || name } }
    ])
  );
  return new AppError(ErrorCode.Validation, "The payment provider did not accept these details", fields);
}
__name(refusedFields, "refusedFields");
function merchantEmailTaken() {
  return AppError.field(
    ErrorCode.EmailTaken,
    "data.email",
    { key: "merchantEmailTaken" },
    "This e-mail address is already registered with the payment provider; use another address for this tip jar"
  );
}
__name(merchantEmailTaken, "merchantEmailTaken");

// src/modules/merchants/merchants.routes.ts
var tags7 = ["merchants"];
var common = managedErrors;
var merchantsRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.get(
    "/tipjars/:id/oppmerchant",
    {
      schema: {
        tags: tags7,
        summary: "The tip jar's merchant, freshly read from the provider (its admins, platform admins)",
        params: IdParamsSchema,
        response: { 200: OppMerchantSchema, ...common }
      }
    },
    async (request) => getMerchant(ctx, await requireUser(request), request.params.id)
  );
  app.post(
    "/tipjars/:id/oppmerchant",
    {
      schema: {
        tags: tags7,
        summary: "Register the maker with the payment provider: merchant + bank account to verify on its pages",
        params: IdParamsSchema,
        body: CreateMerchantBodySchema,
        response: { 201: OppMerchantSchema, ...common, 409: errors[409], 502: ErrorBodySchema }
      }
    },
    async (request, reply) => reply.status(201).send(await createMerchant(ctx, await requireUser(request), request.params.id, request.body.data))
  );
  app.post(
    "/tipjars/:id/oppmerchant/connect",
    {
      schema: {
        tags: tags7,
        summary: "Link an existing merchant of the partner account (platform admins)",
        params: IdParamsSchema,
        body: ConnectMerchantBodySchema,
        response: { 200: OppMerchantSchema, ...common, 403: errors[403], 409: errors[409] }
      }
    },
    async (request) => connectMerchant(ctx, await requireUser(request), request.params.id, request.body.merchantUid)
  );
  app.post(
    "/tipjars/:id/oppmerchant/migrate",
    {
      schema: {
        tags: tags7,
        summary: "Turn a consumer merchant into a business merchant (same uid)",
        params: IdParamsSchema,
        body: MigrateMerchantBodySchema,
        response: { 200: OppMerchantSchema, ...common, 409: errors[409], 502: ErrorBodySchema }
      }
    },
    async (request) => migrateMerchant(ctx, await requireUser(request), request.params.id, request.body.data)
  );
  app.post(
    "/tipjars/:id/oppmerchant/disconnect",
    {
      schema: {
        tags: tags7,
        summary: "Unlink the merchant from the tip jar (platform admins); the provider keeps it",
        params: IdParamsSchema,
        body: z8.object({}).optional(),
        response: { 204: NoContent, ...common, 403: errors[403] }
      }
    },
    async (request, reply) => {
      await disconnectMerchant(ctx, await requireUser(request), request.params.id);
      return reply.status(204).send(null);
    }
  );
}, "merchantsRoutes");

// src/modules/paymentmethods/paymentmethods.routes.ts
var paymentmethodsRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  registerCatalogRoutes(app, ctx, {
    path: "paymentmethods",
    listSummary: "Payment methods by priority (desc). Anonymous and users see active ones; admins see all.",
    item: PaymentMethodSchema,
    createBody: CreatePaymentMethodBodySchema,
    updateBody: UpdatePaymentMethodBodySchema,
    sortable: PAYMENT_METHOD_SORTABLE,
    service: {
      list: listPaymentMethods2,
      get: getPaymentMethod,
      create: createPaymentMethod,
      update: updatePaymentMethod2,
      remove: deletePaymentMethod2
    }
  });
  app.post(
    "/paymentmethods/:id/issuers/sync",
    {
      schema: {
        tags: ["paymentmethods"],
        summary: "Refresh the bank list from the payment provider (admin)",
        params: IdParamsSchema,
        response: {
          200: PaymentMethodSchema,
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
          502: ErrorBodySchema
        }
      }
    },
    async (request) => {
      await requireAdmin(request);
      return syncIssuers(ctx, request.params.id);
    }
  );
}, "paymentmethodsRoutes");

// src/modules/privacy/privacy.routes.ts
import { z as z9 } from "zod";

// src/modules/privacy/privacy.service.ts
import { strToU8, zipSync } from "fflate";

// src/modules/privacy/privacy.repository.ts
import { randomBytes as randomBytes4 } from "node:crypto";
import { asc as asc11, eq as eq25, inArray as inArray14, or as or11, sql as sql18 } from "drizzle-orm";
function tipsOf(email, monthlyTipIds) {
  const byAddress = sql18`lower(${tips.email}) = ${email.toLowerCase()}`;
  return monthlyTipIds.length > 0 ? or11(byAddress, inArray14(tips.recurringTipId, monthlyTipIds)) : byAddress;
}
__name(tipsOf, "tipsOf");
async function readPersonalData(db, userId) {
  const [profile] = await db.select({
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    phoneNumber: users.phoneNumber,
    address: users.address,
    locale: users.locale,
    role: users.role,
    created: users.created,
    updated: users.updated
  }).from(users).where(eq25(users.id, userId));
  if (!profile) return void 0;
  const monthlyTips = await db.select({
    id: recurringTips.id,
    tipjar: tipjars.name,
    tipjarSlug: tipjars.slug,
    amount: recurringTips.amount,
    status: recurringTips.status,
    mandateStatus: recurringTips.mandateStatus,
    paymentMethod: recurringTips.paymentMethod,
    privacy: recurringTips.privacy,
    displayName: recurringTips.displayName,
    message: recurringTips.message,
    created: recurringTips.created,
    cancelledAt: recurringTips.cancelledAt
  }).from(recurringTips).innerJoin(tipjars, eq25(tipjars.id, recurringTips.tipjarId)).where(eq25(recurringTips.userId, userId)).orderBy(asc11(recurringTips.created));
  const monthlyTipIds = monthlyTips.map((m) => m.id);
  const [given, charges, administered] = await Promise.all([
    db.select({
      id: tips.id,
      tipjar: tipjars.name,
      tipjarSlug: tipjars.slug,
      amount: tips.amount,
      fee: tips.fee,
      refundedAmount: tips.refundedAmount,
      status: tips.status,
      privacy: tips.privacy,
      displayName: tips.displayName,
      message: tips.message,
      messageShown: tips.messageShown,
      email: tips.email,
      paymentMethod: tips.paymentMethod,
      monthlyTipId: tips.recurringTipId,
      created: tips.created,
      completedAt: tips.completedAt
    }).from(tips).innerJoin(tipjars, eq25(tipjars.id, tips.tipjarId)).where(tipsOf(profile.email, monthlyTipIds)).orderBy(asc11(tips.created)),
    monthlyTipIds.length === 0 ? [] : db.select({
      monthlyTipId: recurringTipCharges.recurringTipId,
      period: recurringTipCharges.period,
      amount: recurringTipCharges.amount,
      attempt: recurringTipCharges.attempt,
      status: recurringTipCharges.status,
      tipId: recurringTipCharges.tipId
    }).from(recurringTipCharges).where(inArray14(recurringTipCharges.recurringTipId, monthlyTipIds)).orderBy(asc11(recurringTipCharges.period), asc11(recurringTipCharges.attempt)),
    db.select({
      id: tipjars.id,
      slug: tipjars.slug,
      name: tipjars.name,
      status: tipjars.status,
      archivedAt: tipjars.archivedAt
    }).from(tipjarAdmins).innerJoin(tipjars, eq25(tipjars.id, tipjarAdmins.tipjarId)).where(eq25(tipjarAdmins.userId, userId)).orderBy(asc11(tipjars.slug))
  ]);
  return { profile, tips: given, monthlyTips, charges, tipjars: administered };
}
__name(readPersonalData, "readPersonalData");
async function erasePersonalData(tx, user) {
  const placeholder = `erased-${user.id}@erased.invalid`;
  const monthlyTipIds = (await tx.select({ id: recurringTips.id }).from(recurringTips).where(eq25(recurringTips.userId, user.id))).map((m) => m.id);
  const erased = await tx.update(tips).set({ email: placeholder, displayName: null, message: "", messageShown: false }).where(tipsOf(user.email, monthlyTipIds)).returning({ id: tips.id });
  if (monthlyTipIds.length > 0) {
    await tx.update(recurringTips).set({ displayName: null, message: "", mandateToken: null }).where(inArray14(recurringTips.id, monthlyTipIds));
  }
  const notices = erased.map((t) => `tip-notify:${t.id}:`);
  await tx.delete(mailOutbox).where(
    or11(
      sql18`lower(${mailOutbox.recipient}) = ${user.email.toLowerCase()}`,
      notices.length > 0 ? inArray14(sql18`left(${mailOutbox.dedupeKey}, 48)`, notices) : sql18`false`
    )
  );
  await tx.delete(passwordResetTokens).where(eq25(passwordResetTokens.userId, user.id));
  await tx.delete(userTwoStep).where(eq25(userTwoStep.userId, user.id));
  await tx.delete(userRecoveryCodes).where(eq25(userRecoveryCodes.userId, user.id));
  await tx.delete(trustedDevices).where(eq25(trustedDevices.userId, user.id));
  await tx.update(users).set({
    email: placeholder,
    firstName: "",
    lastName: "",
    phoneNumber: null,
    address: null,
    // Not a hash of anything: no password can match it.
    passwordHash: `erased:${randomBytes4(16).toString("hex")}`,
    tokenVersion: sql18`${users.tokenVersion} + 1`,
    twoStepEnabled: false
  }).where(eq25(users.id, user.id));
}
__name(erasePersonalData, "erasePersonalData");

// src/modules/privacy/privacy.service.ts
var iso2 = /* @__PURE__ */ __name((d) => d ? d.toISOString() : "", "iso");
function csvFiles(data) {
  const p = data.profile;
  return {
    "profile.csv": toCsv(
      [
        { header: "id", text: /* @__PURE__ */ __name(() => p.id, "text") },
        { header: "email", text: /* @__PURE__ */ __name(() => p.email, "text") },
        { header: "first_name", text: /* @__PURE__ */ __name(() => p.firstName, "text") },
        { header: "last_name", text: /* @__PURE__ */ __name(() => p.lastName, "text") },
        { header: "phone_number", text: /* @__PURE__ */ __name(() => p.phoneNumber, "text") },
        { header: "street", text: /* @__PURE__ */ __name(() => p.address?.street, "text") },
        { header: "house_number", text: /* @__PURE__ */ __name(() => p.address?.houseNumber, "text") },
        { header: "postal_code", text: /* @__PURE__ */ __name(() => p.address?.postalCode, "text") },
        { header: "city", text: /* @__PURE__ */ __name(() => p.address?.city, "text") },
        { header: "country", text: /* @__PURE__ */ __name(() => p.address?.country, "text") },
        { header: "language", text: /* @__PURE__ */ __name(() => p.locale, "text") },
        { header: "role", text: /* @__PURE__ */ __name(() => p.role, "text") },
        { header: "created", text: /* @__PURE__ */ __name(() => iso2(p.created), "text") }
      ],
      [p]
    ),
    "tips.csv": toCsv(
      [
        { header: "id", text: /* @__PURE__ */ __name((t) => t.id, "text") },
        { header: "podcast", text: /* @__PURE__ */ __name((t) => t.tipjar, "text") },
        { header: "amount", cents: /* @__PURE__ */ __name((t) => t.amount, "cents") },
        { header: "platform_fee", cents: /* @__PURE__ */ __name((t) => t.fee, "cents") },
        { header: "refunded", cents: /* @__PURE__ */ __name((t) => t.refundedAmount, "cents") },
        { header: "status", text: /* @__PURE__ */ __name((t) => t.status, "text") },
        { header: "privacy", text: /* @__PURE__ */ __name((t) => t.privacy, "text") },
        { header: "name_shown", text: /* @__PURE__ */ __name((t) => t.displayName, "text") },
        { header: "message", text: /* @__PURE__ */ __name((t) => t.message, "text") },
        { header: "message_on_wall", text: /* @__PURE__ */ __name((t) => String(t.messageShown), "text") },
        { header: "email", text: /* @__PURE__ */ __name((t) => t.email, "text") },
        { header: "payment_method", text: /* @__PURE__ */ __name((t) => t.paymentMethod, "text") },
        { header: "monthly_tip_id", text: /* @__PURE__ */ __name((t) => t.monthlyTipId, "text") },
        { header: "created", text: /* @__PURE__ */ __name((t) => iso2(t.created), "text") },
        { header: "paid", text: /* @__PURE__ */ __name((t) => iso2(t.completedAt), "text") }
      ],
      data.tips
    ),
    "monthly-tips.csv": toCsv(
      [
        { header: "id", text: /* @__PURE__ */ __name((m) => m.id, "text") },
        { header: "podcast", text: /* @__PURE__ */ __name((m) => m.tipjar, "text") },
        { header: "amount", cents: /* @__PURE__ */ __name((m) => m.amount, "cents") },
        { header: "status", text: /* @__PURE__ */ __name((m) => m.status, "text") },
        { header: "mandate", text: /* @__PURE__ */ __name((m) => m.mandateStatus, "text") },
        { header: "payment_method", text: /* @__PURE__ */ __name((m) => m.paymentMethod, "text") },
        { header: "privacy", text: /* @__PURE__ */ __name((m) => m.privacy, "text") },
        { header: "name_shown", text: /* @__PURE__ */ __name((m) => m.displayName, "text") },
        { header: "message", text: /* @__PURE__ */ __name((m) => m.message, "text") },
        { header: "created", text: /* @__PURE__ */ __name((m) => iso2(m.created), "text") },
        { header: "cancelled", text: /* @__PURE__ */ __name((m) => iso2(m.cancelledAt), "text") }
      ],
      data.monthlyTips
    ),
    "monthly-charges.csv": toCsv(
      [
        { header: "monthly_tip_id", text: /* @__PURE__ */ __name((c) => c.monthlyTipId, "text") },
        { header: "month", text: /* @__PURE__ */ __name((c) => c.period, "text") },
        { header: "amount", cents: /* @__PURE__ */ __name((c) => c.amount, "cents") },
        { header: "attempt", text: /* @__PURE__ */ __name((c) => String(c.attempt), "text") },
        { header: "status", text: /* @__PURE__ */ __name((c) => c.status, "text") },
        { header: "tip_id", text: /* @__PURE__ */ __name((c) => c.tipId, "text") }
      ],
      data.charges
    ),
    "tipjars.csv": toCsv(
      [
        { header: "id", text: /* @__PURE__ */ __name((t) => t.id, "text") },
        { header: "address", text: /* @__PURE__ */ __name((t) => t.slug, "text") },
        { header: "name", text: /* @__PURE__ */ __name((t) => t.name, "text") },
        { header: "status", text: /* @__PURE__ */ __name((t) => t.status, "text") },
        { header: "archived", text: /* @__PURE__ */ __name((t) => iso2(t.archivedAt), "text") }
      ],
      data.tipjars
    )
  };
}
__name(csvFiles, "csvFiles");
async function exportMyData(ctx, actor) {
  const data = await readPersonalData(ctx.db, actor.userId);
  if (!data) throw AppError.unauthorized();
  const exported = /* @__PURE__ */ new Date();
  const files = {
    "data.json": strToU8(`${JSON.stringify({ exported, brand: ctx.config.BRAND_NAME, ...data }, null, 2)}
`)
  };
  for (const [name, csv] of Object.entries(csvFiles(data))) files[name] = strToU8(csv);
  return { filename: `podpot-data-${exported.toISOString().slice(0, 10)}.zip`, zip: zipSync(files, { level: 6 }) };
}
__name(exportMyData, "exportMyData");
async function eraseMyAccount(ctx, actor, data) {
  const row = await findUserById(ctx.db, actor.userId);
  if (!row) throw AppError.unauthorized();
  if (!await verifyPassword(row.passwordHash, data.password)) {
    throw AppError.field(ErrorCode.WrongPassword, "data.password", { key: "wrongPassword" }, "The password is wrong");
  }
  await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, actor.userId);
    if (!user) throw AppError.unauthorized();
    const soleAdminOf = await listSoleAdminTipjars(tx, user.id);
    if (soleAdminOf.length > 0) {
      throw new AppError(
        ErrorCode.SoleTipjarAdmin,
        `You alone run ${soleAdminOf.map((t) => t.name).join(", ")}: give it another admin or archive it first`
      );
    }
    await cancelMonthlyTipsOf(tx, { userId: user.id }, { brand: ctx.config.BRAND_NAME });
    await archiveUser(tx, user.id, /* @__PURE__ */ new Date());
    await erasePersonalData(tx, user);
    await recordAudit(tx, actor, {
      action: "user.erased",
      entityType: "user",
      entityId: user.id,
      before: { role: user.role },
      after: { erased: true }
    });
  });
  await revokeCancelledMandates(ctx, { of: { userId: actor.userId } });
}
__name(eraseMyAccount, "eraseMyAccount");

// src/modules/privacy/privacy.routes.ts
var tags8 = ["users"];
var privacyRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.get(
    "/users/me/data",
    {
      // A few a minute is plenty for a person; the archive reads all their records.
      config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: {
        tags: tags8,
        summary: "Everything we hold about the signed-in user, as a zip of data.json and CSV files (profile, tips given, monthly tips and their months, tip jars they run)",
        response: { 200: z9.any(), 401: errors[401], 429: errors[429] }
      }
    },
    async (request, reply) => {
      const { filename, zip } = await exportMyData(ctx, await requireUser(request));
      return reply.header("content-type", "application/zip").header("content-disposition", `attachment; filename="${filename}"`).header("cache-control", "no-store").send(Buffer.from(zip));
    }
  );
  app.post(
    "/users/me/erasure",
    {
      config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: {
        tags: tags8,
        summary: "Erase the signed-in account (needs its password): monthly tips cancelled, personal data removed, money records kept without it. 409 SOLE_TIPJAR_ADMIN while the user alone runs a tip jar that is not archived",
        body: EraseAccountBodySchema,
        response: {
          200: z9.object({ erased: z9.literal(true) }),
          400: errors[400],
          401: errors[401],
          409: errors[409],
          429: errors[429]
        }
      }
    },
    async (request) => {
      await eraseMyAccount(ctx, await requireUser(request), request.body.data);
      return { erased: true };
    }
  );
}, "privacyRoutes");

// src/modules/recurring-tips/recurring-tips.routes.ts
import { z as z10 } from "zod";

// src/modules/recurring-tips/recurring-tips.views.ts
function toCharge(charge, tipStatus) {
  return {
    id: charge.id,
    period: charge.period,
    amount: charge.amount,
    attempt: charge.attempt,
    status: charge.status,
    tipId: charge.tipId,
    tipStatus,
    nextAttemptAt: charge.status === "scheduled" ? charge.nextAttemptAt?.toISOString() ?? null : null,
    failureReason: charge.failureReason,
    completedAt: charge.completedAt?.toISOString() ?? null,
    created: charge.created.toISOString(),
    updated: charge.updated.toISOString()
  };
}
__name(toCharge, "toCharge");
async function toRecurringTips(db, rows3, options) {
  const charges = await listCharges(
    db,
    rows3.map((r) => r.id)
  );
  const byTip = /* @__PURE__ */ new Map();
  const latestMandateCharge = /* @__PURE__ */ new Map();
  for (const c of charges) {
    const list = byTip.get(c.charge.recurringTipId) ?? [];
    list.push(c);
    byTip.set(c.charge.recurringTipId, list);
  }
  for (const [id, list] of byTip) {
    const mandateCharge = [...list].filter((c) => c.charge.via === "mandate").sort((a, b) => b.charge.updated.getTime() - a.charge.updated.getTime())[0];
    if (mandateCharge) latestMandateCharge.set(id, mandateCharge.charge.id);
  }
  const payments = await findLatestForOwners(db, CHARGE_KIND, [...latestMandateCharge.values()]);
  return rows3.map((row) => {
    const chargeId = latestMandateCharge.get(row.id);
    const payment = chargeId ? payments.get(chargeId) : void 0;
    const anonymous = row.privacy === "ANONYMOUS";
    return {
      id: row.id,
      tipjarId: row.tipjarId,
      tipjar: { id: row.tipjarId, slug: row.tipjarSlug, name: row.tipjarName },
      userId: row.userId,
      amount: row.amount,
      nextAmount: row.nextAmount,
      status: row.status,
      mandate: {
        status: row.mandateStatus,
        paymentMethod: row.paymentMethod,
        // The mandate's checkout, also while its first payment's uid is not known yet.
        oppTransaction: payment?.status && isMandatePayment(payment) ? { status: payment.status, redirectUrl: payment.redirectUrl } : null
      },
      chargeDay: row.chargeDay,
      nextChargeAt: row.nextChargeAt?.toISOString() ?? null,
      failedAttempts: row.failedAttempts,
      lastFailureReason: row.lastFailureReason,
      privacy: row.privacy,
      displayName: anonymous && options.hideAnonymousName ? null : row.displayName ?? null,
      message: row.message,
      locale: row.locale,
      ...options.withEmail ? { email: row.email } : {},
      charges: (byTip.get(row.id) ?? []).map((c) => toCharge(c.charge, c.tipStatus)),
      created: row.created.toISOString(),
      updated: row.updated.toISOString()
    };
  });
}
__name(toRecurringTips, "toRecurringTips");
async function toRecurringTip(db, row, options) {
  const [one] = await toRecurringTips(db, [row], options);
  return one;
}
__name(toRecurringTip, "toRecurringTip");
var OWNER_VIEW = { withEmail: true, hideAnonymousName: false };

// src/modules/recurring-tips/recurring-tips.service.ts
async function loadOwnRecurringTip(ctx, access, id) {
  const row = await findRecurringTip(ctx.db, id);
  if (!row) throw AppError.notFound("Recurring tip");
  const allowed = access.kind === "token" ? access.recurringTipId === id : access.actor.userId === row.userId;
  if (!allowed) throw AppError.notFound("Recurring tip");
  return row;
}
__name(loadOwnRecurringTip, "loadOwnRecurringTip");
async function loadTippableTipjar2(ctx, tipjarId) {
  const tipjar = await findTipjar(ctx.db, tipjarId);
  if (!tipjar || !isTipjarTippable(tipjar)) throw AppError.notFound("Tip jar");
  return tipjar;
}
__name(loadTippableTipjar2, "loadTippableTipjar");
async function existingAnswer(ctx, id) {
  const latest = await findLatestCharge(ctx.db, id);
  if (latest?.via === "mandate" && latest.status === "scheduled") await resumeMandatePayment(ctx, latest);
  const view = await findRecurringTip(ctx.db, id);
  const recurringTip = await toRecurringTip(ctx.db, view, OWNER_VIEW);
  return {
    recurringTip,
    oppTransaction: recurringTip.mandate.oppTransaction ?? { status: "created", redirectUrl: null }
  };
}
__name(existingAnswer, "existingAnswer");
async function createRecurringTip(ctx, actor, tipjarId, data, idempotency) {
  const tipjar = await loadTippableTipjar2(ctx, tipjarId);
  const repeated = idempotency && await findRecurringTipByIdempotencyKey(ctx.db, actor.userId, idempotency.key);
  if (repeated) {
    assertSameRequest(repeated.fingerprint, idempotency);
    return existingAnswer(ctx, repeated.id);
  }
  const method = await resolvePaymentChoice(ctx, data.payment, "data.payment.paymentmethod");
  const merchantUid = await tipMerchantUid(ctx, tipjar);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw AppError.unauthorized();
  const anonymous = data.privacy === "ANONYMOUS";
  const fee = platformFeeOf(data.amount, ctx.config.PLATFORM_FEE_BPS);
  const created = await ctx.db.transaction(async (tx) => {
    const current = await lockTipjarShared(tx, tipjarId);
    if (!current || !isTipjarTippable(current)) throw AppError.notFound("Tip jar");
    const recurringTip2 = await insertRecurringTip(tx, {
      tipjarId,
      userId: actor.userId,
      idempotencyKey: idempotency?.key ?? null,
      idempotencyFingerprint: idempotency?.fingerprint ?? null,
      amount: data.amount,
      paymentMethod: method.type,
      privacy: data.privacy,
      displayName: anonymous ? null : data.displayName,
      message: data.message,
      locale: data.locale
    });
    if (!recurringTip2) return void 0;
    const charge2 = await newMonth(tx, recurringTip2, {
      period: periodOf(/* @__PURE__ */ new Date()),
      amount: data.amount,
      fee,
      via: "mandate",
      email: user.email,
      nextAttemptAt: /* @__PURE__ */ new Date()
    });
    return { recurringTip: recurringTip2, charge: await lease(tx, charge2) };
  });
  if (!created) {
    const winner = await findRecurringTipByIdempotencyKey(ctx.db, actor.userId, idempotency.key);
    if (!winner) throw new AppError(ErrorCode.Conflict, "The same monthly tip is being created right now; try again");
    assertSameRequest(winner.fingerprint, idempotency);
    return existingAnswer(ctx, winner.id);
  }
  const { recurringTip, charge } = created;
  const payment = await sendMandatePayment(ctx, { recurringTip, charge, tipjar, method, merchantUid });
  const view = await findRecurringTip(ctx.db, recurringTip.id);
  return {
    recurringTip: await toRecurringTip(ctx.db, view, OWNER_VIEW),
    oppTransaction: { status: payment.status ?? "created", redirectUrl: payment.redirectUrl }
  };
}
__name(createRecurringTip, "createRecurringTip");
async function listMyRecurringTips(ctx, actor, query) {
  const { rows: rows3, count: count14 } = await listRecurringTips(ctx.db, { userId: actor.userId }, query);
  return { data: await toRecurringTips(ctx.db, rows3, OWNER_VIEW), metadata: { count: count14 } };
}
__name(listMyRecurringTips, "listMyRecurringTips");
async function getMyRecurringTip(ctx, access, id) {
  const row = await loadOwnRecurringTip(ctx, access, id);
  return toRecurringTip(ctx.db, row, OWNER_VIEW);
}
__name(getMyRecurringTip, "getMyRecurringTip");
async function updateMyRecurringTip(ctx, access, id, data) {
  await loadOwnRecurringTip(ctx, access, id);
  const revoke = await ctx.db.transaction(async (tx) => {
    const row = await lockRecurringTip(tx, id);
    if (row.status === "cancelled") {
      throw new AppError(ErrorCode.InvalidTransition, "A cancelled monthly tip cannot be changed");
    }
    const updates = {};
    if (access.kind === "token" && data.amount !== void 0 && data.amount > row.amount) {
      throw new AppError(
        ErrorCode.LoginRequired,
        "Log in to raise a monthly tip; the link can lower, pause or cancel it"
      );
    }
    if (data.amount !== void 0) updates.nextAmount = data.amount === row.amount ? null : data.amount;
    if (data.status && data.status !== row.status) {
      if (data.status === "cancelled") {
        Object.assign(updates, cancellation(row, /* @__PURE__ */ new Date()));
      } else if (data.status === "paused") {
        updates.status = "paused";
      } else {
        updates.status = "active";
        if (row.chargeDay) updates.nextChargeAt = resumeNextChargeAt(row.chargeDay, row.nextChargeAt, /* @__PURE__ */ new Date());
      }
      if (data.status !== "active") await cancelWaitingCharges(tx, id);
    }
    if (Object.keys(updates).length > 0) await updateRecurringTip(tx, id, updates);
    return updates.status === "cancelled" && row.mandateStatus === "valid";
  });
  if (revoke) await revokeCancelledMandates(ctx, { of: { ids: [id] } });
  return toRecurringTip(ctx.db, await findRecurringTip(ctx.db, id), OWNER_VIEW);
}
__name(updateMyRecurringTip, "updateMyRecurringTip");
async function retryMandate(ctx, access, id, choice) {
  const view = await loadOwnRecurringTip(ctx, access, id);
  if (view.status === "cancelled") {
    throw new AppError(ErrorCode.InvalidTransition, "A cancelled monthly tip has no payment to set up");
  }
  if (view.mandateStatus === "valid") throw new AppError(ErrorCode.Conflict, "The payment is already set up");
  const tipjar = await findTipjar(ctx.db, view.tipjarId);
  if (!tipjar) throw AppError.notFound("Tip jar");
  const latest = await findLatestCharge(ctx.db, id);
  if (latest?.via === "mandate" && latest.status === "pending") {
    const current = await findLatestForOwner(ctx.db, CHARGE_KIND, latest.id);
    if (current && current.attempt === latest.attempt) await refreshAttempt(ctx, current);
  }
  const method = await resolvePaymentChoice(ctx, choice, "data.paymentmethod");
  const merchantUid = await tipMerchantUid(ctx, tipjar);
  const toSend = await ctx.db.transaction(async (tx) => {
    const candidate = await findLatestCharge(tx, id);
    const month = candidate ? await lockCharge(tx, candidate.id) : void 0;
    const recurringTip = await lockRecurringTip(tx, id);
    if ((await findLatestCharge(tx, id))?.id !== month?.id) {
      throw new AppError(ErrorCode.Conflict, "The monthly tip changed meanwhile; reload");
    }
    if (recurringTip.mandateStatus === "valid") throw new AppError(ErrorCode.Conflict, "The payment is already set up");
    if (recurringTip.status === "cancelled") {
      throw new AppError(ErrorCode.InvalidTransition, "A cancelled monthly tip has no payment to set up");
    }
    if (month && (month.status === "pending" || month.status === "scheduled")) {
      if (month.via === "debit") {
        throw new AppError(ErrorCode.Conflict, "This month's payment is still being processed; try again later");
      }
      const attempt = await findLatestForOwner(tx, CHARGE_KIND, month.id);
      if (attempt?.attempt === month.attempt) return void 0;
      if (isLeased(month)) {
        throw new AppError(ErrorCode.Conflict, "This payment is being set up right now; reload in a moment");
      }
      return lease(tx, month);
    }
    await updateRecurringTip(tx, id, { mandateStatus: "pending" });
    if (month?.status === "failed") {
      const next = await updateCharge(tx, month.id, {
        attempt: month.attempt + 1,
        via: "mandate",
        status: "scheduled",
        failureReason: null,
        claimedUntil: leaseEnd(),
        nextAttemptAt: /* @__PURE__ */ new Date()
      });
      await moveTip(tx, next.tipId, "pending");
      return next;
    }
    const period = periodOf(recurringTip.nextChargeAt ?? /* @__PURE__ */ new Date());
    const amount = recurringTip.nextAmount ?? recurringTip.amount;
    const created = await newMonth(tx, recurringTip, {
      period,
      amount,
      fee: platformFeeOf(amount, ctx.config.PLATFORM_FEE_BPS),
      via: "mandate",
      email: view.email,
      nextAttemptAt: /* @__PURE__ */ new Date()
    });
    if (!created) throw new AppError(ErrorCode.Conflict, "This month is already being paid; reload");
    await updateRecurringTip(tx, id, { amount, nextAmount: null });
    return lease(tx, created);
  });
  if (toSend) {
    const recurringTip = await findRecurringTip(ctx.db, id);
    await sendMandatePayment(ctx, { recurringTip, charge: toSend, tipjar, method, merchantUid, locale: choice.locale });
  }
  return getMyRecurringTip(ctx, access, id);
}
__name(retryMandate, "retryMandate");
async function listTipjarRecurringTips(ctx, actor, tipjarId, query) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const { rows: rows3, count: count14 } = await listRecurringTips(ctx.db, { tipjarId }, query);
  const options = { withEmail: isAdmin(actor), hideAnonymousName: true };
  return { data: await toRecurringTips(ctx.db, rows3, options), metadata: { count: count14 } };
}
__name(listTipjarRecurringTips, "listTipjarRecurringTips");
async function getTipjarRecurringTip(ctx, actor, tipjarId, id) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const row = await findRecurringTip(ctx.db, id);
  if (!row || row.tipjarId !== tipjarId) throw AppError.notFound("Recurring tip");
  return toRecurringTip(ctx.db, row, { withEmail: isAdmin(actor), hideAnonymousName: true });
}
__name(getTipjarRecurringTip, "getTipjarRecurringTip");
async function listAllRecurringTips(ctx, query) {
  const { rows: rows3, count: count14 } = await listRecurringTips(ctx.db, {}, query);
  return {
    data: await toRecurringTips(ctx.db, rows3, { withEmail: true, hideAnonymousName: true }),
    metadata: { count: count14 }
  };
}
__name(listAllRecurringTips, "listAllRecurringTips");
async function getRecurringTip(ctx, id) {
  const row = await findRecurringTip(ctx.db, id);
  if (!row) throw AppError.notFound("Recurring tip");
  return toRecurringTip(ctx.db, row, { withEmail: true, hideAnonymousName: true });
}
__name(getRecurringTip, "getRecurringTip");
function recurringStatistics(ctx, tipjarId) {
  return recurringTotals(ctx.db, tipjarId);
}
__name(recurringStatistics, "recurringStatistics");

// src/modules/recurring-tips/recurring-tips.routes.ts
var tags9 = ["recurringtips"];
var ListQuery = listQuerySchema(RECURRING_TIP_SORTABLE);
var ManageQuery = z10.object({ token: singleLine(z10.string().max(2e3)).optional() });
var ListResponse = listResponseSchema(RecurringTipSchema);
var owned = managedErrors;
async function ownerAccess(ctx, request, id) {
  let otherToken = false;
  let bearerIsManageToken = false;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
  for (const token of manageTokenCandidates(request)) {
    const subject = await verifyManageToken(ctx, token);
    if (subject === id) return { kind: "token", recurringTipId: id };
    if (subject) {
      otherToken = true;
      if (token === bearer) bearerIsManageToken = true;
    }
  }
  if (request.headers.authorization && !bearerIsManageToken) return { kind: "user", actor: await requireUser(request) };
  if (otherToken) throw AppError.notFound("Recurring tip");
  throw AppError.unauthorized();
}
__name(ownerAccess, "ownerAccess");
var recurringTipsRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.post(
    "/tipjars/:id/recurringtips",
    {
      schema: {
        tags: tags9,
        summary: "Start a monthly tip (signed-in tipper): the first payment sets up the mandate. Redirect to oppTransaction.redirectUrl. An Idempotency-Key header makes a resubmit answer the same recurring tip; the same key with a different request is a 422 IDEMPOTENCY_KEY_REUSED.",
        params: IdParams,
        body: CreateRecurringTipBodySchema,
        response: {
          201: CreateRecurringTipResponseSchema,
          ...owned,
          409: errors[409],
          422: errors[422],
          502: ErrorBodySchema
        }
      }
    },
    async (request, reply) => {
      const actor = await requireUser(request);
      const answer = await createRecurringTip(
        ctx,
        actor,
        request.params.id,
        request.body.data,
        idempotencyOf(request)
      );
      return reply.status(201).send(answer);
    }
  );
  app.get(
    "/user/me/recurringtips",
    {
      schema: {
        tags: tags9,
        summary: "Own monthly tips, newest first",
        querystring: ListQuery,
        response: { 200: ListResponse, 400: errors[400], 401: errors[401] }
      }
    },
    async (request) => listMyRecurringTips(ctx, await requireUser(request), request.query)
  );
  app.get(
    "/user/me/recurringtips/:id",
    {
      schema: {
        tags: tags9,
        summary: "One own monthly tip with its payment history (signed in, or with the manage link token)",
        params: IdParams,
        querystring: ManageQuery,
        response: { 200: RecurringTipSchema, ...owned }
      }
    },
    async (request) => getMyRecurringTip(ctx, await ownerAccess(ctx, request, request.params.id), request.params.id)
  );
  app.put(
    "/user/me/recurringtips/:id",
    {
      schema: {
        tags: tags9,
        summary: "Change the amount (from the next month on), pause, resume (active) or cancel (final) an own monthly tip. With the manage link the amount can only go down: raising it is 403 LOGIN_REQUIRED.",
        params: IdParams,
        querystring: ManageQuery,
        body: UpdateRecurringTipBodySchema,
        response: {
          200: RecurringTipSchema,
          ...owned,
          403: ErrorBodySchema.describe("LOGIN_REQUIRED: the manage link cannot raise the amount; sign in for that"),
          409: errors[409]
        }
      }
    },
    async (request) => updateMyRecurringTip(
      ctx,
      await ownerAccess(ctx, request, request.params.id),
      request.params.id,
      request.body.data
    )
  );
  app.post(
    "/user/me/recurringtips/:id/mandate/retry",
    {
      schema: {
        tags: tags9,
        summary: "Set up the payment again (a new first payment) after the mandate became invalid. Redirect to mandate.oppTransaction.redirectUrl.",
        params: IdParams,
        querystring: ManageQuery,
        body: RetryMandateBodySchema,
        response: { 200: RecurringTipSchema, ...owned, 409: errors[409], 502: ErrorBodySchema }
      }
    },
    async (request) => retryMandate(
      ctx,
      await ownerAccess(ctx, request, request.params.id),
      request.params.id,
      request.body.data
    )
  );
  app.get(
    "/tipjars/:id/recurringtips",
    {
      schema: {
        tags: tags9,
        summary: "A tip jar's monthly tips, newest first (its admins and platform admins)",
        params: IdParams,
        querystring: ListQuery,
        response: { 200: ListResponse, ...owned }
      }
    },
    async (request) => listTipjarRecurringTips(ctx, await requireUser(request), request.params.id, request.query)
  );
  app.get(
    "/tipjars/:id/recurringtips/:tipId",
    { schema: { tags: tags9, params: childParams("tipId"), response: { 200: RecurringTipSchema, ...owned } } },
    async (request) => getTipjarRecurringTip(ctx, await requireUser(request), request.params.id, request.params.tipId)
  );
  app.get(
    "/recurringtips",
    {
      schema: {
        tags: tags9,
        summary: "All monthly tips, newest first (platform admins)",
        querystring: ListQuery,
        response: { 200: ListResponse, 400: errors[400], 401: errors[401], 403: errors[403] }
      }
    },
    async (request) => {
      await requireAdmin(request);
      return listAllRecurringTips(ctx, request.query);
    }
  );
  app.get(
    "/recurringtips/:id",
    {
      schema: {
        tags: tags9,
        params: IdParams,
        response: { 200: RecurringTipSchema, ...owned, 403: errors[403] }
      }
    },
    async (request) => {
      await requireAdmin(request);
      return getRecurringTip(ctx, request.params.id);
    }
  );
}, "recurringTipsRoutes");

// src/modules/refunds/refunds.routes.ts
var tags10 = ["refunds"];
var refundsRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.post(
    "/tips/:id/refunds",
    {
      schema: {
        tags: tags10,
        summary: "Refund (part of) a paid tip or monthly charge (platform admins), with a reason the tipper is mailed. `amount` in cents, left out = all that is left; more than is left is a 400 on data.amount (refundTooLarge, params.max). The refund is recorded first and then sent to the provider: `status` pending means it could not be sent yet and is retried. Send an Idempotency-Key header to make the call safe to repeat: the same key answers the same refund (200).",
        params: IdParamsSchema,
        body: CreateRefundBodySchema,
        response: {
          200: RefundSchema.describe("The refund made before with the same Idempotency-Key"),
          201: RefundSchema,
          ...adminErrors,
          404: errors[404],
          409: errors[409],
          422: errors[422]
        }
      }
    },
    async (request, reply) => {
      const actor = await requireAdmin(request);
      const { refund, created } = await createRefund(
        ctx,
        actor,
        request.params.id,
        request.body.data,
        idempotencyOf(request)
      );
      return reply.status(created ? 201 : 200).send(refund);
    }
  );
  app.get(
    "/tips/:id/refunds",
    {
      schema: {
        tags: tags10,
        summary: "A tip's refunds and chargebacks, oldest first (platform admins)",
        params: IdParamsSchema,
        response: { 200: listResponseSchema(RefundSchema), ...adminErrors, 404: errors[404] }
      }
    },
    async (request) => listRefunds(ctx, await requireAdmin(request), request.params.id)
  );
  app.get(
    "/tipjars/:id/tips/:tipId/refunds",
    {
      schema: {
        tags: tags10,
        summary: "A tip's refunds and chargebacks, oldest first (the tip jar's admins and platform admins)",
        params: childParams("tipId"),
        response: { 200: listResponseSchema(RefundSchema), ...managedErrors }
      }
    },
    async (request) => listTipjarTipRefunds(ctx, await requireUser(request), request.params.id, request.params.tipId)
  );
}, "refundsRoutes");

// src/modules/settlements/settlements.routes.ts
import { z as z11 } from "zod";

// src/modules/settlements/settlements.repository.ts
import { asc as asc12, eq as eq26, inArray as inArray15 } from "drizzle-orm";
async function listRegisteredMerchants(db) {
  return db.select({ tipjarId: oppMerchants.tipjarId, tipjarName: tipjars.name, merchantUid: oppMerchants.merchantUid }).from(oppMerchants).innerJoin(tipjars, eq26(tipjars.id, oppMerchants.tipjarId)).orderBy(asc12(tipjars.name), asc12(tipjars.id));
}
__name(listRegisteredMerchants, "listRegisteredMerchants");
async function tipIdsOfTransactions(db, oppUids) {
  if (oppUids.length === 0) return /* @__PURE__ */ new Map();
  const refundRows = await db.select({ providerUid: refunds.providerUid, tipId: refunds.tipId }).from(refunds).where(inArray15(refunds.providerUid, oppUids));
  const rows3 = await db.select({
    oppUid: oppTransactions.oppUid,
    kind: oppTransactions.kind,
    ownerId: oppTransactions.ownerId,
    chargeTipId: recurringTipCharges.tipId
  }).from(oppTransactions).leftJoin(recurringTipCharges, eq26(recurringTipCharges.id, oppTransactions.ownerId)).where(inArray15(oppTransactions.oppUid, oppUids));
  const map = /* @__PURE__ */ new Map();
  for (const row of refundRows) if (row.providerUid) map.set(row.providerUid, row.tipId);
  for (const row of rows3) {
    const tipId = row.kind === "tip" ? row.ownerId : row.kind === "recurring_charge" ? row.chargeTipId : null;
    if (row.oppUid && tipId) map.set(row.oppUid, tipId);
  }
  return map;
}
__name(tipIdsOfTransactions, "tipIdsOfTransactions");

// src/modules/settlements/settlements.service.ts
var PROVIDER_CONCURRENCY = 5;
var MAX_ROW_PAGES = 50;
function providerFailed2(ctx, err) {
  ctx.log.error({ err }, "reading settlements from the payment provider failed");
  return new AppError(ErrorCode.PaymentProvider, "The payment provider could not be reached to read settlements");
}
__name(providerFailed2, "providerFailed");
var isoOf = /* @__PURE__ */ __name((unixSeconds) => unixSeconds === null ? null : new Date(unixSeconds * 1e3).toISOString(), "isoOf");
function settlementStatusOf(providerStatus) {
  switch (providerStatus) {
    case "current":
    case "open":
      return "CURRENT";
    case "paid":
      return "PAID";
    case "failed":
      return "FAILED";
    default:
      return "PENDING";
  }
}
__name(settlementStatusOf, "settlementStatusOf");
function netOf(s) {
  return settlementStatusOf(s.status) === "PAID" ? s.amountPaid ?? s.amountPayable : s.amountPayable;
}
__name(netOf, "netOf");
function toSettlement(tipjarId, s) {
  const gross = s.totalVolume;
  const costs = Math.abs(s.totalTransactionCosts);
  const net = netOf(s);
  return {
    id: s.uid,
    tipjarId,
    periodStart: isoOf(s.periodStart),
    periodEnd: isoOf(s.periodEnd),
    status: settlementStatusOf(s.status),
    gross,
    fees: Math.max(0, gross - costs - net),
    costs,
    net,
    paidAt: isoOf(s.paid),
    tipCount: s.numberOfTransactions
  };
}
__name(toSettlement, "toSettlement");
async function readSettlements(ctx, merchantUid) {
  try {
    return (await ctx.opp.listSettlements(merchantUid)).data;
  } catch (err) {
    throw providerFailed2(ctx, err);
  }
}
__name(readSettlements, "readSettlements");
function toPage(all, query) {
  const search = query.search?.toLowerCase();
  const rows3 = all.filter(
    (s) => (!query.status || s.status === query.status) && (!query.tipjarId || s.tipjarId === query.tipjarId) && (!search || s.id.toLowerCase().includes(search) || (s.tipjarName ?? "").toLowerCase().includes(search))
  );
  const sortBy = query.sortBy ?? "periodStart";
  const direction = query.sortBy ? query.sortDesc ? -1 : 1 : -1;
  rows3.sort((a, b) => {
    const x = a[sortBy] ?? "";
    const y = b[sortBy] ?? "";
    const order = x < y ? -1 : x > y ? 1 : 0;
    return order * direction || a.id.localeCompare(b.id);
  });
  return { data: rows3.slice(query.skip, query.limit), metadata: { count: rows3.length } };
}
__name(toPage, "toPage");
async function listTipjarSettlements(ctx, actor, tipjarId, query) {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const merchant = await findMerchantOfTipjar(ctx.db, tipjar.id);
  if (!merchant) return { data: [], metadata: { count: 0 } };
  const settlements = await readSettlements(ctx, merchant.merchantUid);
  return toPage(
    settlements.map((s) => toSettlement(tipjar.id, s)),
    query
  );
}
__name(listTipjarSettlements, "listTipjarSettlements");
async function readRows(ctx, settlementUid, specificationUid) {
  const rows3 = [];
  for (let page = 1; page <= MAX_ROW_PAGES; page += 1) {
    const answer = await ctx.opp.listSettlementRows(settlementUid, specificationUid, page);
    rows3.push(...answer.data);
    if (!answer.hasMore) break;
  }
  return rows3;
}
__name(readRows, "readRows");
async function getTipjarSettlement(ctx, actor, tipjarId, settlementId) {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const merchant = await findMerchantOfTipjar(ctx.db, tipjar.id);
  if (!merchant) throw AppError.notFound("Settlement");
  const settlement = (await readSettlements(ctx, merchant.merchantUid)).find((s) => s.uid === settlementId);
  if (!settlement) throw AppError.notFound("Settlement");
  let providerRows;
  try {
    const perSpecification = await Promise.all(
      settlement.specificationUids.map((spec) => readRows(ctx, settlement.uid, spec))
    );
    providerRows = perSpecification.flat();
  } catch (err) {
    throw providerFailed2(ctx, err);
  }
  const tipIds = await tipIdsOfTransactions(
    ctx.db,
    providerRows.map((r) => r.reference)
  );
  const rows3 = providerRows.map((r) => ({
    tipId: tipIds.get(r.reference) ?? null,
    reference: r.reference,
    amount: r.amount,
    fee: Math.abs(r.totalPartnerFee),
    payable: r.amountPayable
  }));
  return { ...toSettlement(tipjar.id, settlement), rows: rows3 };
}
__name(getTipjarSettlement, "getTipjarSettlement");
async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = /* @__PURE__ */ __name(async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  }, "worker");
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
__name(mapLimit, "mapLimit");
async function listAllSettlements(ctx, _admin, query) {
  const merchants = (await listRegisteredMerchants(ctx.db)).filter(
    (m) => !query.tipjarId || m.tipjarId === query.tipjarId
  );
  const perMerchant = await mapLimit(
    merchants,
    PROVIDER_CONCURRENCY,
    async (m) => (await readSettlements(ctx, m.merchantUid)).map((s) => ({
      ...toSettlement(m.tipjarId, s),
      tipjarName: m.tipjarName
    }))
  );
  return toPage(perMerchant.flat(), query);
}
__name(listAllSettlements, "listAllSettlements");

// src/modules/settlements/settlements.routes.ts
var tags11 = ["settlements"];
var SettlementParamsSchema = IdParams.extend({ settlementId: singleLineText(100).min(1) });
var provider = { 502: ErrorBodySchema.describe("The payment provider could not be reached") };
var managed3 = { ...managedErrors, ...provider };
var adminOnly2 = { ...adminErrors, ...provider };
var StatusFilterSchema = z11.object({ status: z11.enum(SETTLEMENT_STATUSES).optional() });
var TipjarQuerySchema = listQuerySchema(SETTLEMENT_SORTABLE).and(StatusFilterSchema);
var AllQuerySchema = listQuerySchema(SETTLEMENT_SORTABLE).and(
  StatusFilterSchema.extend({ tipjarId: z11.uuid().optional() })
);
var settlementsRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.get(
    "/tipjars/settlements",
    {
      schema: {
        tags: tags11,
        summary: "All tip jars' settlements with the tip jar's name (platform admins), newest period first. `search` looks in tip jar name and settlement id.",
        querystring: AllQuerySchema,
        response: { 200: listResponseSchema(SettlementSchema), ...adminOnly2 }
      }
    },
    async (request) => listAllSettlements(ctx, await requireAdmin(request), request.query)
  );
  app.get(
    "/tipjars/:id/settlements",
    {
      schema: {
        tags: tags11,
        summary: "A tip jar's payouts from the payment provider, newest period first (its admins and platform admins). Empty until a merchant is registered.",
        params: IdParams,
        querystring: TipjarQuerySchema,
        response: { 200: listResponseSchema(SettlementSchema), ...managed3 }
      }
    },
    async (request) => listTipjarSettlements(ctx, await requireUser(request), request.params.id, request.query)
  );
  app.get(
    "/tipjars/:id/settlements/:settlementId",
    {
      schema: {
        tags: tags11,
        summary: "One settlement with its specification rows; a row names our tip when it is one",
        params: SettlementParamsSchema,
        response: { 200: SettlementSchema, ...managed3 }
      }
    },
    async (request) => getTipjarSettlement(ctx, await requireUser(request), request.params.id, request.params.settlementId)
  );
}, "settlementsRoutes");

// src/modules/share/share.service.ts
import { createHash as createHash6 } from "node:crypto";
var DRAWING_VERSION = 1;
var CONTENT_TYPES = {
  badge: "image/svg+xml; charset=utf-8",
  "qr-svg": "image/svg+xml; charset=utf-8",
  "qr-png": "image/png",
  poster: "application/pdf"
};
function artworkIdOf(tipjar) {
  return tipjar.artworkUrl?.split("/").pop() ?? null;
}
__name(artworkIdOf, "artworkIdOf");
async function storedArtworkOf(ctx, tipjar) {
  const id = artworkIdOf(tipjar);
  return id ? (await findArtwork(ctx.db, id))?.bytes : void 0;
}
__name(storedArtworkOf, "storedArtworkOf");
var badges = /* @__PURE__ */ __name(() => import("./share.badge-6NKGCESH.js"), "badges");
async function draw(ctx, tipjar, target, input) {
  const brand = ctx.config.BRAND_NAME;
  const t = shareTexts(input.locale);
  const url = shareUrl(ctx.config.publicUrl, target, input.locale);
  switch (input.kind) {
    case "badge":
      return (await badges()).badgeSvg(t.badge(brand), t.badgeTitle(tipjar.name, brand));
    case "qr-svg":
      return (await import("./share.qr-KZBXP4R6.js")).qrSvg(url, t.qrTitle(tipjar.name, brand));
    case "qr-png":
      return (await import("./share.qr-KZBXP4R6.js")).qrPng(url, input.size ?? QR_PNG_SIZES[1]);
    case "poster": {
      const [artwork, { posterPdf }] = await Promise.all([storedArtworkOf(ctx, tipjar), import("./share.poster-C55ZX54D.js")]);
      return posterPdf({ locale: input.locale, brand, name: tipjar.name, url, episode: target.episode, artwork });
    }
  }
}
__name(draw, "draw");
var drawings = /* @__PURE__ */ new Map();
var MAX_DRAWINGS = 64;
function remember(etag, drawing) {
  const hit = drawings.get(etag);
  if (hit) return hit;
  if (drawings.size >= MAX_DRAWINGS) drawings.delete(drawings.keys().next().value);
  const body = drawing();
  drawings.set(etag, body);
  body.catch(() => drawings.delete(etag));
  return body;
}
__name(remember, "remember");
function filenameOf(target, input, episodeNumber) {
  const slug = target.episode ? `${target.slug}-e${episodeNumber ?? target.episode.id.slice(0, 8)}` : target.slug;
  const lang = input.locale === "en" ? "" : `-${input.locale}`;
  switch (input.kind) {
    case "badge":
      return `${slug}-badge${lang}.svg`;
    case "qr-svg":
      return `${slug}-qr${lang}.svg`;
    case "qr-png":
      return `${slug}-qr${lang}-${input.size}.png`;
    case "poster":
      return `${slug}-poster${lang}.pdf`;
  }
}
__name(filenameOf, "filenameOf");
async function getSharedFile(ctx, slug, input, episodeId) {
  let tipjar;
  let target;
  let episodeNumber = null;
  if (episodeId !== void 0) {
    const found = await findPublicEpisode(ctx, slug, episodeId);
    if (!found) throw AppError.notFound("Episode");
    tipjar = found.tipjar;
    target = { slug: tipjar.slug, episode: { id: found.episode.id, title: found.episode.title } };
    episodeNumber = found.episode.number;
  } else {
    tipjar = await findPublicTipjar(ctx, slug);
    if (!tipjar) throw AppError.notFound("Tip jar");
    target = { slug: tipjar.slug };
  }
  const inputs = [
    DRAWING_VERSION,
    input,
    tipjar.slug,
    tipjar.name,
    ctx.config.publicUrl,
    ctx.config.BRAND_NAME,
    target.episode ?? null,
    artworkIdOf(tipjar)
  ];
  const etag = `W/"${createHash6("sha256").update(JSON.stringify(inputs)).digest("base64url").slice(0, 27)}"`;
  const shown = tipjar;
  return {
    contentType: CONTENT_TYPES[input.kind],
    etag,
    filename: filenameOf(target, input, episodeNumber),
    body: await remember(etag, () => draw(ctx, shown, target, input))
  };
}
__name(getSharedFile, "getSharedFile");
function isNotModified(ifNoneMatch, etag) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = /* @__PURE__ */ __name((tag) => tag.trim().replace(/^W\//, ""), "opaque");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}
__name(isNotModified, "isNotModified");
function kitOf(ctx, target, locale, badgeSize) {
  const brand = ctx.config.BRAND_NAME;
  const t = shareTexts(locale);
  const storefrontUrl = shareUrl(ctx.config.publicUrl, target, locale);
  const files = `${ctx.config.publicUrl}/api/v1${shareFilesPath(target)}`;
  const lang = `lang=${locale}`;
  const alt = t.badge(brand);
  const badge = { url: `${files}/badge.svg?${lang}`, alt, ...badgeSize(alt) };
  return {
    storefrontUrl,
    badge,
    snippet: badgeSnippet({ href: storefrontUrl, src: badge.url, ...badge }),
    fundingTag: fundingTag({ url: storefrontUrl, text: t.funding(brand) }),
    qr: {
      svgUrl: `${files}/qr.svg?${lang}`,
      png: QR_PNG_SIZES.map((size) => ({ size, url: `${files}/qr.png?${lang}&size=${size}` }))
    },
    posterUrl: `${files}/poster.pdf?${lang}`
  };
}
__name(kitOf, "kitOf");
async function getShareKit(ctx, actor, id) {
  const tipjar = await loadManagedTipjar(ctx, actor, id);
  const target = { slug: tipjar.slug };
  const { badgeSize } = await badges();
  return {
    slug: tipjar.slug,
    live: isTipjarTippable(tipjar),
    kits: Object.fromEntries(
      LOCALES.map((locale) => [locale, kitOf(ctx, target, locale, badgeSize)])
    ),
    feed: await feedRefreshStateOf(ctx.db, tipjar)
  };
}
__name(getShareKit, "getShareKit");

// src/modules/share/share.routes.ts
var tags12 = ["share"];
var MAX_AGE_SECONDS = 24 * 60 * 60;
var fileErrors = { 400: errors[400], 404: errors[404], 429: errors[429] };
function sendShared(request, reply, file) {
  reply.header("etag", file.etag).header("cache-control", `public, max-age=${MAX_AGE_SECONDS}`).header("cross-origin-resource-policy", "cross-origin");
  if (isNotModified(request.headers["if-none-match"], file.etag)) return reply.code(304).send();
  return reply.header("content-type", file.contentType).header("content-disposition", `inline; filename="${file.filename}"`).send(file.body);
}
__name(sendShared, "sendShared");
var FILES = [
  {
    name: "badge.svg",
    kind: "badge",
    produces: "image/svg+xml",
    perMinute: 600,
    summary: `A LIVE tip jar's "Tip us on \u2026" button for show notes and websites (SVG)`
  },
  {
    name: "qr.svg",
    kind: "qr-svg",
    produces: "image/svg+xml",
    perMinute: 600,
    summary: "The QR code of a LIVE tip jar's page in `lang` (SVG, scalable)"
  },
  {
    name: "qr.png",
    kind: "qr-png",
    produces: "image/png",
    perMinute: 60,
    summary: "The QR code of a LIVE tip jar's page in `lang` as a PNG of `size` pixels"
  },
  {
    name: "poster.pdf",
    kind: "poster",
    produces: "application/pdf",
    perMinute: 60,
    summary: "A LIVE tip jar's printable A4 poster in `lang`: artwork, name, QR code (PDF)"
  }
];
var shareRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  for (const file of FILES) {
    const config = { rateLimit: { max: file.perMinute, timeWindow: "1 minute" } };
    const querystring = file.kind === "qr-png" ? QrPngQuerySchema : ShareFileQuerySchema;
    const inputOf = /* @__PURE__ */ __name((request) => {
      const query = request.query;
      return { kind: file.kind, locale: query.lang, ...file.kind === "qr-png" ? { size: query.size } : {} };
    }, "inputOf");
    app.get(
      `/tipjars/slug/:slug/${file.name}`,
      {
        // A drawing is kept per ETag, so repeats are cheap; the limit bounds a caller who varies them.
        config,
        schema: {
          tags: tags12,
          summary: `${file.summary}; public, cached a day, ETag`,
          params: ShareSlugParamsSchema,
          querystring,
          ...fileResponse(file.summary, [file.produces], fileErrors)
        }
      },
      async (request, reply) => sendShared(request, reply, await getSharedFile(ctx, request.params.slug, inputOf(request)))
    );
    app.get(
      `/tipjars/slug/:slug/e/:episodeId/${file.name}`,
      {
        config,
        schema: {
          tags: tags12,
          summary: `${file.summary}, of one of its episodes; public, cached a day, ETag`,
          params: EpisodeParams,
          querystring,
          ...fileResponse(file.summary, [file.produces], fileErrors)
        }
      },
      async (request, reply) => sendShared(
        request,
        reply,
        await getSharedFile(ctx, request.params.slug, inputOf(request), request.params.episodeId)
      )
    );
  }
  app.get(
    "/tipjars/:id/share",
    {
      schema: {
        tags: tags12,
        summary: "A tip jar's share kit (its admins and platform admins): the podcast:funding tag, the badge snippet, the QR code and poster addresses, per language",
        params: IdParamsSchema,
        response: { 200: ShareKitSchema, ...managedErrors }
      }
    },
    async (request) => getShareKit(ctx, await requireUser(request), request.params.id)
  );
}, "shareRoutes");

// src/modules/statistics/statistics.service.ts
var STATISTICS_DAYS = 30;
var STATISTICS_MONTHS = 12;
function localToday(now) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: STATISTICS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit"
  }).format(now);
  const [y, m, d] = parts.split("-").map(Number);
  return [y, m, d];
}
__name(localToday, "localToday");
function lastDays(now, days) {
  const [y, m, d] = localToday(now);
  return Array.from(
    { length: days },
    (_, i) => new Date(Date.UTC(y, m - 1, d - (days - 1 - i))).toISOString().slice(0, 10)
  );
}
__name(lastDays, "lastDays");
function lastMonths(now, months2) {
  const [y, m] = localToday(now);
  return Array.from(
    { length: months2 },
    (_, i) => new Date(Date.UTC(y, m - 1 - (months2 - 1 - i), 1)).toISOString().slice(0, 7)
  );
}
__name(lastMonths, "lastMonths");
var bucketOf = /* @__PURE__ */ __name((row) => ({
  count: row?.count ?? 0,
  sum: row?.sum ?? 0,
  refunded: row?.refunded ?? 0
}), "bucketOf");
var ZERO = { count: 0, sum: 0, refunded: 0, fees: 0 };
var add = /* @__PURE__ */ __name((a, b) => ({
  count: a.count + b.count,
  sum: a.sum + b.sum,
  refunded: a.refunded + b.refunded,
  fees: a.fees + b.fees
}), "add");
var withNet = /* @__PURE__ */ __name((f) => ({ ...f, net: f.sum - f.refunded - f.fees }), "withNet");
var months = /* @__PURE__ */ __name((from, to) => periodBuckets(from, to, "month").map((m) => m.slice(0, 7)), "months");
async function resolvePeriod(ctx, query, tipjarId) {
  const today = lastDays(/* @__PURE__ */ new Date(), 1)[0];
  const { from, to } = query.period === "custom" ? { from: query.from, to: query.to } : periodRange(query.period, today, query.period === "all" ? await firstTipDay(ctx.db, tipjarId) : null);
  const granularity = query.granularity ?? (query.period === "30d" ? "day" : query.period === "12m" ? "month" : defaultGranularity(from, to));
  const buckets = periodBuckets(from, to, granularity);
  if (buckets.length > STATISTICS_MAX_BUCKETS) {
    throw AppError.field(
      ErrorCode.Validation,
      "granularity",
      { key: "tooBig", params: { max: STATISTICS_MAX_BUCKETS } },
      `At most ${STATISTICS_MAX_BUCKETS} ${granularity}s in a period; choose weeks or months`
    );
  }
  return { period: query.period, from, to, granularity, buckets };
}
__name(resolvePeriod, "resolvePeriod");
async function periodOf2(ctx, query, tipjarId) {
  const { buckets, ...period } = await resolvePeriod(ctx, query, tipjarId);
  const { from, to } = period;
  const [rows3, methods, monthly] = await Promise.all([
    periodByBucketAndKind(ctx.db, from, to, period.granularity, tipjarId),
    periodByMethod(ctx.db, from, to, tipjarId),
    periodMonthlyTippers(ctx.db, from, to, tipjarId)
  ]);
  const perBucket = /* @__PURE__ */ new Map();
  const perKind = /* @__PURE__ */ new Map();
  for (const { start, kind, ...figures2 } of rows3) {
    perBucket.set(start, add(perBucket.get(start) ?? ZERO, figures2));
    perKind.set(kind, add(perKind.get(kind) ?? ZERO, figures2));
  }
  let cumulativeNet = 0;
  const series = buckets.map((start) => {
    const figures2 = withNet(perBucket.get(start) ?? ZERO);
    cumulativeNet += figures2.net;
    return { start, ...figures2, cumulativeNet };
  });
  const monthlyOf = new Map(monthly.map((r) => [r.month, r.count]));
  return {
    period,
    totals: withNet(series.reduce(add, ZERO)),
    series,
    byKind: TIP_KINDS.map((kind) => ({ kind, ...withNet(perKind.get(kind) ?? ZERO) })),
    methods: methods.map((m) => ({ ...m, net: m.sum - m.refunded - m.fees })),
    monthlyTippers: months(from, to).map((month) => ({ month, count: monthlyOf.get(month) ?? 0 }))
  };
}
__name(periodOf2, "periodOf");
async function statisticsOf(ctx, query, tipjarId) {
  const days = lastDays(/* @__PURE__ */ new Date(), STATISTICS_DAYS);
  const months2 = lastMonths(/* @__PURE__ */ new Date(), STATISTICS_MONTHS);
  const [totals, perDay, perMonth, byMethod, recurring, period] = await Promise.all([
    tipTotals(ctx.db, tipjarId),
    tipsPerDay(ctx.db, days[0], tipjarId),
    tipsPerMonth(ctx.db, `${months2[0]}-01`, tipjarId),
    tipsByMethod(ctx.db, tipjarId),
    recurringStatistics(ctx, tipjarId),
    periodOf2(ctx, query, tipjarId)
  ]);
  const dayMap = new Map(perDay.map((r) => [r.key, r]));
  const monthMap = new Map(perMonth.map((r) => [r.key, r]));
  return {
    tips: { ...totals, net: totals.sum - totals.refunded - totals.fees },
    recurring,
    perDay: days.map((date) => ({ date, ...bucketOf(dayMap.get(date)) })),
    perMonth: months2.map((month) => ({ month, ...bucketOf(monthMap.get(month)) })),
    byMethod,
    ...period
  };
}
__name(statisticsOf, "statisticsOf");
var TOP_TIPJARS = 10;
async function getTipjarStatistics(ctx, actor, tipjarId, query) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  return statisticsOf(ctx, query, tipjarId);
}
__name(getTipjarStatistics, "getTipjarStatistics");
async function getGlobalStatistics(ctx, actor, query) {
  assertAdmin(actor);
  const statistics = await statisticsOf(ctx, query);
  const { from, to } = statistics.period;
  const [top, created] = await Promise.all([
    periodTopTipjars(ctx.db, from, to, TOP_TIPJARS),
    periodNewTipjars(ctx.db, from, to)
  ]);
  const createdOf = new Map(created.map((r) => [r.month, r.count]));
  return {
    ...statistics,
    newTipjars: months(from, to).map((month) => ({ month, count: createdOf.get(month) ?? 0 })),
    topTipjars: top.map((t) => ({ ...t, net: t.sum - t.refunded - t.fees }))
  };
}
__name(getGlobalStatistics, "getGlobalStatistics");

// src/modules/statistics/statistics.routes.ts
var tags13 = ["statistics"];
var statisticsRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.get(
    "/tipjars/statistics",
    {
      schema: {
        tags: tags13,
        summary: "Paid tips of the whole platform: all-time totals, the last 30 days and 12 months, and a chosen period (per day/week/month, by kind and method, monthly tippers, new and top tip jars) (ADMIN)",
        querystring: StatisticsQuerySchema,
        response: { 200: StatisticsSchema, 400: errors[400], 401: errors[401], 403: errors[403] }
      }
    },
    async (request) => getGlobalStatistics(ctx, await requireAdmin(request), request.query)
  );
  app.get(
    "/tipjars/:id/statistics",
    {
      schema: {
        tags: tags13,
        summary: "Paid tips of a tip jar (its admins and platform admins): all-time totals and a chosen period. Days and months in Amsterdam time.",
        params: IdParamsSchema,
        querystring: StatisticsQuerySchema,
        response: { 200: StatisticsSchema, 400: errors[400], 401: errors[401], 404: errors[404] }
      }
    },
    async (request) => getTipjarStatistics(ctx, await requireUser(request), request.params.id, request.query)
  );
}, "statisticsRoutes");

// src/modules/supporters/supporters.repository.ts
import { and as and22, desc as desc14, eq as eq27, gte as gte5, lt as lt9, sql as sql19 } from "drizzle-orm";
async function recentSupporterTips(db, tipjarId, limit) {
  return db.select({
    name: sql19`case when ${tips.privacy} <> 'ANONYMOUS' then ${tips.displayName} end`,
    amount: sql19`case when ${tips.privacy} = 'NAME_AND_AMOUNT' then ${tips.amount} end`,
    message: sql19`case when ${tips.messageShown} and ${tips.message} <> '' then ${tips.message} end`,
    monthly: sql19`${tips.recurringTipId} is not null`,
    completedAt: tips.completedAt
  }).from(tips).where(
    and22(
      eq27(tips.tipjarId, tipjarId),
      eq27(tips.status, "completed"),
      eq27(tips.refundedAmount, 0),
      sql19`${tips.completedAt} is not null`
    )
  ).orderBy(desc14(tips.completedAt), desc14(tips.id)).limit(limit);
}
__name(recentSupporterTips, "recentSupporterTips");
async function paidBetween(db, tipjarId, from, until) {
  const d = tipDailyTotals;
  const [row] = await db.select({ net: sql19`coalesce(sum(${d.amount} - ${d.refundedAmount}), 0)::bigint` }).from(d).where(and22(eq27(d.tipjarId, tipjarId), gte5(d.day, from), lt9(d.day, until)));
  return Number(row?.net ?? 0);
}
__name(paidBetween, "paidBetween");
async function activeMonthlyTippers(db, tipjarId) {
  const r = recurringTips;
  const [row] = await db.select({ count: sql19`count(distinct ${r.userId})` }).from(r).where(and22(eq27(r.tipjarId, tipjarId), eq27(r.status, "active"), eq27(r.mandateStatus, "valid")));
  return Number(row?.count ?? 0);
}
__name(activeMonthlyTippers, "activeMonthlyTippers");
async function setMessageShown(db, tipjarId, tipId, shown) {
  const [row] = await db.update(tips).set({ messageShown: shown, updated: sql19`${tips.updated}` }).where(and22(eq27(tips.id, tipId), eq27(tips.tipjarId, tipjarId))).returning();
  publicReadsChanged();
  return row;
}
__name(setMessageShown, "setMessageShown");

// src/modules/supporters/supporters.service.ts
function toMinute(date) {
  return new Date(Math.floor(date.getTime() / 6e4) * 6e4).toISOString();
}
__name(toMinute, "toMinute");
async function listSupporters(db, tipjarId) {
  const rows3 = await recentSupporterTips(db, tipjarId, SUPPORTER_WALL_SIZE);
  return rows3.map((row) => ({
    name: row.name ?? null,
    amount: row.amount === null ? null : Number(row.amount),
    message: row.message ?? null,
    monthly: Boolean(row.monthly),
    paidAt: toMinute(row.completedAt)
  }));
}
__name(listSupporters, "listSupporters");
async function goalProgressOf(db, tipjarId, goal, now = /* @__PURE__ */ new Date()) {
  if (!goal) return null;
  const month = goalMonthOf(now);
  const current = goal.kind === "AMOUNT" ? await paidBetween(db, tipjarId, month.from, month.until) : await activeMonthlyTippers(db, tipjarId);
  return { month: month.month, current };
}
__name(goalProgressOf, "goalProgressOf");
async function storefrontExtras(db, tipjar) {
  const [goalProgress, supporters] = await Promise.all([
    goalProgressOf(db, tipjar.id, tipjar.goal),
    listSupporters(db, tipjar.id)
  ]);
  return { goalProgress, supporters };
}
__name(storefrontExtras, "storefrontExtras");
async function setTipMessageShown(ctx, actor, tipjarId, tipId, messageShown) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const row = await setMessageShown(ctx.db, tipjarId, tipId, messageShown);
  if (!row) throw AppError.notFound("Tip");
  const [tip] = await toTips(ctx.db, [row], { withEmail: false });
  return tip;
}
__name(setTipMessageShown, "setTipMessageShown");

// src/modules/supporters/supporters.routes.ts
var tags14 = ["tips"];
var supportersRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.put(
    "/tipjars/:id/tips/:tipId/wall",
    {
      schema: {
        tags: tags14,
        summary: "Show or hide a tip's message on the storefront's supporter wall (the tip jar's admins). Name and amount follow the tipper's privacy choice.",
        params: childParams("tipId"),
        body: TipWallBodySchema,
        response: { 200: TipSchema, ...managedErrors }
      }
    },
    async (request) => setTipMessageShown(
      ctx,
      await requireUser(request),
      request.params.id,
      request.params.tipId,
      request.body.data.messageShown
    )
  );
}, "supportersRoutes");

// src/modules/tipjars/tipjars.order-payment.ts
async function onAddonPayment(tx, row, change) {
  const addon = await findAddon(tx, row.ownerId);
  if (addon?.type !== "TIPJAR") return;
  const latest = await findLatestForOwner(tx, ADDON_KIND, addon.id);
  const isLatest = latest?.id === row.id;
  switch (paymentOutcome(change.current)) {
    case "open":
    case "held":
      if (isLatest) await movePaymentStatus(tx, addon.tipjarId, "AWAITING_PAYMENT");
      break;
    case "paid":
      await movePaymentStatus(tx, addon.tipjarId, "AWAITING_PAYMENT");
      await movePaymentStatus(tx, addon.tipjarId, "LIVE");
      break;
    case "unpaid":
      if (isLatest) await movePaymentStatus(tx, addon.tipjarId, "PAYMENT_EXPIRED");
      break;
    default:
      break;
  }
}
__name(onAddonPayment, "onAddonPayment");

// src/modules/tipjars/tipjars.routes.ts
import { z as z12 } from "zod";

// src/modules/tipjars/tipjars.admins.ts
function unknownUser() {
  return AppError.field(ErrorCode.NotFound, "email", { key: "invalid" }, "No user with this e-mail address");
}
__name(unknownUser, "unknownUser");
function notAnAdmin() {
  return AppError.field(ErrorCode.NotFound, "email", { key: "invalid" }, "This user is not an admin of the tip jar");
}
__name(notAnAdmin, "notAnAdmin");
async function addTipjarAdmin(ctx, actor, id, email) {
  const row = await loadManagedTipjar(ctx, actor, id);
  const user = await findUserIdByEmail(ctx.db, email);
  if (!user || user.archivedAt) throw unknownUser();
  const added = await ctx.db.transaction(async (tx) => {
    if (!await insertAdmin(tx, id, user.id)) return false;
    await recordAudit(tx, actor, adminChange("tipjar.adminAdded", id, user.id));
    await queueAdminAddedMails(ctx, tx, row, { id: user.id, email });
    return true;
  });
  if (added) ctx.outbox.kick();
  return toTipjar(ctx.db, row);
}
__name(addTipjarAdmin, "addTipjarAdmin");
async function queueAdminAddedMails(ctx, tx, tipjar, added) {
  const admins = (await listAdmins(tx, [tipjar.id])).get(tipjar.id) ?? [];
  const base = ctx.config.publicUrl;
  for (const admin of admins) {
    if (admin.id === added.id) continue;
    const locale = admin.locale;
    const mail = adminAddedMail(locale, {
      brand: ctx.config.BRAND_NAME,
      name: admin.firstName,
      tipjarName: tipjar.name,
      newAdmin: added.email,
      settingsLink: appUrl(base, "backofficeSettings", { tipjarslug: tipjar.slug }, locale),
      supportLink: appUrl(base, "support", {}, locale)
    });
    await queueMail(
      tx,
      { to: admin.email, ...mail },
      { dedupeKey: `admin-added:${tipjar.id}:${added.id}:${admin.id}` }
    );
  }
}
__name(queueAdminAddedMails, "queueAdminAddedMails");
async function removeTipjarAdmin(ctx, actor, id, email) {
  const row = await loadManagedTipjar(ctx, actor, id);
  const user = await findUserIdByEmail(ctx.db, email);
  if (!user) throw notAnAdmin();
  await ctx.db.transaction(async (tx) => {
    await lockAdmins(tx, id);
    if (!await isTipjarAdmin(tx, id, user.id)) throw notAnAdmin();
    if (await countAdmins(tx, id) <= 1) {
      throw new AppError(ErrorCode.Conflict, "A tip jar needs at least one admin");
    }
    await deleteAdmin(tx, id, user.id);
    await recordAudit(tx, actor, adminChange("tipjar.adminRemoved", id, user.id));
  });
  return toTipjar(ctx.db, row);
}
__name(removeTipjarAdmin, "removeTipjarAdmin");
function adminChange(action, tipjarId, userId) {
  const admin = { userId };
  return action === "tipjar.adminAdded" ? { action, entityType: "user", entityId: userId, tipjarId, after: admin } : { action, entityType: "user", entityId: userId, tipjarId, before: admin };
}
__name(adminChange, "adminChange");

// src/modules/tipjars/tipjars.routes.ts
var tags15 = ["tipjars"];
var TipjarListQuerySchema2 = listQuerySchema(TIPJAR_SORTABLE, {
  slug: singleLine(z12.string().trim().toLowerCase().min(1).max(60)).optional(),
  archived: booleanQueryParam.optional().describe("true: only archived tip jars (platform admins); otherwise archived ones are hidden"),
  managed: booleanQueryParam.optional().describe(
    "with `slug`: only a tip jar you manage (its admins, platform admins), the backoffice's lookup; otherwise an empty list (401 without a session)"
  )
});
var managed4 = managedErrors;
var tipjarsRoutes = /* @__PURE__ */ __name(async (app, { ctx, probes }) => {
  app.post(
    "/tipjars",
    {
      // Anonymous orders register an account: limit them like registration; signed-in users less strictly.
      config: {
        rateLimit: { max: /* @__PURE__ */ __name((request) => request.headers.authorization ? 120 : 20, "max"), timeWindow: "1 minute" }
      },
      // A new account's EMAIL_TAKEN tells that the address has one: counted like the e-mail checks.
      preHandler: [
        strongPasswordFirst(
          ctx,
          "data.account.password",
          ({ data }) => data.account ? { password: data.account.password, owner: data.account } : void 0
        ),
        probes((request) => request.body.data.account?.email)
      ],
      schema: {
        tags: tags15,
        summary: "Order a tip jar and its Podpot add-on. Signed in, or anonymous with `account` (the answer then carries an access_token). Answers the payment redirect.",
        body: CreateTipjarBodySchema,
        response: {
          201: CreateTipjarResponseSchema,
          400: errors[400],
          401: errors[401],
          409: errors[409],
          429: errors[429],
          502: ErrorBodySchema.describe(
            "The payment provider failed; the tip jar stays NEW and the payment can be retried"
          )
        }
      }
    },
    async (request, reply) => reply.status(201).send(await createTipjar(ctx, await request.actor(), request.body.data))
  );
  app.post(
    "/tipjars/create/test-email",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      preHandler: probes(bodyEmail),
      schema: {
        tags: tags15,
        summary: "Is this e-mail address still free for a new account? (shares a per-IP and per-address budget)",
        body: TestEmailBodySchema,
        response: { 200: TestEmailResponseSchema, 400: errors[400], 429: errors[429] }
      }
    },
    async (request) => ({ available: await isOrderEmailAvailable(ctx, request.body.email) })
  );
  app.post(
    "/tipjars/create/test-phonenumber",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: tags15,
        summary: "Is this a valid mobile number?",
        body: TestPhoneNumberBodySchema,
        response: { 200: TestPhoneNumberResponseSchema, 400: errors[400], 429: errors[429] }
      }
    },
    async (request) => ({ valid: isOrderPhoneNumberValid(request.body.phoneNumber) })
  );
  app.get(
    "/tipjars",
    {
      // `?slug=` is the storefront's lookup: serialized from the compiled schema (decision 020).
      serializerCompiler: jsonSerializerCompiler,
      schema: {
        tags: tags15,
        summary: "`?slug=`: a LIVE tip jar (public fields) for anyone, the full tip jar for its admins; with `managed=true` only for its admins. Without a session, `?search=` finds LIVE tip jars by name or address (public fields, by name, at most 20). Otherwise: all tip jars (ADMIN) or your own. `limit` is the exclusive end of the window.",
        querystring: TipjarListQuerySchema2,
        response: {
          200: listResponseSchema(z12.union([TipjarSchema, PublicTipjarSchema])),
          400: errors[400],
          401: errors[401]
        }
      }
    },
    async (request) => listTipjars2(ctx, await request.actor(), request.query)
  );
  app.get(
    "/tipjars/:id",
    { schema: { tags: tags15, params: IdParamsSchema, response: { 200: TipjarSchema, ...managed4 } } },
    async (request) => getTipjar(ctx, await requireUser(request), request.params.id)
  );
  app.put(
    "/tipjars/:id",
    {
      schema: {
        tags: tags15,
        summary: "Change settings (its admins); status and active only by platform admins, along the status machine",
        params: IdParamsSchema,
        body: UpdateTipjarBodySchema,
        response: { 200: TipjarSchema, ...managed4, 403: errors[403], 409: errors[409] }
      }
    },
    async (request) => updateTipjar2(ctx, await requireUser(request), request.params.id, request.body.data)
  );
  app.post(
    "/tipjars/:id/admins",
    {
      // 404 for an unknown user tells whether an address has an account: counted like the e-mail checks.
      preHandler: probes(bodyEmail),
      schema: {
        tags: tags15,
        summary: "Add an admin by e-mail (the user must exist; shares the per-IP and per-address e-mail budget)",
        params: IdParamsSchema,
        body: TipjarAdminBodySchema,
        response: { 200: TipjarSchema, ...managed4, 429: errors[429] }
      }
    },
    async (request) => addTipjarAdmin(ctx, await requireUser(request), request.params.id, request.body.email)
  );
  app.delete(
    "/tipjars/:id/admins",
    {
      schema: {
        tags: tags15,
        summary: "Remove an admin by e-mail; the last admin cannot be removed",
        params: IdParamsSchema,
        body: TipjarAdminBodySchema,
        response: { 200: TipjarSchema, ...managed4, 409: errors[409] }
      }
    },
    async (request) => removeTipjarAdmin(ctx, await requireUser(request), request.params.id, request.body.email)
  );
}, "tipjarsRoutes");

// src/modules/tips/tips.routes.ts
import { Readable } from "node:stream";
import { z as z13 } from "zod";

// src/plugins/compression.ts
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import compress from "@fastify/compress";
var COMPRESS_THRESHOLD_BYTES = 1024;
var BROTLI_QUALITY = 4;
async function registerCompression(app) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string") return payload;
    const shared = sharedBodies.of(payload);
    if (!shared || reply.hasHeader("content-encoding")) return payload;
    return sendShared2(request, reply, payload, shared);
  });
  await app.register(compress, { global: true, ...COMPRESS_OPTIONS });
}
__name(registerCompression, "registerCompression");
function sendShared2(request, reply, body, shared) {
  reply.header("vary", "accept-encoding");
  const encoding = Buffer.byteLength(body) < COMPRESS_THRESHOLD_BYTES ? null : preferredEncoding(request.headers["accept-encoding"]);
  if (!encoding) return body;
  shared[encoding] ??= compressText(encoding, body);
  reply.header("content-encoding", encoding);
  return shared[encoding];
}
__name(sendShared2, "sendShared");
function compressText(encoding, body) {
  return encoding === "br" ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : gzipSync(body);
}
__name(compressText, "compressText");
var COMPRESS_OPTIONS = {
  threshold: COMPRESS_THRESHOLD_BYTES,
  encodings: ["br", "gzip"],
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }
};
var BULK_DOWNLOAD_COMPRESSION = {
  ...COMPRESS_OPTIONS,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 }
};
function preferredEncoding(acceptEncoding) {
  const accepted = /* @__PURE__ */ new Set();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}
__name(preferredEncoding, "preferredEncoding");
function sendCompressed(request, reply, body) {
  reply.header("vary", "accept-encoding");
  const encoding = Buffer.byteLength(body) < COMPRESS_THRESHOLD_BYTES ? null : preferredEncoding(request.headers["accept-encoding"]);
  if (!encoding) return reply.send(body);
  return reply.header("content-encoding", encoding).send(compressText(encoding, body));
}
__name(sendCompressed, "sendCompressed");

// src/modules/tips/tips.export.ts
var EXPORT_BATCH_SIZE = 2e3;
var EXPORT_COLUMNS = [
  { header: "id", plain: /* @__PURE__ */ __name((r) => r.id, "plain") },
  { header: "created", plain: /* @__PURE__ */ __name((r) => r.created, "plain") },
  { header: "updated", plain: /* @__PURE__ */ __name((r) => r.updated, "plain") },
  { header: "tipjarId", plain: /* @__PURE__ */ __name((r) => r.tipjarId, "plain") },
  { header: "tipjarSlug", text: /* @__PURE__ */ __name((r) => r.tipjarSlug, "text") },
  { header: "tipjarName", text: /* @__PURE__ */ __name((r) => r.tipjarName, "text") },
  { header: "status", plain: /* @__PURE__ */ __name((r) => r.status, "plain") },
  { header: "amount", cents: /* @__PURE__ */ __name((r) => r.amount, "cents") },
  { header: "fee", cents: /* @__PURE__ */ __name((r) => r.fee, "cents") },
  { header: "net", cents: /* @__PURE__ */ __name((r) => r.amount - r.fee, "cents") },
  { header: "paymentMethod", text: /* @__PURE__ */ __name((r) => r.paymentMethod, "text") },
  { header: "privacy", plain: /* @__PURE__ */ __name((r) => r.privacy, "plain") },
  { header: "displayName", text: /* @__PURE__ */ __name((r) => r.privacy === "ANONYMOUS" ? null : r.displayName, "text") },
  { header: "email", text: /* @__PURE__ */ __name((r) => r.email, "text") },
  { header: "message", text: /* @__PURE__ */ __name((r) => r.message, "text") },
  { header: "locale", plain: /* @__PURE__ */ __name((r) => r.locale, "plain") },
  // The episode tipped for (decision 034): "42: Title", the title alone when unnumbered, empty for none.
  {
    header: "episode",
    text: /* @__PURE__ */ __name((r) => r.episodeTitle === null ? null : r.episodeNumber === null ? r.episodeTitle : `${r.episodeNumber}: ${r.episodeTitle}`, "text")
  }
];
function toLine({ createdCursor: _, created, updated, ...rest }) {
  return { ...rest, created: isoTimestamp(created.getTime()), updated: isoTimestamp(updated.getTime()) };
}
__name(toLine, "toLine");
function exportTips(ctx, actor, filter, options = {}) {
  assertAdmin(actor);
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  const csv = createCsvWriter(EXPORT_COLUMNS, { separator: options.separator });
  async function* body() {
    yield csv.header();
    const copied = options.writer === "node" ? void 0 : copyExportRows(ctx.db, filter);
    if (copied) {
      for await (const rows3 of copied) yield csv.rows(rows3);
      return;
    }
    for await (const batch of exportBatches(ctx.db, filter, batchSize)) {
      options.onBatch?.(batch.length);
      if (batch.length > 0) yield csv.rows(batch.map(toLine));
    }
  }
  __name(body, "body");
  const date = (/* @__PURE__ */ new Date()).toISOString().slice(0, 10);
  return {
    filename: `${ctx.config.BRAND_NAME.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-tips-${date}.csv`,
    body: body()
  };
}
__name(exportTips, "exportTips");

// src/modules/tips/tips.routes.ts
var tags16 = ["tips"];
var managed5 = managedErrors;
var adminOnly3 = adminErrors;
var FilterSchema3 = z13.object({
  status: z13.enum(TIP_STATUSES).optional(),
  from: dateQueryParam("from").optional().describe("created on or after (ISO date or date-time)"),
  to: dateQueryParam("to").optional().describe("created before; a bare date includes that day"),
  episodeId: z13.uuid().optional().describe("tips for this episode (decision 034)")
});
var TipjarTipsQuerySchema = listQuerySchema(TIP_SORTABLE).and(FilterSchema3);
var AllTipsQuerySchema = listQuerySchema(TIP_SORTABLE).and(FilterSchema3.extend({ tipjarId: z13.uuid().optional() }));
var ExportQuerySchema = FilterSchema3.extend({
  tipjarId: z13.uuid().optional(),
  search: SearchParamSchema.optional()
}).extend(CsvQuerySchema.shape);
var tipsRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.post(
    "/tipjars/:id/tips",
    {
      // Per client IP, against card testing; read per request so the bench can raise it.
      config: { rateLimit: { max: /* @__PURE__ */ __name(() => ctx.config.TIP_RATE_LIMIT_PER_MINUTE, "max"), timeWindow: "1 minute" } },
      schema: {
        tags: tags16,
        summary: "Give a tip to a LIVE tip jar (anyone). Redirect the tipper to oppTransaction.redirectUrl. Send an Idempotency-Key header to make the call safe to repeat: the same key with the same request answers the same tip; the same key with a different request is a 422 IDEMPOTENCY_KEY_REUSED.",
        params: IdParams,
        body: CreateTipBodySchema,
        response: {
          201: CreateTipResponseSchema,
          400: errors[400],
          404: errors[404],
          409: errors[409],
          422: errors[422],
          429: errors[429],
          502: ErrorBodySchema.describe("The payment provider failed; the tip stays created and is retried or expires")
        }
      }
    },
    async (request, reply) => {
      const idempotency = idempotencyOf(request);
      return reply.status(201).send(await createTip(ctx, request.params.id, request.body.data, idempotency));
    }
  );
  app.get(
    "/tips/:id/outcome",
    {
      schema: {
        tags: tags16,
        summary: "The status of a tip for the thank-you page (public; nothing but the outcome)",
        params: IdParamsSchema,
        response: { 200: TipOutcomeSchema, 400: errors[400], 404: errors[404] }
      }
    },
    async (request) => getTipOutcome(ctx, request.params.id)
  );
  app.get(
    "/tipjars/:id/tips",
    {
      schema: {
        tags: tags16,
        summary: "A tip jar's tips, newest change first (its admins and platform admins). `search` looks in name and message. `limit` is the exclusive end of the window.",
        params: IdParams,
        querystring: TipjarTipsQuerySchema,
        response: { 200: listResponseSchema(TipSchema), ...managed5 }
      }
    },
    async (request) => listTipjarTips(ctx, await requireUser(request), request.params.id, request.query)
  );
  app.get(
    "/tipjars/:id/tips/:tipId",
    { schema: { tags: tags16, params: childParams("tipId"), response: { 200: TipSchema, ...managed5 } } },
    async (request) => getTipjarTip(ctx, await requireUser(request), request.params.id, request.params.tipId)
  );
  app.get(
    "/tips",
    {
      schema: {
        tags: tags16,
        summary: "All tips, with the tipper e-mail (platform admins). `limit` is the exclusive end of the window.",
        querystring: AllTipsQuerySchema,
        response: { 200: listResponseSchema(TipSchema), ...adminOnly3 }
      }
    },
    async (request) => listAllTips(ctx, await requireAdmin(request), request.query)
  );
  app.get(
    "/tips/export",
    {
      compress: BULK_DOWNLOAD_COMPRESSION,
      schema: {
        tags: tags16,
        summary: "All matching tips as a CSV download (platform admins), streamed; amounts in euros with 2 decimals. `separator=semicolon` for Dutch Excel.",
        querystring: ExportQuerySchema,
        ...fileResponse("CSV file", ["text/csv"], adminOnly3)
      }
    },
    async (request, reply) => {
      const { separator, ...filter } = request.query;
      const file = exportTips(ctx, await requireAdmin(request), filter, { separator });
      return sendFile(reply, {
        contentType: "text/csv; charset=utf-8",
        filename: file.filename,
        body: Readable.from(file.body)
      });
    }
  );
  app.get(
    "/tips/:id",
    {
      schema: { tags: tags16, params: IdParamsSchema, response: { 200: TipSchema, ...adminOnly3, 404: errors[404] } }
    },
    async (request) => getTip(ctx, await requireAdmin(request), request.params.id)
  );
}, "tipsRoutes");

// src/modules/two-step/two-step.routes.ts
var tags17 = ["auth"];
var twoStepRoutes = /* @__PURE__ */ __name(async (app, { ctx, limits }) => {
  const failures = limits.backoff("two-step", CODE_BACKOFF);
  const perIp = { rateLimit: { max: 20, timeWindow: "1 minute" } };
  const withRetryAfter = /* @__PURE__ */ __name(async (reply, work) => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof CodeBackoffError) reply.header("retry-after", err.retryAfterSeconds);
      throw err;
    }
  }, "withRetryAfter");
  app.post(
    "/auth/two-step",
    {
      config: perIp,
      schema: {
        tags: tags17,
        summary: "The second step of a login: the challenge of auth/login and a code (authenticator app or recovery code); remember_device answers a device token",
        consumes: ["application/x-www-form-urlencoded", "application/json"],
        body: TwoStepLoginBodySchema,
        response: { 200: TwoStepTokenResponseSchema, 400: errors[400], 429: errors[429] }
      }
    },
    async (request, reply) => withRetryAfter(reply, () => secondStep(ctx, request.body, failures))
  );
  app.get(
    "/users/me/two-step",
    {
      schema: {
        tags: tags17,
        summary: "Whether two-step login is on, and how many recovery codes are left",
        response: { 200: TwoStepStatusSchema, 401: errors[401] }
      }
    },
    async (request) => status(ctx, await requireUser(request))
  );
  app.post(
    "/users/me/two-step/setup",
    {
      config: perIp,
      schema: {
        tags: tags17,
        summary: "Start setting up two-step login: a new secret (QR code and key), pending until confirmed",
        response: { 200: TwoStepSetupSchema, 401: errors[401], 409: errors[409], 429: errors[429] }
      }
    },
    async (request) => startSetup(ctx, await requireUser(request))
  );
  app.post(
    "/users/me/two-step/confirm",
    {
      config: perIp,
      schema: {
        tags: tags17,
        summary: "Confirm the setup with a current code: two-step login on, other sessions signed out; answers ten recovery codes (shown once) and a new token",
        body: TwoStepCodeBodySchema,
        response: {
          200: TwoStepConfirmedSchema,
          400: errors[400],
          401: errors[401],
          409: errors[409],
          429: errors[429]
        }
      }
    },
    async (request, reply) => withRetryAfter(
      reply,
      async () => confirmSetup(ctx, await requireUser(request), request.body.data.code, failures)
    )
  );
  app.post(
    "/users/me/two-step/disable",
    {
      config: perIp,
      schema: {
        tags: tags17,
        summary: "Turn two-step login off (needs the password and a current code); remembered devices are forgotten",
        body: TwoStepDisableBodySchema,
        response: { 204: NoContent, 400: errors[400], 401: errors[401], 409: errors[409], 429: errors[429] }
      }
    },
    async (request, reply) => {
      await withRetryAfter(
        reply,
        async () => disable(ctx, await requireUser(request), request.body.data, failures)
      );
      return reply.status(204).send(null);
    }
  );
  app.post(
    "/users/me/two-step/recovery-codes",
    {
      config: perIp,
      schema: {
        tags: tags17,
        summary: "New recovery codes (needs a current code); the old ones stop working",
        body: TwoStepCodeBodySchema,
        response: { 200: RecoveryCodesSchema, 400: errors[400], 401: errors[401], 409: errors[409], 429: errors[429] }
      }
    },
    async (request, reply) => withRetryAfter(reply, async () => ({
      recoveryCodes: await regenerateRecoveryCodes(
        ctx,
        await requireUser(request),
        request.body.data.code,
        failures
      )
    }))
  );
}, "twoStepRoutes");

// src/modules/users/users.routes.ts
import { z as z14 } from "zod";
var tags18 = ["users"];
var UserListQuerySchema = listQuerySchema(USER_SORTABLE).and(
  z14.object({
    archived: booleanQueryParam.optional().describe("true: only archived users; otherwise archived ones are hidden")
  })
);
var usersRoutes = /* @__PURE__ */ __name(async (app, { ctx, probes }) => {
  app.get(
    "/users/me",
    {
      // Read after every page load: serialized from the compiled schema (decision 020).
      serializerCompiler: jsonSerializerCompiler,
      schema: { tags: tags18, summary: "The signed-in user", response: { 200: UserSchema, 401: errors[401] } }
    },
    async (request) => {
      const claimed = await request.claimedUserId();
      const me = claimed ? await getMe(ctx, claimed) : void 0;
      if (!await request.actorFrom(me?.actor) || !me) throw AppError.unauthorized();
      return me.user;
    }
  );
  app.put(
    "/users/me/profile",
    {
      schema: {
        tags: tags18,
        summary: "Change own profile (and address, language)",
        body: UpdateProfileBodySchema,
        response: { 200: UserSchema, 400: errors[400], 401: errors[401] }
      }
    },
    async (request) => updateMyProfile(ctx, await requireUser(request), request.body.data)
  );
  app.put(
    "/users/me/password",
    {
      schema: {
        tags: tags18,
        summary: "Change own password (needs the current one). Signs out every session of the user; answers a new access token for this one",
        body: UpdatePasswordBodySchema,
        response: { 200: TokenResponseSchema, 400: errors[400], 401: errors[401] }
      }
    },
    async (request) => {
      const user = await updateMyPassword(ctx, await requireUser(request), request.body.data);
      return tokenResponse(ctx.config, user);
    }
  );
  app.post(
    "/users/register",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      // EMAIL_TAKEN tells that an address has an account: only as often as the probe budget allows.
      preHandler: [
        strongPasswordFirst(ctx, "data.password", ({ data }) => ({
          password: data.password,
          owner: data
        })),
        probes((request) => request.body.data.email)
      ],
      schema: {
        tags: tags18,
        summary: "Create an account; answers with an access token so the new user is signed in",
        body: RegisterBodySchema,
        response: { 201: TokenResponseSchema, 400: errors[400], 409: errors[409], 429: errors[429] }
      }
    },
    async (request, reply) => {
      const user = await registerUser(ctx, request.body.data);
      return reply.status(201).send(await tokenResponse(ctx.config, user));
    }
  );
  app.post(
    "/users/register/test-email",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      preHandler: probes(bodyEmail),
      schema: {
        tags: tags18,
        summary: "Is this e-mail address still free for a new account? (shares a per-IP and per-address budget)",
        body: TestEmailBodySchema,
        response: { 200: TestEmailResponseSchema, 400: errors[400], 429: errors[429] }
      }
    },
    async (request) => ({ available: await isEmailAvailable(ctx, request.body.email) })
  );
  app.get(
    "/users",
    {
      schema: {
        tags: tags18,
        summary: "List users (admin). `limit` is the exclusive end of the window: rows skip \u2026 limit-1.",
        querystring: UserListQuerySchema,
        response: { 200: listResponseSchema(UserSchema), 400: errors[400], 401: errors[401], 403: errors[403] }
      }
    },
    async (request) => {
      await requireAdmin(request);
      return listUsers2(ctx, request.query);
    }
  );
  app.post(
    "/users",
    {
      schema: {
        tags: tags18,
        summary: "Create a user (admin)",
        body: CreateUserBodySchema,
        response: { 201: UserSchema, 400: errors[400], 401: errors[401], 403: errors[403], 409: errors[409] }
      }
    },
    async (request, reply) => {
      const actor = await requireAdmin(request);
      return reply.status(201).send(await createUser(ctx, actor, request.body.data));
    }
  );
  app.get(
    "/users/:id",
    {
      schema: {
        tags: tags18,
        summary: "One user (admin)",
        params: IdParamsSchema,
        response: { 200: UserSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] }
      }
    },
    async (request) => {
      await requireAdmin(request);
      return getUser(ctx, request.params.id);
    }
  );
  app.put(
    "/users/:id",
    {
      schema: {
        tags: tags18,
        summary: "Change a user (admin)",
        params: IdParamsSchema,
        body: UpdateUserBodySchema,
        response: {
          200: UserSchema,
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
          409: errors[409]
        }
      }
    },
    async (request) => updateUser2(ctx, await requireAdmin(request), request.params.id, request.body.data)
  );
}, "usersRoutes");

// src/payments/payments.routes.ts
import { z as z15 } from "zod";
var PaymentIncidentSchema = z15.object({
  id: z15.uuid(),
  kind: z15.enum(["double_collection"]),
  ownerKind: z15.string(),
  ownerId: z15.uuid(),
  amount: z15.number().int().describe("cents"),
  oppTransactionUid: z15.string().nullable(),
  refundUid: z15.string().nullable().describe("the provider refund; null while it still has to be made"),
  refundStatus: z15.string().nullable(),
  lastError: z15.string().nullable(),
  created: z15.string()
});
var uidText = z15.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/);
var optionalText = /* @__PURE__ */ __name((max) => z15.string().trim().min(1).max(max).optional(), "optionalText");
var OppNotificationSchema = z15.object({
  uid: optionalText(100),
  type: optionalText(100),
  created: z15.union([z15.number(), z15.string()]).optional(),
  object_uid: uidText,
  object_type: optionalText(50),
  object_url: optionalText(500),
  parent_uid: uidText.nullish(),
  parent_type: optionalText(50).nullable(),
  verification_hash: optionalText(200)
});
var rawBodies = /* @__PURE__ */ new WeakMap();
function parseNotificationBody(raw) {
  const text = raw.trim();
  if (text.startsWith("{")) {
    try {
      return JSON.parse(text);
    } catch {
      throw new AppError(ErrorCode.Validation, "The notification body is not valid JSON");
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}
__name(parseNotificationBody, "parseNotificationBody");
var paymentsRoutes = /* @__PURE__ */ __name(async (app, { ctx }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: 32 * 1024 }, (request, body, done) => {
    rawBodies.set(request.raw, String(body));
    try {
      done(null, parseNotificationBody(String(body)));
    } catch (err) {
      done(err, void 0);
    }
  });
  app.post(
    "/payments/opp/notify",
    {
      schema: {
        tags: ["payments"],
        summary: "Webhook of the payment provider (OPP), JSON or form-encoded. A poke: the named object is re-read from the provider (at most once per object per OPP_NOTIFY_REREAD_MS); the signature (OPP_NOTIFY_SCHEME) is checked and a mismatch logged; idempotent.",
        body: OppNotificationSchema,
        response: {
          200: z15.object({ result: z15.enum(["applied", "duplicate", "ignored"]) }),
          400: errors[400],
          429: ErrorBodySchema,
          502: ErrorBodySchema
        }
      }
    },
    async (request) => ({
      result: await handleNotification(ctx, {
        fields: request.body,
        rawBody: rawBodies.get(request.raw) ?? "",
        headers: request.headers,
        method: request.method,
        target: request.url
      })
    })
  );
  app.get(
    "/payments/incidents",
    {
      schema: {
        tags: ["payments"],
        summary: "Money incidents (a month collected twice and its automatic refund), newest first (ADMIN)",
        querystring: listQuerySchema(["created"]),
        response: {
          200: listResponseSchema(PaymentIncidentSchema),
          400: errors[400],
          401: errors[401],
          403: errors[403]
        }
      }
    },
    async (request) => {
      await requireAdmin(request);
      const { rows: rows3, count: count14 } = await listIncidents(ctx.db, windowOf(request.query));
      return {
        data: rows3.map(({ incident, oppUid }) => ({
          id: incident.id,
          kind: incident.kind,
          ownerKind: incident.ownerKind,
          ownerId: incident.ownerId,
          amount: incident.amount,
          oppTransactionUid: oppUid,
          refundUid: incident.refundUid,
          refundStatus: incident.refundStatus,
          lastError: incident.lastError,
          created: incident.created.toISOString()
        })),
        metadata: { count: count14 }
      };
    }
  );
  app.get(
    "/payments/moneycheck",
    {
      schema: {
        tags: ["payments"],
        summary: "The last run of the standing money check: `violations` is the metric to alert on (> 0), `details` lists them (ADMIN)",
        response: {
          200: z15.object({
            ran: z15.string().nullable().describe("when it last ran; null if never"),
            violations: z15.number().int(),
            durationMs: z15.number().int().nullable(),
            details: z15.array(z15.object({ invariant: z15.string(), subject: z15.string(), detail: z15.string() }))
          }),
          401: errors[401],
          403: errors[403]
        }
      }
    },
    async (request) => {
      await requireAdmin(request);
      const run = await lastMoneyCheckRun(ctx.db);
      return {
        ran: run?.created.toISOString() ?? null,
        violations: run?.violations ?? 0,
        durationMs: run?.durationMs ?? null,
        details: run?.details ?? []
      };
    }
  );
}, "paymentsRoutes");

// src/plugins/auth.ts
function registerAuth(app, options) {
  const actors2 = /* @__PURE__ */ new WeakMap();
  const subjects2 = /* @__PURE__ */ new WeakMap();
  async function verify(request) {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw AppError.unauthorized();
    try {
      return await verifyAccessToken(options.secret, match[1]);
    } catch {
      throw invalidToken();
    }
  }
  __name(verify, "verify");
  async function resolve(request, find) {
    const subject = await once(subjects2, request, verify);
    if (!subject) return null;
    let found;
    try {
      found = await find(subject.id);
    } catch {
      throw invalidToken();
    }
    if (!found || found.userId !== subject.id || found.tokenVersion !== subject.tokenVersion) throw invalidToken();
    const twoStep = subject.twoStep === true;
    if (found.role === "ADMIN" && !(twoStep && found.twoStepEnabled)) {
      return { userId: found.userId, role: found.role, twoStep, twoStepMissing: true };
    }
    return { userId: found.userId, role: found.role, twoStep };
  }
  __name(resolve, "resolve");
  app.decorateRequest("actor", function() {
    return once(actors2, this, (request) => resolve(request, options.findActor));
  });
  app.decorateRequest("actorFrom", function(found) {
    return once(actors2, this, (request) => resolve(request, async () => found));
  });
  app.decorateRequest("claimedUserId", async function() {
    return (await once(subjects2, this, verify))?.id ?? null;
  });
}
__name(registerAuth, "registerAuth");
function invalidToken() {
  return new AppError("UNAUTHORIZED", "Invalid or expired access token");
}
__name(invalidToken, "invalidToken");
function once(cache, request, work) {
  let pending = cache.get(request);
  if (!pending) {
    pending = work(request);
    cache.set(request, pending);
  }
  return pending;
}
__name(once, "once");

// src/plugins/error-handler.ts
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
var REASON = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway"
};
function sendError(reply, statusCode, code, message, fields) {
  const body = { statusCode, error: REASON[statusCode] ?? "Error", code, message };
  if (fields) body.fields = fields;
  return reply.status(statusCode).type("application/json").send(body);
}
__name(sendError, "sendError");
function controlCharacterPath(value) {
  const pending = [[value, []]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path6] = next;
    if (typeof item === "string") {
      if (hasControlCharacter(item)) return path6.join(".") || "_";
    } else if (item && typeof item === "object" && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item).reverse()) pending.push([child, [...path6, key]]);
    }
  }
  return null;
}
__name(controlCharacterPath, "controlCharacterPath");
function isCleanFlat(value) {
  if (value === void 0 || value === null) return true;
  if (typeof value !== "object" || Buffer.isBuffer(value)) return false;
  for (const key in value) {
    const item = value[key];
    if (typeof item !== "string" || hasControlCharacter(item)) return false;
  }
  return true;
}
__name(isCleanFlat, "isCleanFlat");
var REQUEST_PARTS = [
  ["params", "params"],
  ["querystring", "query"],
  ["body", "body"]
];
function registerErrorHandler(app) {
  app.addHook("preValidation", (request, reply, done) => {
    for (const [where, part] of REQUEST_PARTS) {
      const value = request[part];
      if (isCleanFlat(value)) continue;
      const field = controlCharacterPath(value);
      if (field !== null) {
        sendError(reply, 400, ErrorCode.Validation, `Invalid ${where}: ${field}`, { [field]: { key: "invalid" } });
        return;
      }
    }
    done();
  });
  app.setErrorHandler((err, request, reply) => {
    if (err instanceof AppError) {
      return sendError(reply, err.statusCode, err.code, err.message, err.fields);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map(
        (v) => ({
          ...v.params,
          code: v.keyword,
          message: v.message ?? "",
          path: v.instancePath.split("/").filter(Boolean)
        })
      );
      const fields = issuesToFields(issues);
      const where = err.validationContext ?? "request";
      const first = Object.keys(fields)[0];
      return sendError(reply, 400, ErrorCode.Validation, `Invalid ${where}${first ? `: ${first}` : ""}`, fields);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, "response does not match its schema");
      return sendError(reply, 500, ErrorCode.Internal, "Internal server error");
    }
    const status2 = err.statusCode ?? 500;
    if (status2 === 429) return sendError(reply, 429, ErrorCode.RateLimited, "Too many requests, try again later");
    if (status2 === 413) return sendError(reply, 413, ErrorCode.PayloadTooLarge, "Request body is too large");
    if (status2 >= 400 && status2 < 500) {
      return sendError(reply, status2, ErrorCode.BadRequest, err.message);
    }
    request.log.error({ err }, "unhandled error");
    return sendError(reply, 500, ErrorCode.Internal, "Internal server error");
  });
}
__name(registerErrorHandler, "registerErrorHandler");

// src/plugins/openapi.ts
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
async function registerOpenApi(app, config) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${config.BRAND_NAME} API`,
        version: "1.0.0",
        description: "Tipping platform API. Lists answer `{data, metadata: {count}}` and take `skip`, `limit`, `sortBy`, `sortDesc`, `search`. `limit` is the exclusive END of the window (rows skip \u2026 limit-1, at most 1000), matching the web client's paging conversion (skip = page \xD7 itemsPerPage \u2212 itemsPerPage, limit = page \xD7 itemsPerPage). Amounts are integer euro cents."
      },
      servers: [{ url: "/api/v1" }],
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } }
      },
      security: [{ bearer: [] }]
    },
    transform: jsonSchemaTransform
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  app.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
__name(registerOpenApi, "registerOpenApi");

// src/plugins/ops.ts
import { timingSafeEqual as timingSafeEqual3 } from "node:crypto";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
var READY_TIMEOUT_MS = 2e3;
function registerOps(app, options) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: "podpot_http_request_duration_seconds",
    help: "HTTP requests by route, method and status code",
    labelNames: ["method", "route", "status"],
    buckets: [5e-3, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry]
  });
  const jobs = new Counter({
    name: "podpot_job_runs_total",
    help: "Scheduled job runs by job and outcome",
    labelNames: ["job", "outcome"],
    registers: [registry]
  });
  const jobSeconds = new Histogram({
    name: "podpot_job_duration_seconds",
    help: "Scheduled job run time",
    labelNames: ["job"],
    buckets: [0.01, 0.1, 1, 10, 60, 300],
    registers: [registry]
  });
  const byStatus = /* @__PURE__ */ __name((name, help, key) => new Gauge({
    name,
    help,
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const counts = (await options.countsByStatus())[key];
      this.reset();
      for (const [status2, n] of Object.entries(counts)) this.set({ status: status2 }, n);
    }
  }), "byStatus");
  byStatus("podpot_tips", "One-off tips by status", "tips");
  byStatus("podpot_recurring_charges", "Monthly-tip charges by status", "charges");
  const outbox = /* @__PURE__ */ __name((name, help, key) => new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      this.set((await options.outboxDepth())[key]);
    }
  }), "outbox");
  outbox("podpot_mail_outbox_pending", "Mails queued and not sent yet", "pending");
  outbox(
    "podpot_mail_outbox_oldest_pending_seconds",
    "How long the oldest unsent mail has waited (0 when none)",
    "oldestPendingSeconds"
  );
  const series = /* @__PURE__ */ new Map();
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = requests.labels({ method: request.method, route, status: String(reply.statusCode) });
      series.set(key, child);
    }
    child.observe(reply.elapsedTime / 1e3);
    done();
  });
  const hidden = { schema: { hide: true } };
  app.get("/healthz", hidden, async () => ({ status: "ok" }));
  app.get("/readyz", hidden, async (_request, reply) => {
    const results = await Promise.all(
      Object.entries(options.checks).map(async ([name, check]) => {
        try {
          await withTimeout2(check(), READY_TIMEOUT_MS);
          return [name, "ok"];
        } catch (err) {
          app.log.warn({ err, check: name }, "readiness check failed");
          return [name, "failing"];
        }
      })
    );
    const ready = results.every(([, state]) => state === "ok");
    return reply.status(ready ? 200 : 503).send({ status: ready ? "ready" : "not ready", checks: Object.fromEntries(results) });
  });
  app.get("/metrics", hidden, async (request, reply) => {
    if (!mayScrape(request, options))
      return reply.status(404).send({ statusCode: 404, error: "Not Found", code: "NOT_FOUND", message: "Not found" });
    return reply.header("content-type", registry.contentType).send(await registry.metrics());
  });
  return {
    jobRun(name, outcome, seconds) {
      jobs.inc({ job: name, outcome });
      jobSeconds.observe({ job: name }, seconds);
    }
  };
}
__name(registerOps, "registerOps");
function mayScrape(request, options) {
  if (!options.metricsToken) return !options.production;
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(options.metricsToken);
  return a.length === b.length && timingSafeEqual3(a, b);
}
__name(mayScrape, "mayScrape");
function withTimeout2(work, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      }
    );
  });
}
__name(withTimeout2, "withTimeout");

// src/plugins/request-log.ts
import { LogController } from "fastify";
var OneLinePerRequest = class extends LogController {
  static {
    __name(this, "OneLinePerRequest");
  }
  incomingRequest() {
  }
  requestCompleted(error, request, reply) {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    }
  }
};
function requestLogController() {
  return new OneLinePerRequest();
}
__name(requestLogController, "requestLogController");

// src/plugins/security-headers.ts
import helmet from "helmet";
function registerSecurityHeaders(app, options) {
  const headers = securityHeaders(options);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
__name(registerSecurityHeaders, "registerSecurityHeaders");
function securityHeaders(options) {
  const headers = {};
  const response = {
    setHeader(name, value) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name) {
      delete headers[name.toLowerCase()];
    }
  };
  let done = false;
  helmet(options)({}, response, (err) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error("helmet did not finish synchronously");
  return headers;
}
__name(securityHeaders, "securityHeaders");

// src/plugins/web.ts
import { existsSync, readFileSync } from "node:fs";
import path2 from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
var DEFAULT_DIST = path2.resolve(path2.dirname(fileURLToPath(new URL("../src/plugins/web.ts", import.meta.url).href)), "../../../web/dist");
async function loadStorefrontRenderer(root) {
  const file = path2.join(root, ".ssr", "server.mjs");
  if (!existsSync(file)) return null;
  const module = await import(pathToFileURL(file).href);
  return typeof module.renderStorefront === "function" ? module : null;
}
__name(loadStorefrontRenderer, "loadStorefrontRenderer");
function jsonElement(id, value) {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, "\\u003c")}</script>`;
}
__name(jsonElement, "jsonElement");
function escapeHtml(value) {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c
  );
}
__name(escapeHtml, "escapeHtml");
function homeLocaleOf(url) {
  const pathname = `/${url.split(/[?#]/)[0].split("/").filter(Boolean).join("/")}`;
  return stripLocale(pathname) === "/" ? localeFromPath(pathname) : null;
}
__name(homeLocaleOf, "homeLocaleOf");
var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function storefrontSlugOf(url) {
  const pathname = `/${url.split(/[?#]/)[0].split("/").filter(Boolean).join("/")}`;
  const locale = localeFromPath(pathname);
  const rest = stripLocale(pathname).split("/").filter(Boolean);
  const episode = rest.length === 3 && rest[1] === "e";
  const slug = rest.length === 1 || episode ? safeDecode(rest[0]).toLowerCase() : null;
  if (!slug || !SLUG_PATTERN.test(slug) || isReservedSlug(slug)) return null;
  if (!episode) return { slug, locale };
  const episodeId = safeDecode(rest[2]).toLowerCase();
  return { slug, locale, episodeId: UUID.test(episodeId) ? episodeId : "" };
}
__name(storefrontSlugOf, "storefrontSlugOf");
function safeDecode(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}
__name(safeDecode, "safeDecode");
function storefrontShell(tipjar) {
  const initial = escapeHtml(tipjar.name.slice(0, 1).toUpperCase());
  const image = tipjar.imageUrl ? `<img class="pp-avatar" src="${escapeHtml(tipjar.imageUrl)}" alt="" width="96" height="96">` : `<div class="pp-avatar" aria-hidden="true">${initial}</div>`;
  const description = tipjar.description ? `<p>${escapeHtml(tipjar.description)}</p>` : "";
  return [
    "<style>",
    // body's margin as the app's CssBaseline sets it.
    "body{margin:0}",
    '.pp-shell{min-height:100vh;background:#fafafa;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:rgba(0,0,0,.87)}',
    ".pp-bar{height:56px;background:#fff;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)}",
    ".pp-main{box-sizing:border-box;max-width:600px;margin:0 auto;padding:32px 16px}",
    ".pp-card{background:#fff;border-radius:10px;padding:16px;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)}",
    ".pp-card header{display:flex;gap:16px;align-items:flex-start}",
    ".pp-avatar{flex:none;width:96px;height:96px;border-radius:10px;background:#f28a3d;color:#fff;font-size:2.5rem;display:flex;align-items:center;justify-content:center;object-fit:cover}",
    ".pp-card h1{font-size:2.4rem;font-weight:700;line-height:1.167;margin:0 0 .35em;overflow-wrap:anywhere}",
    ".pp-card p{white-space:pre-line;margin:0 0 8px;line-height:1.5}",
    "@media(min-width:600px){.pp-bar{height:64px}.pp-main{padding:32px 24px}.pp-card{padding:24px}}",
    "</style>",
    `<div class="pp-shell"><div class="pp-bar"></div><main class="pp-main"><div class="pp-card"><header>${image}<div><h1>${escapeHtml(tipjar.name)}</h1>${description}</div></header></div></main></div>`
  ].join("");
}
__name(storefrontShell, "storefrontShell");
async function registerWeb(app, ctx, findStorefront, findEpisode2) {
  const { config } = ctx;
  const root = path2.resolve(config.WEB_DIST ?? DEFAULT_DIST);
  const indexFile = path2.join(root, "index.html");
  const hasWeb = existsSync(indexFile);
  const indexHtml = hasWeb ? readFileSync(indexFile, "utf8") : "";
  const storefrontFile = path2.join(root, "storefront.html");
  const storefrontTemplate = existsSync(storefrontFile) ? readFileSync(storefrontFile, "utf8") : indexHtml;
  const renderer = hasWeb ? await loadStorefrontRenderer(root) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are, with
      // Content-Encoding and Vary: Accept-Encoding, to clients that accept them.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path2.sep}assets${path2.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        }
      }
    });
  } else {
    app.log.warn({ root }, "web app not built: only the API is served (run `npm run build`)");
  }
  const homeFile = path2.join(root, "home.html");
  const homeTemplate = existsSync(homeFile) && renderer?.renderHome ? readFileSync(homeFile, "utf8") : null;
  const homePages = /* @__PURE__ */ new Map();
  function homeHtml(locale) {
    if (!homeTemplate || !renderer?.renderHome) return null;
    let html = homePages.get(locale);
    if (!html) {
      const rendered = renderer.renderHome({ locale });
      const url = appUrl(config.publicUrl, "home", {}, locale);
      const tags19 = [
        `<title>${escapeHtml(rendered.title)}</title>`,
        `<link rel="canonical" href="${escapeHtml(url)}" />`,
        '<meta property="og:type" content="website" />',
        `<meta property="og:site_name" content="${escapeHtml(config.BRAND_NAME)}" />`,
        `<meta property="og:title" content="${escapeHtml(rendered.title)}" />`,
        `<meta property="og:url" content="${escapeHtml(url)}" />`,
        jsonElement(HOME_STRINGS_ELEMENT_ID, rendered.strings)
      ];
      html = homeTemplate.replace(/<html lang="[^"]*"/, () => `<html lang="${locale}"`).replace(/<title>[^<]*<\/title>/, () => tags19.join("\n    ")).replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`);
      homePages.set(locale, html);
    }
    return html;
  }
  __name(homeHtml, "homeHtml");
  async function storefrontHtml(request) {
    const homeLocale = homeLocaleOf(request.url);
    if (homeLocale) return { status: 200, html: homeHtml(homeLocale) ?? indexHtml };
    const target = storefrontSlugOf(request.url);
    if (!target) return { status: 200, html: indexHtml };
    const tipjar = await findStorefront(target.slug);
    if (!tipjar) return { status: 404, html: indexHtml };
    if (target.episodeId !== void 0) {
      const episode = target.episodeId && findEpisode2 ? await findEpisode2(tipjar, target.episodeId) : void 0;
      if (!episode) return { status: 404, html: indexHtml };
      return { status: 200, html: renderStorefrontPage(tipjar, target.locale, episode) };
    }
    const pages = storefrontPages.get(tipjar) ?? /* @__PURE__ */ new Map();
    storefrontPages.set(tipjar, pages);
    const html = pages.get(target.locale) ?? renderStorefrontPage(tipjar, target.locale);
    pages.set(target.locale, html);
    return { status: 200, html };
  }
  __name(storefrontHtml, "storefrontHtml");
  const storefrontPages = /* @__PURE__ */ new WeakMap();
  function renderStorefrontPage(tipjar, locale, episode) {
    const rendered = renderer?.renderStorefront({ tipjar, locale, episode });
    const url = episode ? appUrl(config.publicUrl, "storefrontEpisode", { tipjarslug: tipjar.slug, episodeid: episode.id }, locale) : appUrl(config.publicUrl, "storefront", { tipjarslug: tipjar.slug }, locale);
    const name = episode ? rendered?.title ?? `${episode.title} - ${tipjar.name}` : tipjar.name;
    const title = `${name} - ${config.BRAND_NAME}`;
    const description = episode && rendered?.description || tipjar.description || tipjar.name;
    const tags19 = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      '<meta property="og:type" content="website" />',
      `<meta property="og:site_name" content="${escapeHtml(config.BRAND_NAME)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      ...tipjar.imageUrl ? [`<meta property="og:image" content="${escapeHtml(tipjar.imageUrl)}" />`] : [],
      `<meta name="twitter:card" content="${tipjar.imageUrl ? "summary_large_image" : "summary"}" />`,
      // Data, not script: the CSP's script-src does not apply.
      jsonElement(STOREFRONT_DATA_ELEMENT_ID, tipjar),
      ...episode ? [jsonElement(STOREFRONT_EPISODE_ELEMENT_ID, episode)] : []
    ];
    if (rendered) tags19.push(jsonElement(STOREFRONT_STRINGS_ELEMENT_ID, rendered.strings));
    const body = rendered?.html ?? storefrontShell(tipjar);
    return storefrontTemplate.replace(/<html lang="[^"]*"/, () => `<html lang="${locale}"`).replace(/<title>[^<]*<\/title>/, () => tags19.join("\n    ")).replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
  }
  __name(renderStorefrontPage, "renderStorefrontPage");
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isApi = url.startsWith("/api/") || url.startsWith("/sim/opp/");
    if (!isApi && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
      const [pathname = "/", query] = url.split("?");
      const redirect = rootLocaleRedirect({
        pathname,
        cookieLocale: langOfCookie(request.headers.cookie),
        browserLanguages: acceptedLanguages(request.headers["accept-language"])
      });
      if (redirect)
        return reply.header("vary", "Cookie, Accept-Language").redirect(query ? `${redirect}?${query}` : redirect);
      const homeLocale = homeLocaleOf(url);
      if (homeLocale) {
        reply.header(
          "set-cookie",
          `${LANG_COOKIE}=${homeLocale}; Max-Age=${LANG_COOKIE_DAYS * 86400}; Path=/; SameSite=Lax`
        );
      }
      const { status: status2, html } = await storefrontHtml(request);
      reply.status(status2).type("text/html; charset=utf-8").header("cache-control", "no-cache");
      return sendCompressed(request, reply, html);
    }
    return sendError(reply, 404, ErrorCode.NotFound, `Route ${request.method} ${url.split("?")[0]} not found`);
  });
}
__name(registerWeb, "registerWeb");

// src/app.ts
async function buildApp(options) {
  const { config, db } = options;
  await resolveSharedSecrets(config, db);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // Off unless the deployment names its proxies: otherwise X-Forwarded-For is whatever the client says.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    logController: requestLogController()
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const ctx = {
    config,
    db,
    log: app.log,
    mailer: options.mailer ?? createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: `${config.dataDir}/outbox`,
      log: app.log
    }),
    // Read when a round starts, so a mailer swapped later (tests) is the one used.
    outbox: createMailOutbox(
      () => ({ db, mailer: ctx.mailer, log: app.log, mailFrom: config.MAIL_FROM, brand: config.BRAND_NAME }),
      {
        enabled: config.MAIL_WORKER === "on"
      }
    ),
    background: createBackgroundWork(app.log),
    opp: new OppClient({
      baseUrl: config.OPP_API_URL ?? `http://127.0.0.1:${config.PORT}/sim/opp/v1`,
      apiKey: config.OPP_API_KEY,
      retry: { tries: config.OPP_RETRY_TRIES, baseDelayMs: config.OPP_RETRY_BASE_MS },
      merchantConcurrency: config.OPP_MERCHANT_CONCURRENCY,
      fetch: options.oppFetch,
      onUnknownValue: /* @__PURE__ */ __name((field, value) => app.log.warn({ field, value }, "OPP sent an unknown value"), "onUnknownValue")
    }),
    // The payment ledger's wiring: who owns each kind of provider transaction (what a status change
    // means for it) and who reads back each other kind of notified object. The one place to look.
    payments: {
      owners: {
        [ADDON_KIND]: onAddonPayment,
        // A refunded or charged-back payment is also recorded as a reversal of its tip (refunds module).
        [TIP_KIND]: recordingReversals(onTipPayment, tipOfTipPayment),
        [CHARGE_KIND]: recordingReversals(onChargePayment, tipOfChargePayment)
      },
      notifications: {
        mandate: onMandateNotification,
        ...merchantNotificationHandlers
      },
      adopters: [firstPaymentAdopter]
    },
    sessions: createSessionCache(db, app.log),
    storefront: /* @__PURE__ */ __name(async (db2, tipjar) => {
      const [extras, recentEpisodes2] = await Promise.all([
        storefrontExtras(db2, tipjar),
        recentEpisodesOf(db2, tipjar.id)
      ]);
      return { ...extras, recentEpisodes: recentEpisodes2 };
    }, "storefront"),
    feedSaved
  };
  app.addHook("onClose", () => ctx.sessions.close());
  app.addHook("onClose", () => ctx.background.idle());
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null
      }
    },
    crossOriginEmbedderPolicy: false
  });
  await registerCompression(app);
  const limits = await createLimitStore({ redisUrl: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX }, app.log);
  app.addHook("onClose", () => limits.close());
  await app.register(rateLimit, { global: false, hook: "preHandler", ...limits.pluginOptions });
  const probes = createAddressLimit(limits, "address-probe", ADDRESS_PROBE_POLICIES);
  await app.register(formbody);
  if (config.CORS_ORIGIN) {
    const origin = config.CORS_ORIGIN;
    app.addHook("onRequest", async (request, reply) => {
      if (request.headers.origin === origin) {
        reply.header("access-control-allow-origin", origin).header("vary", "origin");
      }
    });
  }
  await registerOpenApi(app, config);
  const ops = registerOps(app, {
    production: config.NODE_ENV === "production",
    metricsToken: config.METRICS_TOKEN,
    checks: {
      database: /* @__PURE__ */ __name(async () => {
        await db.execute(sql20`select 1`);
      }, "database"),
      // The real provider answers an authenticated read (the simulator lives in this process).
      ...config.usesSimulator ? {} : { provider: /* @__PURE__ */ __name(async () => void await ctx.opp.listTransactions({ perpage: 1 }), "provider") },
      // The shared rate-limit store: while it fails, limits count per process (still served, but looser).
      ...limits.ping ? { redis: limits.ping } : {}
    },
    countsByStatus: /* @__PURE__ */ __name(() => countsByStatus(db), "countsByStatus"),
    outboxDepth: /* @__PURE__ */ __name(() => outboxDepth(db), "outboxDepth")
  });
  registerAuth(app, {
    secret: config.JWT_SECRET,
    findActor: /* @__PURE__ */ __name((userId) => ctx.sessions.actor(userId, () => findActor(ctx.db, userId)), "findActor")
  });
  await app.register(
    async (api) => {
      await api.register(authRoutes, { ctx, limits });
      await api.register(twoStepRoutes, { ctx, limits });
      await api.register(usersRoutes, { ctx, probes });
      await api.register(faqitemsRoutes, { ctx });
      await api.register(paymentmethodsRoutes, { ctx });
      await api.register(paymentsRoutes, { ctx });
      await api.register(tipjarsRoutes, { ctx, probes });
      await api.register(addonsRoutes, { ctx });
      await api.register(merchantsRoutes, { ctx });
      await api.register(tipsRoutes, { ctx });
      await api.register(refundsRoutes, { ctx });
      await api.register(statisticsRoutes, { ctx });
      await api.register(supportersRoutes, { ctx });
      await api.register(recurringTipsRoutes, { ctx });
      await api.register(settlementsRoutes, { ctx });
      await api.register(invoicesRoutes, { ctx });
      await api.register(archiveRoutes, { ctx });
      await api.register(feedsRoutes, { ctx });
      await api.register(shareRoutes, { ctx });
      await api.register(episodesRoutes, { ctx });
      await api.register(auditRoutes, { ctx });
      await api.register(privacyRoutes, { ctx });
    },
    { prefix: "/api/v1" }
  );
  if (config.usesSimulator && config.NODE_ENV !== "production") {
    await (await import("./simulator-MQHH6QLE.js")).mountSimulator(app, ctx);
  }
  if (config.NODE_ENV !== "production") {
    (await import("./demo-feed-FYWK4LZT.js")).mountDemoFeed(app, ctx);
    (await import("./mail-preview-AJX7HPNU.js")).mountMailPreview(app, ctx);
  }
  if (config.JOBS === "on") {
    const stopJobs = startJobs(ctx, ops.jobRun);
    app.addHook("onClose", async () => stopJobs());
  }
  app.addHook("onClose", async () => ctx.outbox.stop());
  await registerWeb(
    app,
    ctx,
    (slug) => findPublicTipjar(ctx, slug),
    // An episode's tip page (/{slug}/e/{episodeId}): rendered with the episode inlined.
    async (tipjar, episodeId) => {
      const found = await findPublicEpisode(ctx, tipjar.slug, episodeId);
      return found && toPublicEpisode(found.episode);
    }
  );
  return { app, ctx };
}
__name(buildApp, "buildApp");

// src/config/env.ts
import path3 from "node:path";

// src/config/env-schema.ts
import { z as z16 } from "zod";
var optionalUrl = z16.preprocess((v) => v === "" ? void 0 : v, z16.url().optional());
var optionalText2 = z16.preprocess((v) => v === "" ? void 0 : v, z16.string().trim().min(1).optional());
var PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];
var trustProxySetting = z16.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    const text = v.trim().toLowerCase();
    if (["", "off", "false", "0"].includes(text)) return false;
    return /^\d+$/.test(text) ? Number(text) : text.split(",").map((part) => part.trim());
  },
  z16.union(
    [
      z16.literal(false),
      z16.number().int().min(1),
      z16.array(z16.union([z16.ipv4(), z16.ipv6(), z16.cidrv4(), z16.cidrv6(), z16.enum(PROXY_NAMES)])).min(1)
    ],
    { error: "off, a hop count (e.g. 1), or comma-separated proxy addresses/CIDRs" }
  ).default(false)
);
var EnvSchema = z16.object({
  NODE_ENV: z16.enum(["development", "production", "test"]).default("development"),
  PORT: z16.coerce.number().int().min(0).max(65535).default(3e3),
  HOST: z16.string().default("0.0.0.0"),
  /** Public base URL of this deployment, used in mails and provider return/notify URLs. */
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z16.string().default("./data"),
  /** postgres://… switches from the embedded PGlite database to PostgreSQL. */
  DATABASE_URL: optionalUrl,
  /**
   * PostgreSQL connections per process. No connection is held during a provider call, so 20 carries
   * the charge run's 16 sends in flight (each a few short statements) or a burst of tips (decision 019).
   */
  DATABASE_POOL_SIZE: z16.coerce.number().int().min(1).max(100).default(20),
  /** HS256 signing secret for access tokens; at least 32 characters. Generated once per database outside production. */
  JWT_SECRET: z16.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  ACCESS_TOKEN_TTL_SECONDS: z16.coerce.number().int().min(60).default(60 * 60 * 24 * 7),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z16.string().default("Podpot <no-reply@podpot.local>"),
  BRAND_NAME: z16.string().min(1).default(DEFAULT_BRAND_NAME),
  /** Real OPP API (e.g. https://api-sandbox.onlinebetaalplatform.nl/v1). Unset: the built-in simulator. */
  OPP_API_URL: optionalUrl,
  OPP_API_KEY: z16.string().optional(),
  /** Secret of OPP's notification signature (the verification_hash or the signed headers). */
  OPP_NOTIFY_SECRET: z16.string().optional(),
  /**
   * How a notification's signature is checked: `verification_hash` (HMAC-SHA256 of the notification
   * uid, in the body), `headers` (HTTP `Digest` + `Signature`, hmac-sha256) or `none`. Whatever it
   * says, a notification is only a poke: the object is re-read from the provider with our key, and a
   * signature that does not match is logged, never trusted for anything but skipping a repeat.
   */
  OPP_NOTIFY_SCHEME: z16.enum(["verification_hash", "headers", "none"]).default("verification_hash"),
  /** At most one re-read of one notified object per this many ms; pokes meanwhile share the next read. */
  OPP_NOTIFY_REREAD_MS: z16.coerce.number().int().min(0).max(6e4).default(2e3),
  /** Tries in all for an OPP call that may be repeated (GETs, creates with an Idempotency-Key); 1 = no retry. */
  OPP_RETRY_TRIES: z16.coerce.number().int().min(1).max(10).default(3),
  /** First back-off before a retry (ms); doubles per try, each wait jittered below it, at most 2 s. */
  OPP_RETRY_BASE_MS: z16.coerce.number().int().min(0).max(2e3).default(250),
  /** Payments naming one merchant in flight at once per process (decision 019); its changes go one at a time. */
  OPP_MERCHANT_CONCURRENCY: z16.coerce.number().int().min(1).max(256).default(16),
  /** Monthly charges the charge run sends to the provider at once (decision 019). */
  CHARGE_CONCURRENCY: z16.coerce.number().int().min(1).max(256).default(16),
  /** The platform's own OPP merchant, which receives the Podpot add-on payments. */
  OPP_PLATFORM_MERCHANT_UID: z16.string().optional(),
  /** Simulator only: how long a new consumer merchant stays pending before it goes live (ms). */
  SIM_MERCHANT_LIVE_DELAY_MS: z16.coerce.number().int().min(0).optional(),
  /**
   * Simulator only, off by default: its fault mode (duplicate, reordered and late notifications, 409s
   * and 5xx, answers lost after acting), e.g. `duplicate,reorder,delay,http409=0.2,http5xx=0.1,timeout=0.1`;
   * the grammar is in apps/opp-simulator/src/faults.ts. Refused in production.
   */
  SIM_FAULTS: optionalText2,
  /** Seed of the fault mode's random choices: the same seed replays a run (logged at start when drawn). */
  SIM_FAULTS_SEED: z16.coerce.number().int().min(0).max(2 ** 32 - 1).optional(),
  PLATFORM_FEE_BPS: z16.coerce.number().int().min(0).max(5e3).default(DEFAULT_PLATFORM_FEE_BPS),
  /** Price of the Podpot add-on in cents, VAT included. */
  TIPJAR_PRICE_CENTS: z16.coerce.number().int().min(0).default(1500),
  /** Tip creations per minute per client IP (against card testing); the bench raises it. */
  TIP_RATE_LIMIT_PER_MINUTE: z16.coerce.number().int().min(1).default(20),
  // --- Abuse limits ---
  /** Which proxies may set X-Forwarded-For: off (default), a hop count (`1`), or addresses/CIDRs. */
  TRUST_PROXY: trustProxySetting,
  /** redis://… keeps the rate-limit counters and the login back-off in Redis, shared by every process. */
  REDIS_URL: optionalUrl,
  /** Prefix of every Redis key (several deployments, or test runs, on one Redis). */
  REDIS_KEY_PREFIX: z16.string().default("podpot:"),
  /** Failed logins for one e-mail address (from any IP) before it must wait; each further failure doubles the wait. */
  LOGIN_MAX_FAILURES: z16.coerce.number().int().min(1).default(5),
  // --- end of abuse limits ---
  /**
   * Podcast feeds (decision 030): whether a feed or artwork may be fetched from a loopback address
   * (127.0.0.0/8, ::1). Default: on outside production (tests, the demo feed this process serves), off
   * in production. Every other private, link-local or CGNAT range is refused whatever this says.
   */
  FEED_ALLOW_LOOPBACK: z16.enum(["true", "false"]).optional(),
  /** Time for one feed or artwork fetch, redirects included (ms). */
  FEED_FETCH_TIMEOUT_MS: z16.coerce.number().int().min(100).max(6e4).default(1e4),
  /** Feed previews (POST feeds/preview) one user may ask per minute: each is an outgoing request. */
  FEED_PREVIEW_RATE_LIMIT_PER_MINUTE: z16.coerce.number().int().min(1).default(10),
  SEED_DEMO: z16.enum(["true", "false", "auto"]).default("auto"),
  LOG_LEVEL: z16.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CORS_ORIGIN: z16.string().optional(),
  /** Serve the built SPA from this folder (default apps/web/dist when it exists). */
  WEB_DIST: z16.string().optional(),
  JOBS: z16.enum(["on", "off"]).default("on"),
  /**
   * Whether this process sends the mail outbox (DESIGN.md §4.10): right after a commit that queued mail,
   * and every few seconds while JOBS=on. Off: mail stays queued for another process (tests of a crash).
   */
  MAIL_WORKER: z16.enum(["on", "off"]).default("on"),
  /** Bearer token for GET /metrics; without it /metrics answers only outside production. */
  METRICS_TOKEN: z16.string().min(16).optional(),
  /** The seller on invoices (the platform's company): demo values outside production, required in production. */
  SELLER_NAME: optionalText2,
  /** Address lines separated by ';' (e.g. "Street 1; 1234 AB Amsterdam"). */
  SELLER_ADDRESS: optionalText2,
  /** Chamber of Commerce (KvK) number. */
  SELLER_COC: optionalText2,
  SELLER_VAT_NUMBER: optionalText2,
  /** Where invoices are paid to; without it the payment terms name no account. */
  SELLER_IBAN: optionalText2,
  SELLER_PAYMENT_TERM_DAYS: z16.coerce.number().int().min(0).max(365).default(14)
});

// src/config/production.ts
function productionProblems(env) {
  const problems = [];
  const need = /* @__PURE__ */ __name((name, why) => {
    if (!env[name]) problems.push(`${name} is not set: ${why}`);
  }, "need");
  need("JWT_SECRET", "the signing secret of access tokens (at least 32 random characters)");
  if (env.JWT_SECRET && distinctCharacters(env.JWT_SECRET) < 12) {
    problems.push("JWT_SECRET is weak: use at least 32 random characters (e.g. `openssl rand -hex 32`)");
  }
  need("OPP_API_URL", "the payment provider API; production never runs the built-in simulator");
  if (env.OPP_API_URL && !isHttps(env.OPP_API_URL)) problems.push("OPP_API_URL must use https");
  need("OPP_API_KEY", "the API key of the payment provider");
  if (env.OPP_NOTIFY_SCHEME !== "none") {
    need(
      "OPP_NOTIFY_SECRET",
      `the secret of the provider's notification signature (OPP_NOTIFY_SCHEME=${env.OPP_NOTIFY_SCHEME})`
    );
    if (env.OPP_NOTIFY_SECRET && env.OPP_NOTIFY_SECRET.length < 16) {
      problems.push("OPP_NOTIFY_SECRET is weak: at least 16 characters");
    }
  }
  if (env.SIM_FAULTS && env.SIM_FAULTS.toLowerCase() !== "off") {
    problems.push("SIM_FAULTS is set: the fault mode belongs to the payment simulator, which production never runs");
  }
  need("OPP_PLATFORM_MERCHANT_UID", "the merchant that receives Podpot orders");
  need("PUBLIC_URL", "the public https address used in mails and payment return URLs");
  if (env.PUBLIC_URL && !isHttps(env.PUBLIC_URL)) problems.push("PUBLIC_URL must use https");
  for (const name of ["SELLER_NAME", "SELLER_ADDRESS", "SELLER_COC", "SELLER_VAT_NUMBER"]) {
    need(name, "the seller printed on invoices");
  }
  return problems;
}
__name(productionProblems, "productionProblems");
function isHttps(url) {
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}
__name(isHttps, "isHttps");
function distinctCharacters(value) {
  return new Set(value).size;
}
__name(distinctCharacters, "distinctCharacters");

// src/config/env.ts
function loadConfig(source = process.env, overrides = {}) {
  const parsed = EnvSchema.safeParse({ ...source, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:
${lines.join("\n")}`);
  }
  const env = parsed.data;
  const dataDir = path3.resolve(env.DATA_DIR);
  const usesSimulator = !env.OPP_API_URL;
  if (env.NODE_ENV === "production") {
    const problems = productionProblems(env);
    if (problems.length) {
      throw new Error(`Podpot will not start in production:
${problems.map((p) => `  - ${p}`).join("\n")}`);
    }
  }
  if (!usesSimulator && !env.OPP_API_KEY) throw new Error("Invalid configuration: OPP_API_URL needs OPP_API_KEY");
  return {
    ...env,
    ...sellerOf2(env),
    dataDir,
    usesSimulator,
    feedAllowLoopback: env.FEED_ALLOW_LOOPBACK ? env.FEED_ALLOW_LOOPBACK === "true" : env.NODE_ENV !== "production",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    // Outside production a missing secret is generated once per database (resolveSharedSecrets), so
    // every process on that database signs and verifies alike, across restarts.
    JWT_SECRET: env.JWT_SECRET ?? "",
    OPP_NOTIFY_SECRET: env.OPP_NOTIFY_SECRET ?? "",
    // The simulator's key is random per database too (never a constant anyone could guess).
    OPP_API_KEY: env.OPP_API_KEY ?? "",
    generatedSecrets: [
      ...env.JWT_SECRET ? [] : ["JWT_SECRET"],
      ...env.OPP_NOTIFY_SECRET ? [] : ["OPP_NOTIFY_SECRET"],
      ...env.OPP_API_KEY ? [] : ["OPP_API_KEY"]
    ]
  };
}
__name(loadConfig, "loadConfig");
function sellerOf2(env) {
  const demo = env.NODE_ENV !== "production";
  return {
    SELLER_NAME: env.SELLER_NAME ?? `${env.BRAND_NAME} B.V.`,
    SELLER_ADDRESS: env.SELLER_ADDRESS ?? "Demostraat 1; 1234 AB Amsterdam",
    SELLER_COC: env.SELLER_COC ?? "12345678",
    SELLER_VAT_NUMBER: env.SELLER_VAT_NUMBER ?? "NL123456789B01",
    SELLER_IBAN: env.SELLER_IBAN ?? (demo ? "NL91ABNA0417164300" : void 0)
  };
}
__name(sellerOf2, "sellerOf");

// src/db/client.ts
import { mkdirSync } from "node:fs";
import path4 from "node:path";
import { fileURLToPath as fileURLToPath2 } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg3 from "pg";
var MIGRATIONS_FOLDER = path4.resolve(path4.dirname(fileURLToPath2(new URL("../src/db/client.ts", import.meta.url).href)), "../../drizzle");
async function openDatabase(options) {
  if (options.url) {
    const pool = new pg3.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on("error", (err) => options.onIdleError?.(err));
    const db2 = drizzleNodePg(pool, { schema: schema_exports, casing: "snake_case" });
    const client2 = await pool.connect();
    try {
      await client2.query("select pg_advisory_lock(727274)");
      await migrateNodePg(drizzleNodePg(client2, { schema: schema_exports, casing: "snake_case" }), {
        migrationsFolder: MIGRATIONS_FOLDER
      });
    } finally {
      await client2.query("select pg_advisory_unlock(727274)").catch(() => {
      });
      client2.release();
    }
    return { db: db2, driver: "postgres", close: /* @__PURE__ */ __name(() => pool.end(), "close") };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = new PGlite({ dataDir: options.pgliteDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema: schema_exports, casing: "snake_case" });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, driver: "pglite", close: /* @__PURE__ */ __name(() => client.close(), "close") };
}
__name(openDatabase, "openDatabase");

// src/seed/demo.ts
import { asc as asc13, count as count13, desc as desc15, eq as eq28 } from "drizzle-orm";

// src/seed/demo-monthly.ts
import { randomUUID as randomUUID4 } from "node:crypto";
var TIPPERS = [
  { first: "Wouter", last: "Koffieleut", amount: 250, day: 8, startedAgo: 6, stoppedAgo: 3 },
  { first: "Ilse", last: "de Vries", amount: 500, day: 3, startedAgo: 5 },
  { first: "Ahmed", last: "Bakker", amount: 300, day: 12, startedAgo: 4 },
  { first: "Femke", last: "Jansen", amount: 1e3, day: 20, startedAgo: 2 }
];
function monthsBefore(now, monthsAgo, day) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day));
}
__name(monthsBefore, "monthsBefore");
var paidAt = /* @__PURE__ */ __name((at) => ({ completedAt: at, created: at, updated: at }), "paidAt");
async function seedDemoMonthlyTips(tx, input) {
  const now = input.now ?? /* @__PURE__ */ new Date();
  for (const tipper of TIPPERS) {
    const started = monthsBefore(now, tipper.startedAgo, tipper.day);
    const chargeDay = chargeDayOf(started);
    const stopped = "stoppedAgo" in tipper ? monthsBefore(now, tipper.stoppedAgo, tipper.day) : null;
    const email = `${tipper.first.toLowerCase()}@example.org`;
    const [user] = await tx.insert(users).values({ email, passwordHash: input.passwordHash, firstName: tipper.first, lastName: tipper.last, locale: "nl" }).returning();
    const recurringTipId = randomUUID4();
    const months2 = [];
    for (let period = periodOf(started); ; period = nextPeriod(period)) {
      const at = chargeDateOf(chargeDay, period);
      if (at > now || stopped && at > stopped) break;
      months2.push({ period, at });
    }
    const lastPaid = months2.at(-1);
    await tx.insert(recurringTips).values({
      id: recurringTipId,
      tipjarId: input.tipjarId,
      userId: user.id,
      amount: tipper.amount,
      status: stopped ? "cancelled" : "active",
      mandateStatus: stopped ? "revoked" : "valid",
      mandateUid: `mdt_demo_${recurringTipId.slice(0, 8)}`,
      paymentMethod: "ideal",
      chargeDay,
      nextChargeAt: stopped ? null : nextChargeAfter(chargeDay, lastPaid.period, now),
      displayName: tipper.first,
      locale: "nl",
      cancelledAt: stopped ? new Date(lastPaid.at.getTime() + 24 * 60 * 60 * 1e3) : null,
      created: started,
      updated: lastPaid.at
    });
    const paid = months2.map(({ period, at }, i) => {
      const via = i === 0 ? "mandate" : "debit";
      return { period, at, via, chargeId: randomUUID4(), tipId: randomUUID4(), transactionId: randomUUID4() };
    });
    await tx.insert(tips).values(
      paid.map((m) => ({
        id: m.tipId,
        tipjarId: input.tipjarId,
        amount: tipper.amount,
        fee: platformFeeOf(tipper.amount, input.feeBps),
        status: "completed",
        displayName: tipper.first,
        email,
        locale: "nl",
        // As the charge run writes them: the first month paid with iDEAL (the mandate), then SEPA debits.
        paymentMethod: m.via === "debit" ? "sepa" : "ideal",
        recurringTipId,
        ...paidAt(m.at)
      }))
    );
    await tx.insert(recurringTipCharges).values(
      paid.map((m) => ({
        id: m.chargeId,
        recurringTipId,
        period: m.period,
        amount: tipper.amount,
        via: m.via,
        status: "completed",
        tipId: m.tipId,
        oppTransactionId: m.transactionId,
        paidTransactionId: m.transactionId,
        lastAttemptAt: m.at,
        ...paidAt(m.at)
      }))
    );
    await tx.insert(oppTransactions).values(
      paid.map((m) => ({
        id: m.transactionId,
        kind: "recurring_charge",
        ownerId: m.chargeId,
        idempotencyKey: `${m.via === "mandate" ? "mandate" : "charge"}-${recurringTipId}-${m.period}-1`,
        status: "completed",
        amount: tipper.amount,
        merchantUid: input.merchantUid,
        request: { demo: true },
        created: m.at,
        updated: m.at
      }))
    );
  }
}
__name(seedDemoMonthlyTips, "seedDemoMonthlyTips");

// src/seed/demo.ts
var DEMO_PASSWORD = "podpot-demo-koffie";
var DEMO_LOGINS = [
  { role: "ADMIN", email: "admin@podpot.local", password: DEMO_PASSWORD },
  { role: "MAKER", email: "maker@podpot.local", password: DEMO_PASSWORD },
  { role: "USER", email: "listener@podpot.local", password: DEMO_PASSWORD }
];
var DEMO_TIPJAR_SLUG = "de-koffiepod";
var DEMO_ADMIN_TOTP_SECRET = "PODPOTDEMOADMINTOTPKEY234567ABCD";
async function seedDemoData(ctx) {
  const [existing] = await ctx.db.select({ n: count13() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { toStoredArtwork } = await import("./feeds.artwork-R4ASOGVX.js");
  const artwork = await toStoredArtwork(await demoArtwork());
  await ctx.db.transaction(async (tx) => {
    const [admin, maker] = await tx.insert(users).values([
      {
        email: "admin@podpot.local",
        passwordHash,
        role: "ADMIN",
        twoStepEnabled: true,
        firstName: "Anna",
        lastName: "Admin",
        locale: "nl"
      },
      { email: "maker@podpot.local", passwordHash, firstName: "Mark", lastName: "de Maker", locale: "nl" },
      { email: "listener@podpot.local", passwordHash, firstName: "Lotte", lastName: "Luisteraar", locale: "en" }
    ]).returning();
    await tx.insert(userTwoStep).values({
      userId: admin.id,
      secret: encryptSecret(ctx.config.JWT_SECRET, DEMO_ADMIN_TOTP_SECRET),
      enabledAt: /* @__PURE__ */ new Date()
    });
    const [art] = await tx.insert(artworks).values({ ...artwork, sourceUrl: `${ctx.config.publicUrl}${DEMO_FEED_PATH}`, createdBy: maker.id }).returning({ id: artworks.id });
    const [jar] = await tx.insert(tipjars).values({
      slug: DEMO_TIPJAR_SLUG,
      name: "De Koffiepod",
      status: "LIVE",
      type: "CONSUMER",
      description: "Elke week een nieuwe aflevering over koffie, mensen en verhalen.",
      podcastUrl: "https://example.org/koffiepod",
      // Linked to the demo feed this process serves; the maker can verify it (the code lands in ./data/outbox).
      rssUrl: `${ctx.config.publicUrl}${DEMO_FEED_PATH}`,
      artworkId: art.id,
      thankYouMessage: "Dank je wel! Hier zetten we een extra kop koffie van.",
      presetAmounts: [300, 500, 1e3],
      contactEmail: "maker@podpot.local",
      contactPhone: "+31612345678",
      // A monthly goal the storefront shows progress toward (decision 032).
      goalKind: "AMOUNT",
      goalTarget: 25e3
    }).returning();
    await tx.insert(tipjarAdmins).values({ tipjarId: jar.id, userId: maker.id });
    const feed = parseFeed(Buffer.from(demoFeedXml(ctx.config.publicUrl)), "application/rss+xml");
    await upsertEpisodes(tx, jar.id, episodesOf(feed));
    const demoEpisodes = await tx.select({ id: episodes.id }).from(episodes).where(eq28(episodes.tipjarId, jar.id)).orderBy(desc15(episodes.publishedAt));
    await tx.insert(addons).values({
      tipjarId: jar.id,
      type: "TIPJAR",
      costTotalWithTax: ctx.config.TIPJAR_PRICE_CENTS,
      orderedBy: maker.id
    });
    const names = ["Sanne", "Joris", null, "Fatima", "Kees", "Lotte", null, "Mo", "Eva", "Daan", "Noor", "Bram"];
    const amounts = [300, 500, 1e3, 250, 500, 300, 2e3, 500, 1e3, 300, 750, 500];
    const day = 24 * 60 * 60 * 1e3;
    await tx.insert(tips).values(
      names.map((name, i) => {
        const at = new Date(Date.now() - (i * 2.5 + 1) * day);
        return {
          tipjarId: jar.id,
          amount: amounts[i],
          fee: platformFeeOf(amounts[i], ctx.config.PLATFORM_FEE_BPS),
          status: i === 5 ? "cancelled" : "completed",
          privacy: !name ? "ANONYMOUS" : i % 4 === 1 ? "NAME_ONLY" : "NAME_AND_AMOUNT",
          displayName: name,
          message: i % 3 === 0 ? "Heerlijke aflevering, ga zo door!" : i === 2 ? "Voor de volgende zak bonen." : "",
          messageShown: i === 0 || i === 2,
          email: `tipper${i}@example.org`,
          locale: "nl",
          paymentMethod: i % 4 === 0 ? "bcmc" : "ideal",
          // Most tips for one of the episodes (the per-episode statistics), every third on the storefront.
          episodeId: i % 3 === 2 ? null : demoEpisodes[(i >> 1) % demoEpisodes.length]?.id ?? null,
          completedAt: i === 5 ? null : at,
          created: at,
          updated: at
        };
      })
    );
    await seedDemoMonthlyTips(tx, {
      tipjarId: jar.id,
      passwordHash,
      feeBps: ctx.config.PLATFORM_FEE_BPS,
      // The demo merchant is registered with the provider once the server listens (ensureDemoMerchant).
      merchantUid: "demo"
    });
    await tx.insert(paymentMethods).values([
      { name: "iDEAL", type: "ideal", active: true, priority: 20 },
      { name: "Bancontact", type: "bcmc", active: true, priority: 10 }
    ]);
    await tx.insert(faqItems).values([
      {
        priority: 30,
        question: { en: "What is a Podpot?", nl: "Wat is een Podpot?" },
        answer: {
          en: "A Podpot is a tip jar for your podcast, with its own page where listeners can give you a one-off or monthly tip.",
          nl: "Een Podpot is een fooienpot voor je podcast, met een eigen pagina waar luisteraars je een eenmalige of maandelijkse fooi geven."
        }
      },
      {
        priority: 20,
        question: { en: "How do I pay a tip?", nl: "Hoe betaal ik een fooi?" },
        answer: { en: "With iDEAL or Bancontact.", nl: "Met iDEAL of Bancontact." }
      },
      {
        priority: 10,
        question: { en: "When does the maker get the money?", nl: "Wanneer krijgt de maker het geld?" },
        answer: {
          en: "Tips are paid out to the maker's verified bank account by our payment provider.",
          nl: "Fooien worden door onze betaalpartner uitbetaald op de geverifieerde bankrekening van de maker."
        }
      }
    ]);
  });
  return { logins: DEMO_LOGINS, tipjarSlug: DEMO_TIPJAR_SLUG };
}
__name(seedDemoData, "seedDemoData");
async function ensureDemoMerchant(ctx) {
  const [jar] = await ctx.db.select().from(tipjars).where(eq28(tipjars.slug, DEMO_TIPJAR_SLUG));
  if (!jar || await findMerchantOfTipjar(ctx.db, jar.id)) return;
  const [admin] = await ctx.db.select({ userId: tipjarAdmins.userId, firstName: users.firstName, lastName: users.lastName }).from(tipjarAdmins).innerJoin(users, eq28(users.id, tipjarAdmins.userId)).where(eq28(tipjarAdmins.tipjarId, jar.id)).orderBy(asc13(tipjarAdmins.created)).limit(1);
  if (!admin) return;
  await createMerchant(ctx, { userId: admin.userId, role: "USER" }, jar.id, {
    firstName: admin.firstName || "Demo",
    lastName: admin.lastName || "Maker",
    country: "nld"
  });
}
__name(ensureDemoMerchant, "ensureDemoMerchant");

// src/server.ts
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path5.join(config.dataDir, "pglite"),
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleError: /* @__PURE__ */ __name((err) => console.warn(`database connection lost: ${err.message}`), "onIdleError")
  });
  const { app, ctx } = await buildApp({ config, db: database.db });
  const shouldSeed = config.NODE_ENV !== "production" && (config.SEED_DEMO === "true" || config.SEED_DEMO === "auto" && database.driver === "pglite");
  const seeded = shouldSeed ? await seedDemoData(ctx) : null;
  let closing = false;
  const shutdown = /* @__PURE__ */ __name(async (signal) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  }, "shutdown");
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port: config.PORT, host: config.HOST });
  if (shouldSeed) {
    await ensureDemoMerchant(ctx).catch(
      (err) => app.log.warn({ err }, "the demo tip jar could not register with the payment provider")
    );
  }
  const url = config.publicUrl;
  const lines = [
    "",
    `  ${config.BRAND_NAME} is running at ${url}`,
    `  API docs:      ${url}/api/docs`,
    `  Database:      ${database.driver === "pglite" ? `embedded PGlite in ${path5.join(config.dataDir, "pglite")}` : "PostgreSQL"}`,
    `  Mail outbox:   ${config.SMTP_URL ? "SMTP" : path5.join(config.dataDir, "outbox")}`,
    `  Payments:      ${config.usesSimulator ? `built-in OPP simulator at ${url}/sim/opp/v1` : config.OPP_API_URL}`
  ];
  if (seeded) {
    lines.push("  Demo logins:");
    for (const login2 of seeded.logins) lines.push(`    ${login2.role.padEnd(6)} ${login2.email} / ${login2.password}`);
    lines.push(`  Demo admin's two-step login key (authenticator app): ${DEMO_ADMIN_TOTP_SECRET}`);
    if (seeded.tipjarSlug) lines.push(`  Demo tip jar:  ${url}/${seeded.tipjarSlug}`);
  }
  console.log(lines.join("\n"));
}
__name(main, "main");
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
//# sourceMappingURL=server.js.map
