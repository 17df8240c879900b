import {
  __name
} from "./chunk-XE4OXN2W.js";

// ../../packages/domain/src/locale.ts
var LOCALES = ["en", "nl"];
var DEFAULT_LOCALE = "en";
var LOCALE_PREFIX = { en: "", nl: "/nl" };
function intlLocaleOf(locale) {
  return locale === "nl" ? "nl-NL" : "en-GB";
}
__name(intlLocaleOf, "intlLocaleOf");
function isLocale(value) {
  return typeof value === "string" && LOCALES.includes(value);
}
__name(isLocale, "isLocale");
var LANG_COOKIE = "lang";
var LANG_COOKIE_DAYS = 365;
function langOfCookie(cookie) {
  const value = (cookie ?? "").split(";").map((part) => part.trim().split("=")).find(([name]) => name === LANG_COOKIE)?.[1];
  return isLocale(value) ? value : void 0;
}
__name(langOfCookie, "langOfCookie");
function acceptedLanguages(header) {
  return (header ?? "").split(",").map((part, index) => {
    const [tag = "", ...params] = part.trim().split(";");
    const q = Number(
      params.find((p) => p.trim().startsWith("q="))?.trim().slice(2) ?? 1
    );
    return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
  }).filter((entry) => entry.tag && entry.tag !== "*" && entry.q > 0).sort((a, b) => b.q - a.q || a.index - b.index).map((entry) => entry.tag);
}
__name(acceptedLanguages, "acceptedLanguages");
function rootLocaleRedirect(input) {
  if (input.pathname !== "/") return null;
  if (input.cookieLocale) return input.cookieLocale === "nl" ? "/nl" : null;
  const supported = input.browserLanguages.map((language) => language.toLowerCase().split("-")[0]).find((language) => isLocale(language));
  return supported === "nl" ? "/nl" : null;
}
__name(rootLocaleRedirect, "rootLocaleRedirect");

// ../../packages/domain/src/money.ts
var MIN_TIP_CENTS = 100;
var MAX_TIP_CENTS = 1e5;
var DEFAULT_PLATFORM_FEE_BPS = 500;
var VAT_RATE_BPS = 2100;
function formatCents(cents, locale = "en") {
  return new Intl.NumberFormat(locale === "nl" ? "nl-NL" : "en-IE", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2
  }).format(cents / 100);
}
__name(formatCents, "formatCents");
function toDecimalEuros(cents, decimalMark = ".") {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}${decimalMark}${String(abs % 100).padStart(2, "0")}`;
}
__name(toDecimalEuros, "toDecimalEuros");
function formatBps(bps, locale = "en") {
  return new Intl.NumberFormat(locale === "nl" ? "nl-NL" : "en-IE", {
    style: "percent",
    maximumFractionDigits: 2
  }).format(bps / 1e4);
}
__name(formatBps, "formatBps");
function percentOf(cents, bps) {
  return Math.floor((cents * bps + 5e3) / 1e4);
}
__name(percentOf, "percentOf");
function shareOf(cents, part, whole) {
  if (whole <= 0) return 0;
  return Math.floor((cents * part * 2 + whole) / (2 * whole));
}
__name(shareOf, "shareOf");
function splitVat(grossCents, vatBps = VAT_RATE_BPS) {
  const net = Math.floor((grossCents * 1e4 + Math.floor((1e4 + vatBps) / 2)) / (1e4 + vatBps));
  return { net, vat: grossCents - net };
}
__name(splitVat, "splitVat");

// ../../packages/domain/src/share.ts
import { z as z4 } from "zod";

// ../../packages/domain/src/episode-schemas.ts
import { z } from "zod";
var STOREFRONT_EPISODES = 5;
var EPISODE_STATISTICS_MAX = 50;
var FEED_REFRESH_INTERVAL_MINUTES = 60;
var FEED_REFRESH_MAX_FAILURES = 5;
var PublicEpisodeSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** itunes:episode / podcast:episode, when the feed numbers it. */
  number: z.number().int().nullable(),
  season: z.number().int().nullable(),
  /** ISO 8601, or null when the feed gives no readable date. */
  publishedAt: z.string().nullable(),
  /** The episode's own web page from the feed, or null. */
  link: z.string().nullable(),
  /** Seconds, or null. */
  duration: z.number().int().nullable()
});
var EpisodePageSchema = z.object({
  episode: PublicEpisodeSchema
});
var TipEpisodeRefSchema = z.object({ id: z.uuid(), title: z.string(), number: z.number().int().nullable() });
var EpisodeStatisticsRowSchema = z.object({
  /** null = tips given on the storefront without an episode. */
  episode: TipEpisodeRefSchema.extend({ publishedAt: z.string().nullable() }).nullable(),
  count: z.number().int(),
  /** Cents: amount minus what was refunded. */
  gross: z.number().int(),
  /** Cents: gross minus the platform fee kept. */
  net: z.number().int()
});
var EpisodeStatisticsSchema = z.object({
  /** Newest episode first (by publishedAt, then title); the "no episode" row last. */
  rows: z.array(EpisodeStatisticsRowSchema)
});
var FeedRefreshStateSchema = z.object({
  lastFetchedAt: z.string().nullable(),
  /** Failed reads in a row; the job stops at FEED_REFRESH_MAX_FAILURES. */
  failures: z.number().int(),
  /** Set when the job stopped after repeated failures (saving the feed URL again restarts it). */
  stoppedAt: z.string().nullable(),
  episodeCount: z.number().int(),
  /** Whether the feed carried a podcast:funding tag pointing at this tip jar on the last read; null = not read yet. */
  fundingLinked: z.boolean().nullable()
});

// ../../packages/domain/src/field-schemas.ts
import { z as z2 } from "zod";

// ../../packages/domain/src/text-rules.ts
var CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
function hasControlCharacter(text) {
  return CONTROL_CHARACTER.test(text);
}
__name(hasControlCharacter, "hasControlCharacter");
var SINGLE_LINE_PATTERN = /^[^\r\n]*$/;

// ../../packages/domain/src/field-schemas.ts
var EmailSchema = z2.string().trim().toLowerCase().max(254).pipe(z2.email({ message: "email" }));
var LocaleSchema = z2.enum(LOCALES);
function singleLine(schema) {
  return schema.regex(SINGLE_LINE_PATTERN, { message: "singleLine" });
}
__name(singleLine, "singleLine");
var singleLineText = /* @__PURE__ */ __name((max) => singleLine(z2.string().trim().max(max)), "singleLineText");
var PaymentChoiceSchema = z2.object({
  paymentmethod: z2.uuid({ message: "required" }),
  paymentissuer: singleLine(z2.string().max(20)).default("")
});
var RetryPaymentChoiceSchema = PaymentChoiceSchema.extend({ locale: LocaleSchema.optional() });

// ../../packages/domain/src/routes.ts
var r = /* @__PURE__ */ __name((id, path, layout, access = "public") => ({
  id,
  path,
  layout,
  access
}), "r");
var APP_ROUTES = [
  r("home", "/", "default"),
  r("about", "/about", "default"),
  r("faq", "/faq", "default"),
  r("privacy", "/privacy", "default"),
  r("support", "/support", "default"),
  r("termsofuse", "/termsofuse", "default"),
  r("thankyou", "/thankyou", "default"),
  r("login", "/login", "default"),
  r("register", "/register", "default"),
  r("passwordRecovery", "/password-recovery", "default"),
  r("passwordReset", "/password-reset", "default"),
  r("podcastmaker", "/podcastmaker", "default"),
  // Public: logged out, the order form registers the maker in the same request.
  r("order", "/order", "default"),
  r("account", "/account", "default", "user"),
  // Public: the manage link (?token=) works without a login; the page asks for one otherwise.
  r("accountRecurringtips", "/account/recurringtips/:recurringtipid?", "default"),
  r("adminDashboard", "/admin", "admin", "admin"),
  r("adminAudit", "/admin/audit", "admin", "admin"),
  r("adminFaqitems", "/admin/faqitems", "admin", "admin"),
  r("adminFaqitem", "/admin/faqitems/:faqitemid", "admin", "admin"),
  r("adminInvoices", "/admin/invoices", "admin", "admin"),
  r("adminInvoice", "/admin/invoices/:invoiceid", "admin", "admin"),
  r("adminPaymentmethods", "/admin/paymentmethods", "admin", "admin"),
  r("adminPaymentmethod", "/admin/paymentmethods/:paymentmethodid", "admin", "admin"),
  r("adminRecurringtips", "/admin/recurringtips", "admin", "admin"),
  r("adminSettlements", "/admin/settlements", "admin", "admin"),
  r("adminTipjars", "/admin/tipjars", "admin", "admin"),
  r("adminTipjar", "/admin/tipjars/:tipjarid", "admin", "admin"),
  r("adminTips", "/admin/tips", "admin", "admin"),
  r("adminUsers", "/admin/users", "admin", "admin"),
  r("adminUser", "/admin/users/:userid", "admin", "admin"),
  r("backofficeIndex", "/backoffice", "backoffice", "user"),
  r("backofficeDashboard", "/backoffice/:tipjarslug", "backoffice", "user"),
  r("backofficeEpisodes", "/backoffice/:tipjarslug/episodes", "backoffice", "user"),
  r("backofficeHistory", "/backoffice/:tipjarslug/history", "backoffice", "user"),
  r("backofficeInvoices", "/backoffice/:tipjarslug/invoices", "backoffice", "user"),
  r("backofficeInvoice", "/backoffice/:tipjarslug/invoices/:invoiceid", "backoffice", "user"),
  r("backofficeRecurringtips", "/backoffice/:tipjarslug/recurringtips", "backoffice", "user"),
  r("backofficeRegistration", "/backoffice/:tipjarslug/registration", "backoffice", "user"),
  r("backofficeSettings", "/backoffice/:tipjarslug/settings", "backoffice", "user"),
  r("backofficeSettlements", "/backoffice/:tipjarslug/settlements", "backoffice", "user"),
  r("backofficeShare", "/backoffice/:tipjarslug/share", "backoffice", "user"),
  r("backofficeTips", "/backoffice/:tipjarslug/tips", "backoffice", "user"),
  // The tip page of one episode (issue 14): the storefront's page with the episode named and sent with the tip.
  r("storefrontEpisode", "/:tipjarslug/e/:episodeid", "storefront"),
  // Last on purpose: the public page of one tip jar catches any other single segment.
  r("storefront", "/:tipjarslug", "storefront")
];
var STOREFRONT_DATA_ELEMENT_ID = "podpot-storefront-tipjar";
var STOREFRONT_STRINGS_ELEMENT_ID = "podpot-storefront-strings";
var STOREFRONT_EPISODE_ELEMENT_ID = "podpot-storefront-episode";
var HOME_STRINGS_ELEMENT_ID = "podpot-home-strings";
var RESERVED_SLUGS = Array.from(
  /* @__PURE__ */ new Set([
    ...APP_ROUTES.map((route) => route.path.split("/")[1] ?? "").filter((s) => s !== "" && !s.startsWith(":")),
    ...LOCALES.filter((l) => LOCALE_PREFIX[l] !== ""),
    // Served by the API process next to the SPA, or by the static file server.
    "api",
    "sim",
    "assets",
    "favicon.svg",
    "index.html"
  ])
).sort();
function isReservedSlug(slug) {
  return RESERVED_SLUGS.includes(slug.trim().toLowerCase());
}
__name(isReservedSlug, "isReservedSlug");
function localeFromPath(pathname) {
  const prefixed = LOCALES.find((locale) => {
    const prefix = LOCALE_PREFIX[locale];
    return prefix !== "" && (pathname === prefix || pathname.startsWith(`${prefix}/`));
  });
  return prefixed ?? DEFAULT_LOCALE;
}
__name(localeFromPath, "localeFromPath");
function stripLocale(pathname) {
  return pathname.slice(LOCALE_PREFIX[localeFromPath(pathname)].length) || "/";
}
__name(stripLocale, "stripLocale");
function localizePath(path, locale) {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return path || "/";
  if (path === "/" || path === "") return prefix;
  if (path.startsWith("/?") || path.startsWith("/#")) return prefix + path.slice(1);
  return prefix + path;
}
__name(localizePath, "localizePath");
function fillPath(path, params = {}) {
  const filled = path.split("/").map((segment) => {
    if (!segment.startsWith(":")) return segment;
    const optional = segment.endsWith("?");
    const name = segment.slice(1, optional ? -1 : void 0);
    const value = params[name];
    if (value === void 0 || value === "") {
      if (optional) return null;
      throw new Error(`Missing route parameter ${name} for ${path}`);
    }
    return encodeURIComponent(value);
  }).filter((s) => s !== null).join("/");
  return filled || "/";
}
__name(fillPath, "fillPath");
function routePath(id, params) {
  const route = APP_ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return fillPath(route.path, params);
}
__name(routePath, "routePath");
function appUrl(publicUrl, id, params, locale, query) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== void 0) search.set(key, value);
  const qs = search.toString();
  return `${publicUrl.replace(/\/$/, "")}${localizePath(routePath(id, params), locale)}${qs ? `?${qs}` : ""}`;
}
__name(appUrl, "appUrl");

// ../../packages/domain/src/schemas.ts
import { z as z3 } from "zod";

// ../../packages/domain/src/phone.ts
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
var DEFAULT_COUNTRY = "NL";
function isValidPhoneNumber(value) {
  const parsed = parsePhoneNumberFromString(value ?? "", DEFAULT_COUNTRY);
  return parsed?.isValid() ?? false;
}
__name(isValidPhoneNumber, "isValidPhoneNumber");
function isValidMobileNumber(value) {
  const parsed = parsePhoneNumberFromString(value ?? "", DEFAULT_COUNTRY);
  if (!parsed?.isValid()) return false;
  const type = parsed.getType();
  return type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE";
}
__name(isValidMobileNumber, "isValidMobileNumber");
function normalizePhoneNumber(value) {
  const parsed = parsePhoneNumberFromString(value ?? "", DEFAULT_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}
__name(normalizePhoneNumber, "normalizePhoneNumber");

// ../../packages/domain/src/tipjar-status.ts
var TIPJAR_STATUSES = [
  "NEW",
  "AWAITING_PAYMENT",
  "PAYMENT_EXPIRED",
  "LIVE",
  "VERIFYING",
  "SUSPENDED",
  "DEACTIVATED"
];
var TRANSITIONS = {
  NEW: { AWAITING_PAYMENT: "payment" },
  AWAITING_PAYMENT: { LIVE: "payment", PAYMENT_EXPIRED: "payment" },
  PAYMENT_EXPIRED: { AWAITING_PAYMENT: "payment" },
  LIVE: { VERIFYING: "admin", SUSPENDED: "admin", DEACTIVATED: "admin" },
  VERIFYING: { LIVE: "admin", DEACTIVATED: "admin" },
  SUSPENDED: { LIVE: "admin", DEACTIVATED: "admin" },
  DEACTIVATED: {}
};
function canTransitionTipjar(from, to, actor) {
  return TRANSITIONS[from][to] === actor;
}
__name(canTransitionTipjar, "canTransitionTipjar");
var PAYMENT_DIALOG_STATUSES = ["AWAITING_PAYMENT", "PAYMENT_EXPIRED", "NEW"];
function isTipjarTippable(tipjar) {
  return tipjar.status === "LIVE" && tipjar.active && !tipjar.archivedAt;
}
__name(isTipjarTippable, "isTipjarTippable");

// ../../packages/domain/src/schemas.ts
var PasswordSchema = z3.string().min(8).max(200);
var NameSchema = singleLineText(100).min(1);
var UuidSchema = z3.uuid();
var IdParamsSchema = z3.object({ id: z3.uuid({ message: "invalid" }) });
var PhoneNumberSchema = singleLine(z3.string().trim()).refine(isValidPhoneNumber, { message: "phone" });
var MobileNumberSchema = singleLine(z3.string().trim()).refine(isValidMobileNumber, { message: "mobile" });
var ROLES = ["ADMIN", "USER"];
var LoginBodySchema = z3.object({
  username: singleLineText(254).min(1),
  password: z3.string().min(1).max(200),
  client_id: singleLine(z3.string().max(100)).optional(),
  grant_type: z3.literal("password").optional(),
  scope: singleLine(z3.string().max(200)).optional(),
  /** A remembered device (two-step login, decision 036): lets the password alone sign in for 30 days. */
  device_token: singleLine(z3.string().max(200)).optional()
});
var TokenResponseSchema = z3.object({
  access_token: z3.string(),
  token_type: z3.literal("bearer"),
  expires_in: z3.number().int()
});
var PasswordResetBodySchema = z3.object({
  new_password: PasswordSchema,
  token: singleLine(z3.string().min(10).max(500))
});
var ProfileSchema = z3.object({
  firstName: NameSchema,
  lastName: NameSchema,
  phoneNumber: PhoneNumberSchema.or(z3.literal("")).optional()
});
var AddressSchema = z3.object({
  street: singleLineText(200).default(""),
  houseNumber: singleLineText(20).default(""),
  postalCode: singleLineText(20).default(""),
  city: singleLineText(100).default(""),
  country: singleLine(z3.string().trim().length(2)).default("NL")
});
var AddressViewSchema = z3.object({
  street: z3.string(),
  houseNumber: z3.string(),
  postalCode: z3.string(),
  city: z3.string(),
  country: z3.string()
});
var UserTipjarRefSchema = z3.object({ id: z3.uuid(), slug: z3.string(), name: z3.string() });
var UserSchema = z3.object({
  id: z3.uuid(),
  email: z3.string(),
  role: z3.enum(ROLES),
  locale: LocaleSchema,
  profile: z3.object({ firstName: z3.string(), lastName: z3.string(), phoneNumber: z3.string().nullable() }),
  address: AddressViewSchema.nullable(),
  tipjars: z3.array(UserTipjarRefSchema),
  created: z3.string(),
  /** Two-step login (TOTP) is set up: required for platform admins (decision 036). */
  twoStepEnabled: z3.boolean(),
  /** Set once the user was archived (deleted with money records kept, DESIGN.md §4.9); null otherwise. */
  archivedAt: z3.string().nullable()
});
var UpdateProfileBodySchema = z3.object({
  data: ProfileSchema.extend({ address: AddressSchema.optional(), locale: LocaleSchema.optional() })
});
var UpdatePasswordBodySchema = z3.object({
  data: z3.object({ currentPassword: z3.string().min(1).max(200), newPassword: PasswordSchema })
});
var EraseAccountBodySchema = z3.object({ data: z3.object({ password: z3.string().min(1).max(200) }) });
var RegisterDataSchema = z3.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  locale: LocaleSchema.default(DEFAULT_LOCALE)
});
var RegisterBodySchema = z3.object({ data: RegisterDataSchema });
var TestEmailBodySchema = z3.object({ email: EmailSchema });
var TestEmailResponseSchema = z3.object({ available: z3.boolean() });
var CreateUserBodySchema = z3.object({
  data: RegisterDataSchema.extend({ role: z3.enum(ROLES).default("USER") })
});
var UpdateUserBodySchema = z3.object({
  data: z3.object({
    email: EmailSchema.optional(),
    role: z3.enum(ROLES).optional(),
    firstName: NameSchema.optional(),
    lastName: NameSchema.optional(),
    locale: LocaleSchema.optional(),
    password: PasswordSchema.optional()
  })
});
var FaqItemSchema = z3.object({
  id: z3.uuid(),
  active: z3.boolean(),
  priority: z3.number().int(),
  question: z3.object({ en: z3.string(), nl: z3.string() }),
  answer: z3.object({ en: z3.string(), nl: z3.string() }),
  created: z3.string(),
  updated: z3.string()
});
var LocalizedText = /* @__PURE__ */ __name((text) => z3.object({ en: text(), nl: text() }), "LocalizedText");
var FaqItemDataSchema = z3.object({
  active: z3.boolean(),
  priority: z3.number().int().min(-1e3).max(1e3),
  /** One line (a heading on the FAQ page); the answer may run over several. */
  question: LocalizedText(() => singleLineText(300).min(1)),
  answer: LocalizedText(() => z3.string().trim().min(1).max(5e3))
});
var CreateFaqItemBodySchema = z3.object({
  data: FaqItemDataSchema.extend({
    active: FaqItemDataSchema.shape.active.default(true),
    priority: FaqItemDataSchema.shape.priority.default(0)
  })
});
var UpdateFaqItemBodySchema = z3.object({ data: FaqItemDataSchema.partial() });
var PAYMENT_METHOD_TYPES = ["ideal", "bcmc"];
var PaymentIssuerSchema = z3.object({ bic: z3.string(), name: z3.string() });
var PaymentMethodSchema = z3.object({
  id: z3.uuid(),
  name: z3.string(),
  type: z3.enum(PAYMENT_METHOD_TYPES),
  active: z3.boolean(),
  priority: z3.number().int(),
  paymentissuers: z3.array(PaymentIssuerSchema)
});
var PaymentMethodDataSchema = z3.object({
  name: singleLineText(100).min(1),
  type: z3.enum(PAYMENT_METHOD_TYPES),
  active: z3.boolean(),
  priority: z3.number().int().min(-1e3).max(1e3)
});
var CreatePaymentMethodBodySchema = z3.object({
  data: PaymentMethodDataSchema.extend({
    active: PaymentMethodDataSchema.shape.active.default(true),
    priority: PaymentMethodDataSchema.shape.priority.default(0)
  })
});
var UpdatePaymentMethodBodySchema = z3.object({ data: PaymentMethodDataSchema.partial() });
var TIPJAR_TYPES = ["CONSUMER", "BUSINESS"];
var TipjarStatusSchema = z3.enum(TIPJAR_STATUSES);
var SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;
var SlugSchema = z3.string().trim().toLowerCase().regex(SLUG_PATTERN, { message: "slug" });

// ../../packages/domain/src/share.ts
var BRAND_COLORS = {
  primary: "#f28a3d",
  secondary: "#4E8381",
  accent: "#FBBD51",
  /** Text on the primary and accent colours (7.6:1 on the orange). */
  ink: "#1b1b1b"
};
var QR_PNG_SIZES = [512, 1024, 2048];
var DEFAULT_QR_PNG_SIZE = 1024;
function sharePath(target) {
  const base = `/${encodeURIComponent(target.slug)}`;
  return target.episode ? `${base}/e/${encodeURIComponent(target.episode.id)}` : base;
}
__name(sharePath, "sharePath");
function shareUrl(publicUrl, target, locale) {
  return `${publicUrl.replace(/\/$/, "")}${localizePath(sharePath(target), locale)}`;
}
__name(shareUrl, "shareUrl");
function shareFilesPath(target) {
  return `/tipjars/slug${sharePath(target)}`;
}
__name(shareFilesPath, "shareFilesPath");
function escapeXml(text) {
  return text.replace(/[<>&"']/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", '"': "quot", "'": "apos" }[c]};`);
}
__name(escapeXml, "escapeXml");
function fundingTag({ url, text }) {
  return `<podcast:funding url="${escapeXml(url)}">${escapeXml(text)}</podcast:funding>`;
}
__name(fundingTag, "fundingTag");
function badgeSnippet(badge) {
  const { href, src, alt, width, height } = badge;
  return `<a href="${escapeXml(href)}"><img src="${escapeXml(src)}" alt="${escapeXml(alt)}" width="${width}" height="${height}"></a>`;
}
__name(badgeSnippet, "badgeSnippet");
var ShareFileQuerySchema = z4.object({ lang: LocaleSchema.default("en") });
var QrPngQuerySchema = ShareFileQuerySchema.extend({
  size: z4.coerce.number().int().refine((n) => QR_PNG_SIZES.includes(n), { message: "choice" }).default(DEFAULT_QR_PNG_SIZE).describe(`pixels: ${QR_PNG_SIZES.join(", ")}`)
});
var ShareKitOfLocaleSchema = z4.object({
  /** Where the badge, the QR code and the funding tag lead. */
  storefrontUrl: z4.string(),
  badge: z4.object({ url: z4.string(), alt: z4.string(), width: z4.number().int(), height: z4.number().int() }),
  /** `badgeSnippet` of the badge above. */
  snippet: z4.string(),
  /** `fundingTag` in this language. */
  fundingTag: z4.string(),
  qr: z4.object({
    svgUrl: z4.string(),
    png: z4.array(z4.object({ size: z4.number().int(), url: z4.string() }))
  }),
  posterUrl: z4.string()
});
var ShareKitSchema = z4.object({
  slug: z4.string(),
  /** False until the tip jar is LIVE: the files answer 404 until then. */
  live: z4.boolean(),
  kits: z4.object(
    Object.fromEntries(LOCALES.map((locale) => [locale, ShareKitOfLocaleSchema]))
  ),
  /**
   * The feed refresh state (decision 034): when it was last read, failures, whether it stopped, how many
   * episodes, and `fundingLinked` ("your feed links to Podpot ✓"). null without a feed address. Always
   * sent by the API; optional only for older clients' fixtures.
   */
  feed: FeedRefreshStateSchema.nullable().optional()
});
var ShareSlugParamsSchema = z4.object({ slug: SlugSchema });

// ../../packages/domain/src/audit-schemas.ts
import { z as z5 } from "zod";
var AUDIT_ENTITY_TYPES = ["tipjar", "user", "paymentmethod", "merchant", "invoice", "refund"];
var AUDIT_ACTIONS = [
  "tipjar.statusChanged",
  "tipjar.updated",
  "tipjar.archived",
  "tipjar.deleted",
  "tipjar.adminAdded",
  "tipjar.adminRemoved",
  "paymentmethod.created",
  "paymentmethod.updated",
  "paymentmethod.deleted",
  "merchant.registered",
  "merchant.connected",
  "merchant.migrated",
  "merchant.disconnected",
  "invoice.created",
  "invoice.updated",
  "invoice.sent",
  "invoice.paid",
  "invoice.voided",
  "invoice.deleted",
  "refund.created",
  "user.created",
  "user.roleChanged",
  "user.archived",
  "user.deleted",
  "user.erased"
];
var AuditValuesSchema = z5.record(z5.string(), z5.unknown()).nullable();
var AuditEntrySchema = z5.object({
  id: z5.uuid(),
  at: z5.string(),
  /** Who made the change; null when that account was deleted since. */
  actorId: z5.uuid().nullable(),
  /** The actor's role at that moment. */
  actorRole: z5.enum(["ADMIN", "USER"]),
  /**
   * The actor's current name or e-mail; null when not known, or (a tip jar's own trail) when the
   * actor is a platform admin: makers see "the platform", not which employee.
   */
  actorName: z5.string().nullable(),
  tipjarId: z5.uuid().nullable(),
  tipjarName: z5.string().nullable(),
  entityType: z5.enum(AUDIT_ENTITY_TYPES),
  entityId: z5.uuid(),
  /** For a user entity (an admin added or removed, a role changed): their current name or e-mail. */
  entityName: z5.string().nullable(),
  action: z5.enum(AUDIT_ACTIONS),
  before: AuditValuesSchema,
  after: AuditValuesSchema,
  /** The request that made it (platform admins only; null in a tip jar's own trail). */
  requestId: z5.string().nullable(),
  ip: z5.string().nullable()
});
var AUDIT_SORTABLE = ["at", "action"];

// ../../packages/domain/src/brand.ts
var DEFAULT_BRAND_NAME = "Podpot";

// ../../packages/domain/src/deletion-schemas.ts
import { z as z6 } from "zod";
var DELETION_KINDS = ["delete", "archive"];
var TipjarDeletionSchema = z6.object({
  deletion: z6.enum(DELETION_KINDS),
  /** Monthly tips still running that archiving cancels (each tipper is mailed, the mandate revoked). */
  monthlyTipsToCancel: z6.number().int()
});
var UserDeletionSchema = z6.object({
  deletion: z6.enum(DELETION_KINDS),
  /** The user's own monthly tips still running that archiving cancels. */
  monthlyTipsToCancel: z6.number().int(),
  /**
   * Tip jars (not archived) that this user alone administers. While there are any the user cannot be
   * deleted (409): give the tip jar another admin or delete the tip jar first, so none is left orphaned.
   */
  soleAdminOf: z6.array(UserTipjarRefSchema)
});

// ../../packages/domain/src/errors.ts
var ErrorCode = {
  BadRequest: "BAD_REQUEST",
  Validation: "VALIDATION",
  Unauthorized: "UNAUTHORIZED",
  InvalidCredentials: "INVALID_CREDENTIALS",
  Forbidden: "FORBIDDEN",
  /** Allowed only when signed in: a link from a mail is not enough (raising a monthly tip). 403. */
  LoginRequired: "LOGIN_REQUIRED",
  NotFound: "NOT_FOUND",
  MethodNotAllowed: "METHOD_NOT_ALLOWED",
  Conflict: "CONFLICT",
  EmailTaken: "EMAIL_TAKEN",
  SlugTaken: "SLUG_TAKEN",
  SlugReserved: "SLUG_RESERVED",
  RateLimited: "RATE_LIMITED",
  InvalidToken: "INVALID_TOKEN",
  WrongPassword: "WRONG_PASSWORD",
  InvalidTransition: "INVALID_TRANSITION",
  /** The same Idempotency-Key came with a different request (422). */
  IdempotencyKeyReused: "IDEMPOTENCY_KEY_REUSED",
  PaymentProvider: "PAYMENT_PROVIDER",
  /** The tip jar cannot take tips now: no merchant yet, or the provider stopped it. */
  NotAcceptingTips: "NOT_ACCEPTING_TIPS",
  PayloadTooLarge: "PAYLOAD_TOO_LARGE",
  /** A podcast feed could not be read; `fields.url` names why (feedNotFound, feedTooLarge, …). 422. */
  FeedFailed: "FEED_FAILED",
  /** The feed names no owner e-mail address, so ownership cannot be verified. 422. */
  FeedNoOwnerEmail: "FEED_NO_OWNER_EMAIL",
  /** Another tip jar has already verified this feed. 409. */
  FeedAlreadyVerified: "FEED_ALREADY_VERIFIED",
  /** An account cannot be erased while it alone runs a tip jar that is not archived. 409. */
  SoleTipjarAdmin: "SOLE_TIPJAR_ADMIN",
  /** A tip names an episode that is not one of the tip jar's (`fields['data.episodeId']`: episodeUnknown). 422. */
  EpisodeUnknown: "EPISODE_UNKNOWN",
  /** A platform admin whose session did not pass two-step login (not set up yet, or an older session). 403. */
  TwoStepRequired: "TWO_STEP_REQUIRED",
  /** Two-step login asked for a code that was wrong, used before or expired. 400. */
  InvalidCode: "INVALID_CODE",
  Internal: "INTERNAL"
};
var VALIDATION_KEYS = [
  "required",
  "invalid",
  "tooShort",
  "tooLong",
  "tooSmall",
  "tooBig",
  "notInteger",
  "email",
  "url",
  "format",
  "choice",
  "phone",
  "phoneGeneric",
  "mobile",
  "slug",
  "passwordsDiffer",
  "amountRange",
  // A monthly goal out of its range (goal-rules.ts; params min and max: cents, or monthly tippers).
  "goalAmountRange",
  "goalTippersRange",
  // A refund larger than what is left of the tip (params: max, in cents).
  "refundTooLarge",
  // A month that is not over yet (batch invoicing takes finished months only).
  "periodNotFinished",
  "emailTaken",
  "merchantEmailTaken",
  // The payment provider refused a field; `message` is its own (English) text.
  "providerRejected",
  "wrongPassword",
  "slugTaken",
  "slugReserved",
  "singleLine",
  // A new password below the strength bar (password-strength.ts), one key per reason.
  "passwordCommon",
  "passwordPersonal",
  "passwordBrand",
  "passwordGuessable",
  // A podcast feed that could not be read (feed-schemas.ts FEED_FAILURES), one key per reason.
  "feedNotAFeed",
  "feedNotFound",
  "feedTooLarge",
  "feedTooSlow",
  "feedRefusedAddress",
  "feedBadUrl",
  "feedUnreachable",
  "feedNoOwnerEmail",
  "feedAlreadyVerified",
  // A feed ownership code that is wrong, or expired / used up.
  "codeWrong",
  "codeExpired",
  // A tip for an episode that is not one of the tip jar's (decision 034).
  "episodeUnknown"
];
function isValidationKey(s) {
  return VALIDATION_KEYS.includes(s);
}
__name(isValidationKey, "isValidationKey");
function issueToFieldError(issue) {
  if (isValidationKey(issue.message)) {
    const params = issue.code === "custom" ? issue.params : void 0;
    return params ? { key: issue.message, params } : { key: issue.message };
  }
  switch (issue.code) {
    case "invalid_type":
      return issue.input === void 0 && /received (undefined|null)/.test(issue.message ?? "") ? { key: "required" } : { key: "invalid" };
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1 ? { key: "required" } : { key: "tooShort", params: { min: Number(issue.minimum) } };
      }
      return { key: "tooSmall", params: { min: Number(issue.minimum) } };
    case "too_big":
      if (issue.origin === "string") return { key: "tooLong", params: { max: Number(issue.maximum) } };
      return { key: "tooBig", params: { max: Number(issue.maximum) } };
    case "invalid_format":
      if (issue.format === "email") return { key: "email" };
      if (issue.format === "url") return { key: "url" };
      return { key: "format" };
    case "invalid_value":
      return { key: "choice" };
    case "not_multiple_of":
      return { key: "notInteger" };
    default:
      return { key: "invalid" };
  }
}
__name(issueToFieldError, "issueToFieldError");
function issuesToFields(issues) {
  const fields = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".") || "_";
    if (!fields[path]) fields[path] = issueToFieldError(issue);
  }
  return fields;
}
__name(issuesToFields, "issuesToFields");

// ../../packages/domain/src/feed-schemas.ts
import { z as z7 } from "zod";
var FeedUrlSchema = singleLine(z7.string().trim()).max(2e3).refine((value) => isHttpUrl(value), { message: "feedBadUrl" });
function isHttpUrl(value) {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}
__name(isHttpUrl, "isHttpUrl");
function normalizeFeedUrl(value) {
  const url = new URL(value.trim());
  url.hash = "";
  const port = url.port && !["80", "443"].includes(url.port) ? `:${url.port}` : "";
  const path = url.pathname.replace(/\/+$/, "") || "";
  return `${url.hostname.toLowerCase()}${port}${path}${url.search}`;
}
__name(normalizeFeedUrl, "normalizeFeedUrl");
function feedFailureKey(reason) {
  const camel = reason.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
  return `feed${camel[0].toUpperCase()}${camel.slice(1)}`;
}
__name(feedFailureKey, "feedFailureKey");
function slugify(name) {
  return name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40).replace(/-+$/, "");
}
__name(slugify, "slugify");
var FeedPreviewBodySchema = z7.object({ url: FeedUrlSchema });
var FeedPreviewSchema = z7.object({
  /** The address as given (after redirects the feed may live elsewhere; this is what the maker typed). */
  feedUrl: z7.string(),
  name: z7.string(),
  description: z7.string(),
  website: z7.string().nullable(),
  /** A valid slug no tip jar has yet (empty when none could be made from the title). */
  suggestedSlug: z7.string(),
  /** Our stored, resized copy of the feed's artwork; null when the feed has none or it was unusable. */
  artworkId: z7.uuid().nullable(),
  artworkUrl: z7.string().nullable(),
  language: z7.string().nullable(),
  /** Whether the feed names an owner e-mail address (ownership can be verified). */
  hasOwnerEmail: z7.boolean(),
  episodeCount: z7.number().int()
});
function artworkPath(artworkId) {
  return `/api/v1/artworks/${artworkId}`;
}
__name(artworkPath, "artworkPath");
var FEED_CODE_PATTERN = /^\d{6}$/;
var ConfirmFeedVerificationBodySchema = z7.object({
  code: z7.string().trim().regex(FEED_CODE_PATTERN, { message: "format" })
});
var FeedVerificationStartedSchema = z7.object({ sentTo: z7.string(), expiresAt: z7.string() });
function maskEmail(email) {
  const [local = "", domain = ""] = email.split("@");
  const shown = local.length <= 2 ? `${local[0] ?? ""}*` : `${local[0]}***${local.at(-1)}`;
  return `${shown}@${domain}`;
}
__name(maskEmail, "maskEmail");

// ../../packages/domain/src/goal-rules.ts
var GOAL_KINDS = ["AMOUNT", "TIPPERS"];
var GOAL_AMOUNT_MIN_CENTS = 100;
var GOAL_AMOUNT_MAX_CENTS = 1e8;
var GOAL_TIPPERS_MIN = 1;
var GOAL_TIPPERS_MAX = 1e5;
function goalRange(kind) {
  return kind === "AMOUNT" ? { min: GOAL_AMOUNT_MIN_CENTS, max: GOAL_AMOUNT_MAX_CENTS } : { min: GOAL_TIPPERS_MIN, max: GOAL_TIPPERS_MAX };
}
__name(goalRange, "goalRange");
function goalTargetError(kind, target) {
  const { min, max } = goalRange(kind);
  if (typeof target !== "number" || !Number.isInteger(target) || target < min || target > max) {
    return { key: kind === "AMOUNT" ? "goalAmountRange" : "goalTippersRange", params: { min, max } };
  }
  return void 0;
}
__name(goalTargetError, "goalTargetError");
var GOAL_TIME_ZONE = "Europe/Amsterdam";
function goalMonthOf(now) {
  const parts2 = new Intl.DateTimeFormat("en-CA", { timeZone: GOAL_TIME_ZONE, year: "numeric", month: "2-digit" }).formatToParts(now).reduce((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  const year = Number(parts2.year);
  const month = Number(parts2.month);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const key = /* @__PURE__ */ __name((y, m) => `${y}-${String(m).padStart(2, "0")}`, "key");
  return { month: key(year, month), from: `${key(year, month)}-01`, until: `${key(next.year, next.month)}-01` };
}
__name(goalMonthOf, "goalMonthOf");
var SUPPORTER_WALL_SIZE = 10;

// ../../packages/domain/src/invoice-schemas.ts
import { z as z8 } from "zod";
var INVOICE_STATUSES = ["draft", "sent", "paid", "void"];
var INVOICE_SORTABLE = ["number", "period", "status", "totalInclVat", "created", "updated"];
var INVOICE_TRANSITIONS = {
  draft: ["sent", "void"],
  sent: ["paid", "void"],
  paid: [],
  void: []
};
function canTransitionInvoice(from, to) {
  return INVOICE_TRANSITIONS[from].includes(to);
}
__name(canTransitionInvoice, "canTransitionInvoice");
function isInvoiceEditable(status) {
  return status === "draft";
}
__name(isInvoiceEditable, "isInvoiceEditable");
function isFinishedPeriod(period, now = /* @__PURE__ */ new Date()) {
  const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  return period < current;
}
__name(isFinishedPeriod, "isFinishedPeriod");
var PeriodSchema = z8.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: "format" });
var InvoiceLineInputSchema = z8.object({
  description: singleLineText(200).min(1),
  quantity: z8.number().int().min(1).max(1e6),
  /** Cents excluding VAT; negative for a credit line. */
  unitPriceExVat: z8.number().int().min(-1e8).max(1e8)
});
var InvoiceLineTextSchema = z8.discriminatedUnion("key", [
  /** The platform fee on `tips` tips paid in `period` ('YYYY-MM'). */
  z8.object({ key: z8.literal("platformFee"), tips: z8.number().int(), period: z8.string() }),
  /** Fee given back on `count` refunds and chargebacks (decision 015). */
  z8.object({ key: z8.literal("feeCredit"), count: z8.number().int() })
]);
var InvoiceLineSchema = z8.object({
  description: z8.string(),
  text: InvoiceLineTextSchema.optional(),
  quantity: z8.number().int(),
  unitPriceExVat: z8.number().int(),
  totalExVat: z8.number().int()
});
var InvoiceSchema = z8.object({
  id: z8.uuid(),
  /** Sequential per year: 2026-0001. */
  number: z8.string(),
  tipjarId: z8.uuid(),
  tipjarName: z8.string(),
  /** The month a platform-fee invoice covers; null for other invoices. */
  period: z8.string().nullable(),
  status: z8.enum(INVOICE_STATUSES),
  lines: z8.array(InvoiceLineSchema),
  totalExVat: z8.number().int(),
  vat: z8.number().int(),
  totalInclVat: z8.number().int(),
  issuedAt: z8.string().nullable(),
  sentAt: z8.string().nullable(),
  created: z8.string(),
  updated: z8.string()
});
var LinesSchema = z8.array(InvoiceLineInputSchema).min(1).max(100);
var CreateInvoiceBodySchema = z8.object({
  data: z8.object({
    tipjarId: z8.uuid({ message: "invalid" }),
    period: PeriodSchema.nullish(),
    lines: LinesSchema
  })
});
var CreateTipjarInvoiceBodySchema = z8.object({
  data: z8.object({ period: PeriodSchema.nullish(), lines: LinesSchema.optional() }).refine((d) => d.lines !== void 0 || !!d.period, { message: "required", path: ["period"] })
});
var UpdateInvoiceBodySchema = z8.object({
  data: z8.object({ lines: LinesSchema.optional(), status: z8.enum(["paid", "void"]).optional() }).refine((d) => d.lines !== void 0 || d.status !== void 0, { message: "required", path: ["status"] })
});
var BatchCreateInvoicesBodySchema = z8.object({ data: z8.object({ period: PeriodSchema }) });
var BatchResultSchema = z8.object({ count: z8.number().int() });

// ../../packages/domain/src/merchant-schemas.ts
import { z as z11 } from "zod";

// ../../packages/domain/src/tipjar-schemas.ts
import { z as z10 } from "zod";

// ../../packages/domain/src/payment-status.ts
import { z as z9 } from "zod";
var OPP_TRANSACTION_STATUSES = [
  "created",
  "pending",
  "planned",
  "reserved",
  "completed",
  "cancelled",
  "expired",
  "failed",
  "refunded",
  "chargeback"
];
var OppTransactionRefSchema = z9.object({
  status: z9.union([z9.enum(OPP_TRANSACTION_STATUSES), z9.string()]),
  redirectUrl: z9.string().nullable()
});
function isKnownTransactionStatus(status) {
  return OPP_TRANSACTION_STATUSES.includes(status);
}
__name(isKnownTransactionStatus, "isKnownTransactionStatus");
var OUTCOME = {
  created: "open",
  pending: "open",
  planned: "open",
  reserved: "held",
  completed: "paid",
  cancelled: "unpaid",
  expired: "unpaid",
  failed: "unpaid",
  refunded: "reversed",
  chargeback: "reversed"
};
var RANK = {
  created: 0,
  pending: 1,
  planned: 1,
  reserved: 2,
  cancelled: 3,
  expired: 3,
  failed: 3,
  completed: 4,
  refunded: 5,
  chargeback: 5
};
function paymentOutcome(status) {
  return status && isKnownTransactionStatus(status) ? OUTCOME[status] : null;
}
__name(paymentOutcome, "paymentOutcome");
function canAdvanceTransaction(from, to) {
  if (!isKnownTransactionStatus(to)) return false;
  if (from == null) return true;
  if (!isKnownTransactionStatus(from)) return true;
  return RANK[to] > RANK[from];
}
__name(canAdvanceTransaction, "canAdvanceTransaction");
function isOpenTransaction(status) {
  return paymentOutcome(status) === "open";
}
__name(isOpenTransaction, "isOpenTransaction");

// ../../packages/domain/src/tipjar-schemas.ts
var DescriptionSchema = z10.string().trim().max(2e3);
var HttpsUrlSchema = singleLine(z10.string()).check(z10.url({ message: "url" })).max(500).refine((u) => u.startsWith("https://"), { message: "url" });
var CocNumberSchema = z10.string().trim().regex(/^\d{8}$/, { message: "format" });
var VatNumberSchema = z10.string().trim().toUpperCase().regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, { message: "format" });
var PresetAmountsSchema = z10.array(
  z10.number().int({ message: "notInteger" }).min(MIN_TIP_CENTS, { message: "amountRange" }).max(MAX_TIP_CENTS, { message: "amountRange" })
).min(1).max(6);
var OrderAccountSchema = z10.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: NameSchema,
  lastName: NameSchema
});
var CreateTipjarDataSchema = z10.object({
  name: NameSchema,
  slug: SlugSchema,
  type: z10.enum(TIPJAR_TYPES).default("CONSUMER"),
  /** Contact e-mail of the tip jar. */
  email: EmailSchema,
  /** Mobile number of the maker (provider onboarding needs one). */
  phoneNumber: MobileNumberSchema,
  companyName: singleLineText(200).optional(),
  cocNumber: CocNumberSchema.optional(),
  vatNumber: VatNumberSchema.optional(),
  description: DescriptionSchema.optional(),
  /** The podcast's RSS feed (the order form's "Fetch" prefilled the fields from it). */
  rssUrl: FeedUrlSchema.optional(),
  /** The artwork stored from the feed (POST feeds/preview); ours, never hot-linked. */
  artworkId: z10.uuid().optional(),
  payment: PaymentChoiceSchema,
  locale: LocaleSchema.optional(),
  account: OrderAccountSchema.optional()
}).superRefine((d, ctx) => {
  if (d.type !== "BUSINESS") return;
  if (!d.companyName) ctx.addIssue({ code: "custom", path: ["companyName"], message: "required" });
  if (!d.cocNumber) ctx.addIssue({ code: "custom", path: ["cocNumber"], message: "required" });
});
var CreateTipjarBodySchema = z10.object({ data: CreateTipjarDataSchema });
var TipjarGoalSchema = z10.object({ kind: z10.enum(GOAL_KINDS), target: z10.number() }).superRefine((goal, ctx) => {
  const error = goalTargetError(goal.kind, goal.target);
  if (error) ctx.addIssue({ code: "custom", path: ["target"], message: error.key, params: error.params });
});
var UpdateTipjarDataSchema = z10.object({
  name: NameSchema.optional(),
  description: DescriptionSchema.optional(),
  podcastUrl: HttpsUrlSchema.nullable().optional(),
  /** The podcast's feed; a changed feed is no longer verified. */
  rssUrl: FeedUrlSchema.nullable().optional(),
  imageUrl: HttpsUrlSchema.nullable().optional(),
  /** An artwork stored from the feed (POST feeds/preview), or null to drop it. */
  artworkId: z10.uuid().nullable().optional(),
  presetAmounts: PresetAmountsSchema.optional(),
  thankYouMessage: z10.string().trim().max(1e3).optional(),
  notifyOnTip: z10.boolean().optional(),
  /** The monthly goal the storefront shows progress toward; null for none. */
  goal: TipjarGoalSchema.nullable().optional(),
  email: EmailSchema.optional(),
  phoneNumber: MobileNumberSchema.optional(),
  companyName: singleLineText(200).nullable().optional(),
  cocNumber: CocNumberSchema.nullable().optional(),
  vatNumber: VatNumberSchema.nullable().optional(),
  /** Platform admins only, along the status machine. */
  status: TipjarStatusSchema.optional(),
  /** Platform admins only. */
  active: z10.boolean().optional()
});
var UpdateTipjarBodySchema = z10.object({ data: UpdateTipjarDataSchema });
var TipjarAdminBodySchema = z10.object({ email: EmailSchema });
var TestPhoneNumberBodySchema = z10.object({ phoneNumber: singleLine(z10.string().max(50)) });
var TestPhoneNumberResponseSchema = z10.object({ valid: z10.boolean() });
var TipjarListQueryExtraSchema = z10.object({
  slug: singleLine(z10.string().trim().toLowerCase().max(60)).optional()
});
var RetryPaymentBodySchema = z10.object({ data: RetryPaymentChoiceSchema });
var AddonSchema = z10.object({
  id: z10.uuid(),
  tipjarId: z10.uuid(),
  created: z10.string(),
  type: z10.object({ name: z10.string(), unlocks: z10.string() }),
  costTotalWithTax: z10.number().int(),
  oppTransaction: OppTransactionRefSchema.nullable()
});
var OppMerchantRefSchema = z10.object({
  complianceStatus: z10.string().nullable(),
  merchantStatus: z10.string().nullable(),
  complianceLevel: z10.number().int().nullable(),
  /** The default bank account's status; null while there is none. */
  bankAccountStatus: z10.string().nullable(),
  /** Payout-ready (isRegistrationComplete): the backoffice's 'Registratie' alert. */
  registrationComplete: z10.boolean()
});
var GoalProgressSchema = z10.object({
  /** 'YYYY-MM'. */
  month: z10.string(),
  current: z10.number().int()
});
var SupporterSchema = z10.object({
  name: z10.string().nullable(),
  amount: z10.number().int().nullable(),
  message: z10.string().nullable(),
  /** A month of a monthly tip. */
  monthly: z10.boolean(),
  /** When it was paid, to the minute. */
  paidAt: z10.string()
});
var PublicTipjarSchema = z10.object({
  id: z10.uuid(),
  slug: z10.string(),
  name: z10.string(),
  status: TipjarStatusSchema,
  active: z10.boolean(),
  type: z10.enum(TIPJAR_TYPES),
  description: z10.string(),
  podcastUrl: z10.string().nullable(),
  rssUrl: z10.string().nullable(),
  imageUrl: z10.string().nullable(),
  /** Our own URL of the artwork stored from the feed (shown instead of imageUrl), or null. */
  artworkUrl: z10.string().nullable(),
  /** The maker proved they own the feed (a code sent to its owner address): the storefront's mark. */
  feedVerified: z10.boolean(),
  thankYouMessage: z10.string(),
  presetAmounts: z10.array(z10.number().int()),
  /**
   * False while the tip jar cannot take tips: no merchant registered yet, or the provider suspended,
   * blocked or terminated it. The storefront says so instead of offering the form.
   */
  acceptsTips: z10.boolean(),
  /** The maker's monthly goal, or null. */
  goal: z10.object({ kind: z10.enum(GOAL_KINDS), target: z10.number().int() }).nullable(),
  /**
   * The storefront's answer only (GET tipjars?slug=, the page): this month's progress toward `goal`
   * (null without a goal) and the recent supporters as their tips' privacy allows (decision 032).
   */
  goalProgress: GoalProgressSchema.nullable().optional(),
  supporters: z10.array(SupporterSchema).optional(),
  /** The storefront's answer only: the newest episodes from the feed (at most STOREFRONT_EPISODES), newest first. */
  recentEpisodes: z10.array(PublicEpisodeSchema).optional()
});
var TipjarAdminSchema = z10.object({
  id: z10.uuid(),
  email: z10.string(),
  firstName: z10.string(),
  lastName: z10.string()
});
var TipjarSchema = PublicTipjarSchema.extend({
  email: z10.string(),
  phoneNumber: z10.string().nullable(),
  companyName: z10.string().nullable(),
  cocNumber: z10.string().nullable(),
  vatNumber: z10.string().nullable(),
  notifyOnTip: z10.boolean(),
  artworkId: z10.uuid().nullable(),
  addons: z10.array(AddonSchema),
  oppMerchant: OppMerchantRefSchema.nullable(),
  admins: z10.array(TipjarAdminSchema),
  created: z10.string(),
  updated: z10.string(),
  /**
   * Set once the tip jar was archived (deleted with its money records kept, DESIGN.md §4.9): hidden and
   * no longer tippable. Null otherwise.
   */
  archivedAt: z10.string().nullable()
});
var CreateTipjarResponseSchema = z10.object({
  tipjar: TipjarSchema,
  addon: AddonSchema,
  oppTransaction: OppTransactionRefSchema,
  /** Only when the order registered a new account: the new user is signed in with it. */
  access_token: z10.string().optional(),
  token_type: z10.literal("bearer").optional(),
  expires_in: z10.number().int().optional()
});

// ../../packages/domain/src/merchant-schemas.ts
var MERCHANT_COUNTRIES = ["nld", "bel"];
var CreateMerchantBodySchema = z11.object({
  data: z11.object({
    firstName: NameSchema,
    lastName: NameSchema,
    country: z11.enum(MERCHANT_COUNTRIES).default("nld"),
    /**
     * The e-mail address the provider knows the merchant by (its verification mails go there). The
     * provider allows one merchant per address (decision 011); absent: the tip jar's contact e-mail.
     */
    email: EmailSchema.optional(),
    /** The page's language: the provider's verification pages and the way back to us follow it. */
    locale: LocaleSchema.optional()
  })
});
var ConnectMerchantBodySchema = z11.object({
  merchantUid: z11.string().trim().regex(/^mer_[A-Za-z0-9]{4,40}$/, { message: "format" })
});
var MigrateMerchantBodySchema = z11.object({
  data: z11.object({ cocNumber: CocNumberSchema, country: z11.enum(MERCHANT_COUNTRIES).default("nld") })
});
var MerchantRequirementSchema = z11.object({
  type: z11.string(),
  status: z11.string(),
  /** Where the maker finishes this step on the provider's pages. */
  redirectUrl: z11.string().nullable()
});
var OppMerchantSchema = z11.object({
  merchantUid: z11.string(),
  type: z11.string(),
  merchantStatus: z11.string(),
  complianceStatus: z11.string(),
  complianceLevel: z11.number().int().nullable(),
  /** The provider's page listing everything still to do. */
  overviewUrl: z11.string().nullable(),
  requirements: z11.array(MerchantRequirementSchema),
  bankAccount: z11.object({ status: z11.string(), verificationUrl: z11.string().nullable(), iban: z11.string().nullable() }).nullable(),
  /**
   * True when payouts can happen: live, compliance verified at the payout level and the bank
   * account approved (spec §4's verified and live, plus what the provider pays out on; decision 011).
   */
  registrationComplete: z11.boolean(),
  /** False when the provider suspended, blocked or terminated the merchant: no tips can be taken. */
  acceptsPayments: z11.boolean(),
  updated: z11.string()
});

// ../../packages/domain/src/merchant-status.ts
var MERCHANT_STOPPED_STATUSES = ["suspended", "blocked", "terminated", "deleted"];
var PAYOUT_COMPLIANCE_LEVEL = 200;
function merchantTakesPayments(merchantStatus) {
  return !MERCHANT_STOPPED_STATUSES.includes(merchantStatus ?? "");
}
__name(merchantTakesPayments, "merchantTakesPayments");
function isRegistrationComplete(merchant) {
  if (!merchant) return false;
  return merchant.merchantStatus === "live" && merchant.complianceStatus === "verified" && (merchant.complianceLevel ?? 0) >= PAYOUT_COMPLIANCE_LEVEL && merchant.bankAccountStatus === "approved";
}
__name(isRegistrationComplete, "isRegistrationComplete");

// ../../packages/domain/src/paging.ts
import { z as z12 } from "zod";

// ../../packages/domain/src/list-query.ts
var DEFAULT_SKIP = 0;
var DEFAULT_LIMIT = 100;
var MAX_WINDOW = 1e3;

// ../../packages/domain/src/paging.ts
var booleanQueryParam = z12.union([z12.boolean(), z12.enum(["true", "false", "1", "0"])]).transform((v) => v === true || v === "true" || v === "1");
var SearchParamSchema = singleLineText(200);
function listQuerySchema(sortable, extra) {
  return z12.object({
    skip: z12.coerce.number().int().min(0).default(DEFAULT_SKIP),
    limit: z12.coerce.number().int().min(0).default(DEFAULT_LIMIT),
    sortBy: z12.enum(sortable).optional(),
    sortDesc: booleanQueryParam.optional(),
    search: SearchParamSchema.optional(),
    ...extra
  }).refine((q) => windowOf(q) <= MAX_WINDOW, {
    message: `A list window holds at most ${MAX_WINDOW} rows (limit is the exclusive end, skip the start)`,
    path: ["limit"]
  });
}
__name(listQuerySchema, "listQuerySchema");
var windowOf = /* @__PURE__ */ __name((q) => q.limit - q.skip, "windowOf");
var DATE_QUERY_YEARS = { min: 1970, max: 9999 };
var ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
var LATEST = Date.UTC(DATE_QUERY_YEARS.max, 11, 31, 23, 59, 59, 999);
function dateQueryParam(kind) {
  return z12.string().trim().refine((s) => ISO_DATE.test(s) && !Number.isNaN(Date.parse(s)), { message: "format", abort: true }).refine(
    (s) => {
      const year = Number(s.slice(0, 4));
      return year >= DATE_QUERY_YEARS.min && year <= DATE_QUERY_YEARS.max;
    },
    { message: "invalid" }
  ).transform((s) => {
    const date = new Date(s);
    if (kind === "to" && s.length === 10) date.setUTCDate(date.getUTCDate() + 1);
    return new Date(Math.min(date.getTime(), LATEST));
  });
}
__name(dateQueryParam, "dateQueryParam");
function listResponseSchema(item) {
  return z12.object({ data: z12.array(item), metadata: z12.object({ count: z12.number().int() }) });
}
__name(listResponseSchema, "listResponseSchema");

// ../../packages/domain/src/password-strength.ts
var WEAK_PASSWORD_KEYS = {
  common: "passwordCommon",
  personal: "passwordPersonal",
  brand: "passwordBrand",
  guessable: "passwordGuessable"
};
var estimator;
function loadEstimator() {
  estimator ??= import("./password-estimator-2TD7Q4TU.js").catch((err) => {
    estimator = void 0;
    throw err;
  });
  return estimator;
}
__name(loadEstimator, "loadEstimator");
async function checkPasswordStrength(password, context) {
  return (await loadEstimator()).estimatePasswordStrength(password, context);
}
__name(checkPasswordStrength, "checkPasswordStrength");

// ../../packages/domain/src/recurring-tip-schemas.ts
import { z as z14 } from "zod";

// ../../packages/domain/src/tip-schemas.ts
import { z as z13 } from "zod";

// ../../packages/domain/src/tip-rules.ts
var TIP_PRIVACY = ["NAME_AND_AMOUNT", "NAME_ONLY", "ANONYMOUS"];
function platformFeeOf(amountCents, feeBps) {
  return percentOf(amountCents, feeBps);
}
__name(platformFeeOf, "platformFeeOf");
var MAX_CHARGE_DAY = 28;
var TIP_DISPLAY_NAME_MAX = 80;
var TIP_MESSAGE_LIMIT = 500;

// ../../packages/domain/src/tip-schemas.ts
var TIP_STATUSES = [
  "created",
  "pending",
  "completed",
  "cancelled",
  "expired",
  "failed",
  "refunded",
  "chargeback"
];
var REVERSED_TIP_STATUSES = ["refunded", "chargeback"];
var TipAmountSchema = z13.number({ message: "amountRange" }).int({ message: "notInteger" }).min(MIN_TIP_CENTS, { message: "amountRange" }).max(MAX_TIP_CENTS, { message: "amountRange" });
var TIP_MESSAGE_MAX = TIP_MESSAGE_LIMIT;
var TipDisplayNameSchema = singleLineText(TIP_DISPLAY_NAME_MAX).optional().default("");
var TipMessageSchema = z13.string().trim().max(TIP_MESSAGE_MAX).optional().default("");
var CreateTipDataSchema = z13.object({
  /** Cents, €1.00–€1,000.00. */
  amount: TipAmountSchema,
  displayName: TipDisplayNameSchema,
  message: TipMessageSchema,
  privacy: z13.enum(TIP_PRIVACY).default("NAME_AND_AMOUNT"),
  /** For the receipt. */
  email: EmailSchema,
  payment: PaymentChoiceSchema,
  locale: LocaleSchema.default(DEFAULT_LOCALE),
  /** The episode tipped for (`/{slug}/e/{episodeId}`); must be one of this tip jar's episodes (422 otherwise). */
  episodeId: z13.uuid({ message: "episodeUnknown" }).optional()
}).superRefine((d, ctx) => {
  if (d.privacy !== "ANONYMOUS" && !d.displayName) {
    ctx.addIssue({ code: "custom", path: ["displayName"], message: "required" });
  }
});
var CreateTipBodySchema = z13.object({ data: CreateTipDataSchema });
var TipSchema = z13.object({
  id: z13.uuid(),
  tipjarId: z13.uuid(),
  amount: z13.number().int(),
  /** Platform fee on this tip, cents. */
  fee: z13.number().int(),
  /** Cents returned to the tipper so far (refunds and chargebacks); a partly refunded tip stays completed. */
  refundedAmount: z13.number().int(),
  /** The part of `fee` given back to the maker with those refunds (cents). */
  refundedFee: z13.number().int(),
  status: z13.enum(TIP_STATUSES),
  privacy: z13.enum(TIP_PRIVACY),
  /** null for anonymous tips. */
  displayName: z13.string().nullable(),
  message: z13.string(),
  /** The maker shows this tip's message on the storefront's supporter wall (default false; decision 032). */
  messageShown: z13.boolean(),
  paymentMethod: z13.string().nullable(),
  recurringTipId: z13.uuid().nullable(),
  /** The episode the tip was given for, or null. */
  episode: TipEpisodeRefSchema.nullable().optional(),
  email: z13.string().optional(),
  /**
   * Only on a platform admin's read of one tip: whether a refund can work — the payment is known at
   * the provider (a demo tip, seeded without a provider payment, is not).
   */
  refundable: z13.boolean().optional(),
  created: z13.string(),
  updated: z13.string()
});
var TipWallBodySchema = z13.object({ data: z13.object({ messageShown: z13.boolean() }) });
var CreateTipResponseSchema = z13.object({
  tip: z13.object({ id: z13.uuid(), status: z13.enum(TIP_STATUSES), amount: z13.number().int(), fee: z13.number().int() }),
  oppTransaction: z13.object({ status: z13.string(), redirectUrl: z13.string().nullable() })
});
var TipOutcomeSchema = z13.object({
  status: z13.enum(TIP_STATUSES),
  /** True once the status will not change by itself any more (paid or definitely unpaid). */
  final: z13.boolean()
});
var FINAL_TIP_STATUSES = [
  "completed",
  "cancelled",
  "expired",
  "failed",
  "refunded",
  "chargeback"
];
function isFinalTipStatus(status) {
  return FINAL_TIP_STATUSES.includes(status);
}
__name(isFinalTipStatus, "isFinalTipStatus");
function tipStatusOfTransaction(status) {
  switch (status) {
    case "created":
    case "pending":
    case "planned":
    case "reserved":
      return "pending";
    case "completed":
    case "cancelled":
    case "expired":
    case "failed":
    case "refunded":
    case "chargeback":
      return status;
    default:
      return null;
  }
}
__name(tipStatusOfTransaction, "tipStatusOfTransaction");
var TIP_RANK = {
  created: 0,
  pending: 1,
  cancelled: 2,
  expired: 2,
  failed: 2,
  completed: 3,
  refunded: 4,
  chargeback: 4
};
function canAdvanceTip(from, to) {
  return TIP_RANK[to] > TIP_RANK[from];
}
__name(canAdvanceTip, "canAdvanceTip");
function tipStatusesBefore(to) {
  return TIP_STATUSES.filter((from) => canAdvanceTip(from, to));
}
__name(tipStatusesBefore, "tipStatusesBefore");

// ../../packages/domain/src/recurring-tip-schemas.ts
var RECURRING_TIP_STATUSES = ["active", "paused", "cancelled"];
var MANDATE_STATUSES = ["pending", "valid", "invalid", "revoked"];
var RECURRING_CHARGE_STATUSES = [
  "scheduled",
  "pending",
  "completed",
  "failed",
  "cancelled",
  "refunded",
  "chargeback"
];
var MAX_CHARGE_ATTEMPTS = 3;
var CHARGE_RETRY_DAYS = 3;
var CHARGE_GRACE_DAYS = 3;
var PRE_NOTIFICATION_DAYS = 3;
var CreateRecurringTipDataSchema = z14.object({
  /** Cents per month, €1.00–€1,000.00. */
  amount: TipAmountSchema,
  displayName: TipDisplayNameSchema,
  message: TipMessageSchema,
  privacy: z14.enum(TIP_PRIVACY).default("NAME_AND_AMOUNT"),
  payment: PaymentChoiceSchema,
  locale: LocaleSchema.default(DEFAULT_LOCALE)
}).superRefine((d, ctx) => {
  if (d.privacy !== "ANONYMOUS" && !d.displayName) {
    ctx.addIssue({ code: "custom", path: ["displayName"], message: "required" });
  }
});
var CreateRecurringTipBodySchema = z14.object({ data: CreateRecurringTipDataSchema });
var UpdateRecurringTipDataSchema = z14.object({
  amount: TipAmountSchema.optional(),
  status: z14.enum(RECURRING_TIP_STATUSES).optional()
}).refine((d) => d.amount !== void 0 || d.status !== void 0, { message: "required", path: ["amount"] });
var UpdateRecurringTipBodySchema = z14.object({ data: UpdateRecurringTipDataSchema });
var RetryMandateBodySchema = z14.object({ data: RetryPaymentChoiceSchema });
var RecurringTipChargeSchema = z14.object({
  id: z14.uuid(),
  /** 'YYYY-MM' */
  period: z14.string(),
  amount: z14.number().int(),
  attempt: z14.number().int(),
  status: z14.enum(RECURRING_CHARGE_STATUSES),
  /** The month's tip, and its status (chargeback shows here). */
  tipId: z14.uuid().nullable(),
  tipStatus: z14.enum(TIP_STATUSES).nullable(),
  /** When the next try is due (scheduled charges). */
  nextAttemptAt: z14.string().nullable(),
  failureReason: z14.string().nullable(),
  completedAt: z14.string().nullable(),
  created: z14.string(),
  updated: z14.string()
});
var RecurringTipSchema = z14.object({
  id: z14.uuid(),
  tipjarId: z14.uuid(),
  tipjar: z14.object({ id: z14.uuid(), slug: z14.string(), name: z14.string() }),
  userId: z14.uuid(),
  amount: z14.number().int(),
  /** A pending change, charged from the next month on. */
  nextAmount: z14.number().int().nullable(),
  status: z14.enum(RECURRING_TIP_STATUSES),
  mandate: z14.object({
    status: z14.enum(MANDATE_STATUSES),
    paymentMethod: z14.string().nullable(),
    /** The latest mandate-creating payment (first payment or mandate retry); redirect while it is open. */
    oppTransaction: OppTransactionRefSchema.nullable()
  }),
  chargeDay: z14.number().int().nullable(),
  nextChargeAt: z14.string().nullable(),
  failedAttempts: z14.number().int(),
  lastFailureReason: z14.string().nullable(),
  privacy: z14.enum(TIP_PRIVACY),
  /** null for anonymous recurring tips (as for tips). */
  displayName: z14.string().nullable(),
  message: z14.string(),
  locale: LocaleSchema,
  /** The tipper's e-mail: platform admins and the tipper only. */
  email: z14.string().optional(),
  charges: z14.array(RecurringTipChargeSchema),
  created: z14.string(),
  updated: z14.string()
});
var CreateRecurringTipResponseSchema = z14.object({
  recurringTip: RecurringTipSchema,
  /** Send the tipper to redirectUrl for the first payment. */
  oppTransaction: OppTransactionRefSchema
});
var RECURRING_TIP_SORTABLE = ["created", "amount", "status", "nextChargeAt"];

// ../../packages/domain/src/refund-schemas.ts
import { z as z15 } from "zod";
var REFUND_KINDS = ["refund", "chargeback"];
var REFUND_SOURCES = ["admin", "provider"];
var REFUND_STATUSES = ["pending", "completed", "failed"];
var REFUND_REASON_MAX = 500;
var CreateRefundDataSchema = z15.object({
  amount: z15.number({ message: "invalid" }).int({ message: "notInteger" }).min(1, { message: "tooSmall" }).optional(),
  reason: singleLineText(REFUND_REASON_MAX).refine((s) => s.length > 0, { message: "required" })
});
var CreateRefundBodySchema = z15.object({ data: CreateRefundDataSchema });
var RefundSchema = z15.object({
  id: z15.uuid(),
  tipId: z15.uuid(),
  tipjarId: z15.uuid(),
  /** The month of a monthly tip this tip paid (recurring_tip_charges.id), else null. */
  chargeId: z15.uuid().nullable(),
  kind: z15.enum(REFUND_KINDS),
  source: z15.enum(REFUND_SOURCES),
  status: z15.enum(REFUND_STATUSES),
  /** Cents returned to the tipper. */
  amount: z15.number().int(),
  /** The part of the tip's platform fee given back to the maker with it (cents). */
  feeCredit: z15.number().int(),
  reason: z15.string(),
  /** The provider's refund (ref_…), once it answered. */
  providerUid: z15.string().nullable(),
  created: z15.string(),
  updated: z15.string()
});
function feeCreditOf(tip, refundedBefore, refund) {
  const keptOn = /* @__PURE__ */ __name((left) => shareOf(tip.fee, left, tip.amount), "keptOn");
  return keptOn(tip.amount - refundedBefore) - keptOn(tip.amount - refundedBefore - refund);
}
__name(feeCreditOf, "feeCreditOf");

// ../../packages/domain/src/settlement-schemas.ts
import { z as z16 } from "zod";
var SETTLEMENT_STATUSES = ["CURRENT", "PENDING", "PAID", "FAILED"];
var SETTLEMENT_SORTABLE = ["periodStart", "status", "gross", "net", "paidAt"];
var SettlementRowSchema = z16.object({
  /** Our tip, when the provider's reference is one of our tip transactions. */
  tipId: z16.uuid().nullable(),
  /** The provider's transaction (tra_…) or refund (ref_…) uid. */
  reference: z16.string(),
  /** Gross amount, cents (negative for refunds). */
  amount: z16.number().int(),
  /** Platform fee taken from it, cents. */
  fee: z16.number().int(),
  /** What the maker receives for it, cents. */
  payable: z16.number().int()
});
var SettlementSchema = z16.object({
  /** The provider's settlement uid (set_…). */
  id: z16.string(),
  tipjarId: z16.uuid(),
  /** Only on the global (platform admin) list. */
  tipjarName: z16.string().optional(),
  periodStart: z16.string().nullable(),
  periodEnd: z16.string().nullable(),
  status: z16.enum(SETTLEMENT_STATUSES),
  /** Sum of the tips in the period. */
  gross: z16.number().int(),
  /** Platform fees. */
  fees: z16.number().int(),
  /** The provider's transaction costs (≥ 0). */
  costs: z16.number().int().min(0),
  /** gross − fees − costs: what the maker receives. */
  net: z16.number().int(),
  paidAt: z16.string().nullable(),
  tipCount: z16.number().int(),
  /** Only on the single-settlement read. */
  rows: z16.array(SettlementRowSchema).optional()
});

// ../../packages/domain/src/statistics-schemas.ts
import { z as z17 } from "zod";
var STATISTICS_PERIODS = ["30d", "12m", "all", "custom"];
var STATISTICS_GRANULARITIES = ["day", "week", "month"];
var TIP_KINDS = ["one-off", "monthly"];
var STATISTICS_MAX_BUCKETS = 731;
var DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
function isCalendarDate(value) {
  const time = Date.parse(`${value}T00:00:00Z`);
  return DATE.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}
__name(isCalendarDate, "isCalendarDate");
var CalendarDateSchema = z17.string().regex(DATE, { message: "format" }).refine((value) => isCalendarDate(value), { message: "format" }).refine(
  (value) => {
    const year = Number(value.slice(0, 4));
    return year >= DATE_QUERY_YEARS.min && year <= DATE_QUERY_YEARS.max;
  },
  { message: "invalid" }
);
var StatisticsQuerySchema = z17.object({
  period: z17.enum(STATISTICS_PERIODS).default("30d"),
  /** custom only: first and last day (Amsterdam), both included. */
  from: CalendarDateSchema.optional(),
  to: CalendarDateSchema.optional(),
  granularity: z17.enum(STATISTICS_GRANULARITIES).optional()
}).superRefine((q, ctx) => {
  if (q.period !== "custom") return;
  if (!q.from) ctx.addIssue({ code: "custom", path: ["from"], message: "required" });
  if (!q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "required" });
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "invalid" });
});
var money = { count: z17.number().int(), sum: z17.number().int(), refunded: z17.number().int() };
var withNet = { ...money, fees: z17.number().int(), net: z17.number().int() };
var StatisticsSchema = z17.object({
  /** All time. */
  tips: z17.object(withNet),
  recurring: z17.object({ active: z17.number().int(), monthlySum: z17.number().int() }),
  /** The last 30 days and 12 months, and all time by method (the first dashboard's figures). */
  perDay: z17.array(z17.object({ date: z17.string(), ...money })),
  perMonth: z17.array(z17.object({ month: z17.string(), ...money })),
  byMethod: z17.array(z17.object({ method: z17.string(), ...money })),
  /** The asked period (Amsterdam days, both included) and everything below is within it. */
  period: z17.object({
    period: z17.enum(STATISTICS_PERIODS),
    from: z17.string(),
    to: z17.string(),
    granularity: z17.enum(STATISTICS_GRANULARITIES)
  }),
  totals: z17.object(withNet),
  /** Every day, week (from Monday) or month of the period in order, its first day as `start`; `cumulativeNet` from the period's start. */
  series: z17.array(z17.object({ start: z17.string(), ...withNet, cumulativeNet: z17.number().int() })),
  /** Both kinds, always. */
  byKind: z17.array(z17.object({ kind: z17.enum(TIP_KINDS), ...withNet })),
  methods: z17.array(z17.object({ method: z17.string(), ...withNet })),
  /** Monthly tippers who paid in each month of the period (a monthly tip is paid at most once a month). */
  monthlyTippers: z17.array(z17.object({ month: z17.string(), count: z17.number().int() })),
  /** Global statistics only: tip jars ordered per month of the period, and the ten with most net income in it. */
  newTipjars: z17.array(z17.object({ month: z17.string(), count: z17.number().int() })).optional(),
  topTipjars: z17.array(z17.object({ id: z17.string(), name: z17.string(), slug: z17.string(), ...withNet })).optional()
});
var day = /* @__PURE__ */ __name((y, m, d) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10), "day");
var parts = /* @__PURE__ */ __name((date) => date.split("-").map(Number), "parts");
function bucketStart(date, granularity) {
  const [y, m, d] = parts(date);
  if (granularity === "day") return date;
  if (granularity === "month") return day(y, m, 1);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return day(y, m, d - weekday);
}
__name(bucketStart, "bucketStart");
function periodBuckets(from, to, granularity) {
  const out = [];
  let [y, m, d] = parts(bucketStart(from, granularity));
  for (let start = day(y, m, d); start <= to; start = day(y, m, d)) {
    out.push(start);
    if (out.length > STATISTICS_MAX_BUCKETS) break;
    if (granularity === "day") d += 1;
    else if (granularity === "week") d += 7;
    else m += 1;
    [y, m, d] = parts(day(y, m, d));
  }
  return out;
}
__name(periodBuckets, "periodBuckets");
function periodRange(period, today, firstDay) {
  const [y, m, d] = parts(today);
  if (period === "30d") return { from: day(y, m, d - 29), to: today };
  if (period === "12m") return { from: day(y, m - 11, 1), to: today };
  return { from: firstDay && firstDay < today ? firstDay : today, to: today };
}
__name(periodRange, "periodRange");
function defaultGranularity(from, to) {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 864e5 + 1;
  return days <= 62 ? "day" : days <= 366 ? "week" : "month";
}
__name(defaultGranularity, "defaultGranularity");

// ../../packages/domain/src/two-step-schemas.ts
import { z as z18 } from "zod";
var RECOVERY_CODE_COUNT = 10;
var REMEMBER_DEVICE_DAYS = 30;
var TwoStepCodeSchema = singleLine(z18.string().trim().min(6, { message: "required" }).max(40));
var TwoStepChallengeSchema = z18.object({
  two_step: z18.literal("required"),
  /** Short-lived and signed: good for nothing but POST auth/two-step. */
  challenge: z18.string(),
  expires_in: z18.number().int()
});
var LoginResponseSchema = z18.union([TokenResponseSchema, TwoStepChallengeSchema]);
var TwoStepLoginBodySchema = z18.object({
  challenge: singleLine(z18.string().min(10).max(2e3)),
  code: TwoStepCodeSchema,
  /** Opt-in: answer a device token that lets the password alone sign in on this device for 30 days. */
  remember_device: z18.union([z18.boolean(), z18.enum(["true", "false"]).transform((v) => v === "true")]).optional()
});
var TwoStepTokenResponseSchema = TokenResponseSchema.extend({
  /** Only when remember_device was asked for: send it as device_token with the next logins. */
  device_token: z18.string().optional()
});
var TwoStepStatusSchema = z18.object({
  enabled: z18.boolean(),
  /** Unused recovery codes left (0 while not enabled). */
  recoveryCodesLeft: z18.number().int()
});
var TwoStepSetupSchema = z18.object({
  /** The base32 key, for typing in by hand. */
  secret: z18.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z18.string(),
  /** The QR code as an SVG data URL. */
  qr: z18.string()
});
var TwoStepCodeBodySchema = z18.object({ data: z18.object({ code: TwoStepCodeSchema }) });
var RecoveryCodesSchema = z18.object({ recoveryCodes: z18.array(z18.string()) });
var TwoStepConfirmedSchema = RecoveryCodesSchema.extend({ token: TokenResponseSchema });
var TwoStepDisableBodySchema = z18.object({
  data: z18.object({ password: z18.string().min(1).max(200), code: TwoStepCodeSchema })
});

export {
  LOCALES,
  DEFAULT_LOCALE,
  intlLocaleOf,
  isLocale,
  LANG_COOKIE,
  LANG_COOKIE_DAYS,
  langOfCookie,
  acceptedLanguages,
  rootLocaleRedirect,
  AUDIT_ENTITY_TYPES,
  AUDIT_ACTIONS,
  AuditEntrySchema,
  AUDIT_SORTABLE,
  DEFAULT_BRAND_NAME,
  hasControlCharacter,
  singleLine,
  singleLineText,
  isValidMobileNumber,
  normalizePhoneNumber,
  canTransitionTipjar,
  PAYMENT_DIALOG_STATUSES,
  isTipjarTippable,
  IdParamsSchema,
  LoginBodySchema,
  TokenResponseSchema,
  PasswordResetBodySchema,
  UserSchema,
  UpdateProfileBodySchema,
  UpdatePasswordBodySchema,
  EraseAccountBodySchema,
  RegisterBodySchema,
  TestEmailBodySchema,
  TestEmailResponseSchema,
  CreateUserBodySchema,
  UpdateUserBodySchema,
  FaqItemSchema,
  CreateFaqItemBodySchema,
  UpdateFaqItemBodySchema,
  PaymentMethodSchema,
  CreatePaymentMethodBodySchema,
  UpdatePaymentMethodBodySchema,
  SLUG_PATTERN,
  SlugSchema,
  TipjarDeletionSchema,
  UserDeletionSchema,
  STOREFRONT_EPISODES,
  EPISODE_STATISTICS_MAX,
  FEED_REFRESH_INTERVAL_MINUTES,
  FEED_REFRESH_MAX_FAILURES,
  EpisodePageSchema,
  EpisodeStatisticsSchema,
  ErrorCode,
  issuesToFields,
  normalizeFeedUrl,
  feedFailureKey,
  slugify,
  FeedPreviewBodySchema,
  FeedPreviewSchema,
  artworkPath,
  ConfirmFeedVerificationBodySchema,
  FeedVerificationStartedSchema,
  maskEmail,
  goalMonthOf,
  SUPPORTER_WALL_SIZE,
  INVOICE_STATUSES,
  INVOICE_SORTABLE,
  canTransitionInvoice,
  isInvoiceEditable,
  isFinishedPeriod,
  PeriodSchema,
  InvoiceSchema,
  CreateInvoiceBodySchema,
  CreateTipjarInvoiceBodySchema,
  UpdateInvoiceBodySchema,
  BatchCreateInvoicesBodySchema,
  BatchResultSchema,
  DEFAULT_PLATFORM_FEE_BPS,
  VAT_RATE_BPS,
  formatCents,
  toDecimalEuros,
  formatBps,
  percentOf,
  splitVat,
  isKnownTransactionStatus,
  paymentOutcome,
  canAdvanceTransaction,
  isOpenTransaction,
  CreateTipjarBodySchema,
  UpdateTipjarBodySchema,
  TipjarAdminBodySchema,
  TestPhoneNumberBodySchema,
  TestPhoneNumberResponseSchema,
  RetryPaymentBodySchema,
  AddonSchema,
  PublicTipjarSchema,
  TipjarSchema,
  CreateTipjarResponseSchema,
  CreateMerchantBodySchema,
  ConnectMerchantBodySchema,
  MigrateMerchantBodySchema,
  OppMerchantSchema,
  merchantTakesPayments,
  isRegistrationComplete,
  booleanQueryParam,
  SearchParamSchema,
  listQuerySchema,
  dateQueryParam,
  listResponseSchema,
  WEAK_PASSWORD_KEYS,
  checkPasswordStrength,
  platformFeeOf,
  MAX_CHARGE_DAY,
  TIP_STATUSES,
  REVERSED_TIP_STATUSES,
  CreateTipBodySchema,
  TipSchema,
  TipWallBodySchema,
  CreateTipResponseSchema,
  TipOutcomeSchema,
  isFinalTipStatus,
  tipStatusOfTransaction,
  tipStatusesBefore,
  MAX_CHARGE_ATTEMPTS,
  CHARGE_RETRY_DAYS,
  CHARGE_GRACE_DAYS,
  PRE_NOTIFICATION_DAYS,
  CreateRecurringTipBodySchema,
  UpdateRecurringTipBodySchema,
  RetryMandateBodySchema,
  RecurringTipSchema,
  CreateRecurringTipResponseSchema,
  RECURRING_TIP_SORTABLE,
  CreateRefundBodySchema,
  RefundSchema,
  feeCreditOf,
  STOREFRONT_DATA_ELEMENT_ID,
  STOREFRONT_STRINGS_ELEMENT_ID,
  STOREFRONT_EPISODE_ELEMENT_ID,
  HOME_STRINGS_ELEMENT_ID,
  isReservedSlug,
  localeFromPath,
  stripLocale,
  appUrl,
  SETTLEMENT_STATUSES,
  SETTLEMENT_SORTABLE,
  SettlementSchema,
  BRAND_COLORS,
  QR_PNG_SIZES,
  shareUrl,
  shareFilesPath,
  escapeXml,
  fundingTag,
  badgeSnippet,
  ShareFileQuerySchema,
  QrPngQuerySchema,
  ShareKitSchema,
  ShareSlugParamsSchema,
  TIP_KINDS,
  STATISTICS_MAX_BUCKETS,
  StatisticsQuerySchema,
  StatisticsSchema,
  periodBuckets,
  periodRange,
  defaultGranularity,
  RECOVERY_CODE_COUNT,
  REMEMBER_DEVICE_DAYS,
  LoginResponseSchema,
  TwoStepLoginBodySchema,
  TwoStepTokenResponseSchema,
  TwoStepStatusSchema,
  TwoStepSetupSchema,
  TwoStepCodeBodySchema,
  RecoveryCodesSchema,
  TwoStepConfirmedSchema,
  TwoStepDisableBodySchema
};
//# sourceMappingURL=chunk-5ERTLZPQ.js.map
