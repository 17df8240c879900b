import {
  notifyUrlOf
} from "./chunk-PLXQK7GP.js";
import {
  formatCents
} from "./chunk-5ERTLZPQ.js";
import {
  __name
} from "./chunk-XE4OXN2W.js";

// ../opp-simulator/src/faults.ts
var FAULT_NAMES = ["duplicate", "reorder", "delay", "http409", "http5xx", "timeout"];
var DEFAULT_SHARE = 0.2;
var SETTINGS = { "delay-ms": "delayMs", "hold-ms": "holdMs", "hang-ms": "hangMs", streak: "streak" };
var HTTP_5XX = [500, 502, 503];
function parseFaultPlan(text2) {
  const items = (text2 ?? "").split(",").map((item) => item.trim().toLowerCase()).filter(Boolean);
  if (items.length === 0 || items.length === 1 && ["off", "none", "false", "0"].includes(items[0])) return null;
  const plan = {
    shares: Object.fromEntries(FAULT_NAMES.map((name) => [name, 0])),
    delayMs: 100,
    holdMs: 100,
    hangMs: void 0,
    streak: 2
  };
  for (const item of items) {
    const [name = "", value, ...rest] = item.split("=");
    const bad = /* @__PURE__ */ __name((why) => new Error(
      `SIM_FAULTS: "${item}" ${why} (expected e.g. duplicate,reorder,delay,http409=0.2,http5xx=0.1,timeout=0.1)`
    ), "bad");
    if (rest.length > 0) throw bad('has more than one "="');
    if (name === "all" && value === void 0) {
      for (const fault of FAULT_NAMES) plan.shares[fault] = DEFAULT_SHARE;
    } else if (FAULT_NAMES.includes(name)) {
      const share = value === void 0 ? DEFAULT_SHARE : Number(value);
      if (value === "" || !Number.isFinite(share) || share < 0 || share > 1) throw bad("needs a share from 0 to 1");
      plan.shares[name] = share;
    } else if (name in SETTINGS) {
      const ms = Number(value);
      if (!value || !Number.isInteger(ms) || ms < 0 || ms > 6e4) throw bad("needs a whole number (0\u201360000)");
      plan[SETTINGS[name]] = ms;
    } else {
      throw bad(`is not one of ${[...FAULT_NAMES, "all", ...Object.keys(SETTINGS)].join(", ")}`);
    }
  }
  return plan;
}
__name(parseFaultPlan, "parseFaultPlan");
function describeFaultPlan(plan) {
  const shares = FAULT_NAMES.filter((name) => plan.shares[name] > 0).map((name) => `${name}=${plan.shares[name]}`);
  const settings = [`delay-ms=${plan.delayMs}`, `hold-ms=${plan.holdMs}`, `streak=${plan.streak}`];
  if (plan.hangMs !== void 0) settings.push(`hang-ms=${plan.hangMs}`);
  return [...shares, ...settings].join(",");
}
__name(describeFaultPlan, "describeFaultPlan");
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = state + 1831565813 >>> 0;
    let x = state;
    x = Math.imul(x ^ x >>> 15, x | 1);
    x ^= x + Math.imul(x ^ x >>> 7, x | 61);
    return ((x ^ x >>> 14) >>> 0) / 4294967296;
  };
}
__name(seededRandom, "seededRandom");
var EXEMPT_PATH = /\/_test\//;
var Faults = class {
  constructor(plan, seed) {
    this.plan = plan;
    this.seed = seed;
    this.random = seededRandom(seed);
  }
  plan;
  seed;
  static {
    __name(this, "Faults");
  }
  counts = { duplicated: 0, reordered: 0, delayed: 0, refused: 0, answersLost: 0 };
  /** Off: the provider behaves (a test sets up its world, or reads the end state, without faults). */
  active = true;
  random;
  /** Notifications held back until a later one has been delivered (or their hold ran out). */
  held = /* @__PURE__ */ new Set();
  /** Faults in a row per call (method, path, Idempotency-Key) that has not gone through since. */
  streaks = /* @__PURE__ */ new Map();
  hits(fault) {
    const share = this.plan.shares[fault];
    return this.active && share > 0 && this.random() < share;
  }
  /**
   * Decides, before the handler runs, what happens to one API call: refused with 409 (writes only:
   * the provider's "this key is being worked on") or 500/502/503 (any call), or — for a write — acted
   * on and its answer lost.
   */
  callFault(method, url, idempotencyKey2 = "") {
    if (EXEMPT_PATH.test(url)) return { kind: "none" };
    const call = `${method} ${url} ${idempotencyKey2}`;
    const streak = this.streaks.get(call) ?? 0;
    const fault = streak < this.plan.streak ? this.chooseCallFault(method) : { kind: "none" };
    if (fault.kind === "none") this.streaks.delete(call);
    else this.streaks.set(call, streak + 1);
    return fault;
  }
  chooseCallFault(method) {
    const isWrite = method !== "GET" && method !== "HEAD";
    if (isWrite && this.hits("http409")) return { kind: "refuse", status: 409 };
    if (this.hits("http5xx")) return { kind: "refuse", status: HTTP_5XX[Math.floor(this.random() * 3)] };
    if (isWrite && this.hits("timeout")) return { kind: "lose-answer" };
    return { kind: "none" };
  }
  /**
   * Delivers one new notification under the plan: perhaps late, perhaps held back until a later one
   * has gone first (swapped order), perhaps sent a second time once it was delivered.
   * `deliver` is the normal delivery with its retries; `sendAgain` one more POST of the same body.
   */
  async deliverNotification(deliver, sendAgain, sleep) {
    const delay = this.hits("delay") ? Math.floor(this.random() * this.plan.delayMs) + 1 : 0;
    const hold = this.hits("reorder");
    const twice = this.hits("duplicate");
    if (delay > 0) {
      this.counts.delayed += 1;
      await sleep(delay);
    }
    if (hold) {
      this.counts.reordered += 1;
      await new Promise((resolve) => {
        const release = /* @__PURE__ */ __name(() => {
          this.held.delete(release);
          resolve();
        }, "release");
        this.held.add(release);
        void sleep(this.plan.holdMs).then(release);
      });
    }
    await deliver();
    if (!hold) for (const release of [...this.held]) release();
    if (twice) {
      this.counts.duplicated += 1;
      await sendAgain();
    }
  }
};
function faultsFromSettings(text2, seed) {
  const plan = parseFaultPlan(text2);
  if (!plan) return null;
  return new Faults(plan, seed ?? Math.floor(Math.random() * 2 ** 31));
}
__name(faultsFromSettings, "faultsFromSettings");
var chosen = /* @__PURE__ */ new WeakMap();
function installFaultHooks(api, faults, refuse) {
  api.addHook("preHandler", async (request, reply) => {
    const key = request.headers["idempotency-key"];
    const fault = faults.callFault(request.method, request.url, typeof key === "string" ? key : "");
    if (fault.kind === "refuse") {
      faults.counts.refused += 1;
      const message = fault.status === 409 ? "A request with this Idempotency-Key is still in progress; retry later" : "Simulated fault";
      return refuse(reply, fault.status, message);
    }
    if (fault.kind === "lose-answer") chosen.set(request, fault);
  });
  api.addHook("onSend", async (request, reply, payload) => {
    if (chosen.get(request)?.kind !== "lose-answer" || reply.statusCode >= 400) return payload;
    faults.counts.answersLost += 1;
    if (faults.plan.hangMs !== void 0) {
      await new Promise((resolve) => setTimeout(resolve, faults.plan.hangMs));
      return payload;
    }
    request.raw.socket?.destroy();
    return payload;
  });
}
__name(installFaultHooks, "installFaultHooks");

// ../opp-simulator/src/migrate.ts
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
var SIM_MIGRATIONS = {
  migrationsFolder: path.resolve(path.dirname(fileURLToPath(new URL("../../opp-simulator/src/migrate.ts", import.meta.url).href)), "../drizzle"),
  migrationsSchema: "drizzle",
  migrationsTable: "__opp_simulator_migrations"
};
var RECORD = sql`${sql.identifier(SIM_MIGRATIONS.migrationsSchema)}.${sql.identifier(SIM_MIGRATIONS.migrationsTable)}`;
var LOCK_ID = 7031987;
async function migrateSimulator(db) {
  const migrations = readMigrationFiles(SIM_MIGRATIONS);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ID})`);
    await tx.execute(sql`create schema if not exists ${sql.identifier(SIM_MIGRATIONS.migrationsSchema)}`);
    await tx.execute(
      sql`create table if not exists ${RECORD} (id serial primary key, hash text not null, created_at bigint)`
    );
    await adoptLegacyRecord(tx, migrations);
    const [last] = rowsOf(
      await tx.execute(sql`select created_at from ${RECORD} order by created_at desc limit 1`)
    );
    for (const migration of migrations) {
      if (last && Number(last.created_at) >= migration.folderMillis) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await recordApplied(tx, migration);
    }
  });
}
__name(migrateSimulator, "migrateSimulator");
async function adoptLegacyRecord(tx, migrations) {
  const [legacy] = rowsOf(
    await tx.execute(sql`select to_regclass('sim_migrations') is not null as present`)
  );
  if (!legacy?.present) return;
  const [applied] = rowsOf(await tx.execute(sql`select count(*) as n from sim_migrations`));
  for (const migration of migrations.slice(0, Number(applied?.n ?? 0))) {
    await recordApplied(tx, migration);
  }
  await tx.execute(sql`drop table sim_migrations`);
}
__name(adoptLegacyRecord, "adoptLegacyRecord");
async function recordApplied(tx, migration) {
  await tx.execute(sql`insert into ${RECORD} (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
}
__name(recordApplied, "recordApplied");
function rowsOf(result) {
  return Array.isArray(result) ? result : result.rows ?? [];
}
__name(rowsOf, "rowsOf");

// ../opp-simulator/src/routes.ts
import { timingSafeEqual } from "node:crypto";

// ../opp-simulator/src/checkout-page.ts
var TEXT = {
  en: {
    title: "Test payment",
    intro: "This is the payment simulator. No real money is involved.",
    amount: "Amount",
    merchant: "Paid to",
    method: "Payment method",
    methodAny: "Choose at the bank",
    choose: "Choose the outcome of this payment",
    paid: "Paid",
    cancelled: "Cancelled",
    expired: "Expired",
    failed: "Failed",
    pending: "Leave pending",
    done: "This payment is already finished with status",
    back: "Back to the shop",
    statuses: { completed: "paid", cancelled: "cancelled", expired: "expired", failed: "failed" }
  },
  nl: {
    title: "Testbetaling",
    intro: "Dit is de betaalsimulator. Er wordt geen echt geld gebruikt.",
    amount: "Bedrag",
    merchant: "Betaald aan",
    method: "Betaalmethode",
    methodAny: "Kies bij de bank",
    choose: "Kies de uitkomst van deze betaling",
    paid: "Betaald",
    cancelled: "Geannuleerd",
    expired: "Verlopen",
    failed: "Mislukt",
    pending: "In behandeling laten",
    done: "Deze betaling is al afgerond met status",
    back: "Terug naar de winkel",
    statuses: { completed: "betaald", cancelled: "geannuleerd", expired: "verlopen", failed: "mislukt" }
  }
};
var METHOD_NAMES = { ideal: "iDEAL", bcmc: "Bancontact", sepa: "SEPA" };
function escapeHtml(value) {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c
  );
}
__name(escapeHtml, "escapeHtml");
function renderCheckoutPage(view) {
  const lang = view.locale === "nl" ? "nl" : "en";
  const t = TEXT[lang];
  const open = view.status === "created" || view.status === "pending";
  const method = view.paymentMethod ? METHOD_NAMES[view.paymentMethod] ?? view.paymentMethod : t.methodAny;
  const buttons = ["completed", "cancelled", "expired", "failed", "pending"].map((outcome) => {
    const label = outcome === "completed" ? t.paid : t[outcome];
    return `<button type="submit" name="outcome" value="${outcome}" class="${outcome}">${escapeHtml(label)}</button>`;
  }).join("\n        ");
  const body2 = open ? `<form method="post" action="/sim/checkout/${escapeHtml(view.uid)}">
      <fieldset>
        <legend>${escapeHtml(t.choose)}</legend>
        ${buttons}
      </fieldset>
    </form>` : `<p role="status">${escapeHtml(t.done)} <strong>${escapeHtml(t.statuses[view.status] ?? view.status)}</strong>.</p>
    ${view.returnUrl ? `<p><a href="${escapeHtml(view.returnUrl)}">${escapeHtml(t.back)}</a></p>` : ""}`;
  return pageShell(
    lang,
    `${t.title} \u2013 ${view.merchantName}`,
    `<h1>${escapeHtml(t.title)}</h1>
    <p>${escapeHtml(t.intro)}</p>
    <dl>
      <dt>${escapeHtml(t.amount)}</dt><dd data-testid="amount">${escapeHtml(formatCents(view.amount, lang))}</dd>
      <dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(view.merchantName)}</dd>
      <dt>${escapeHtml(t.method)}</dt><dd>${escapeHtml(method)}</dd>
    </dl>
    ${body2}`
  );
}
__name(renderCheckoutPage, "renderCheckoutPage");
var VERIFY_TEXT = {
  en: {
    title: "Verification",
    intro: "This is the payment simulator: here a maker confirms bank account and identity. No real data is asked.",
    merchant: "Merchant",
    outcome: "Outcome",
    approve: "Approve",
    disapprove: "Refuse"
  },
  nl: {
    title: "Verificatie",
    intro: "Dit is de betaalsimulator: hier bevestigt een maker bankrekening en identiteit. Er worden geen echte gegevens gevraagd.",
    merchant: "Merchant",
    outcome: "Uitkomst",
    approve: "Goedkeuren",
    disapprove: "Afwijzen"
  }
};
function renderVerifyPage(merchant) {
  const lang = merchant.locale === "nl" ? "nl" : "en";
  const t = VERIFY_TEXT[lang];
  const name = String(merchant.name ?? merchant.emailaddress ?? merchant.uid);
  const compliance = merchant.compliance?.status ?? "unknown";
  return pageShell(
    lang,
    `${t.title} \u2013 ${name}`,
    `<h1>${escapeHtml(t.title)}</h1>
    <p>${escapeHtml(t.intro)}</p>
    <p>${escapeHtml(t.merchant)}: <strong>${escapeHtml(name)}</strong> (${escapeHtml(String(merchant.uid))}) \xB7 ${escapeHtml(compliance)}</p>
    <form method="post" action="/sim/verify/${escapeHtml(String(merchant.uid))}">
      <fieldset>
        <legend>${escapeHtml(t.outcome)}</legend>
        <button type="submit" name="outcome" value="approve" class="approve">${escapeHtml(t.approve)}</button>
        <button type="submit" name="outcome" value="disapprove">${escapeHtml(t.disapprove)}</button>
      </fieldset>
    </form>`
  );
}
__name(renderVerifyPage, "renderVerifyPage");
function pageShell(lang, title, main) {
  return `<!doctype html>
<html lang="${lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; background: #f6f6f6; color: #1a1a1a; }
    main { max-width: 28rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 8px; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; }
    dt { font-weight: 600; }
    fieldset { border: 0; padding: 0; display: grid; gap: .5rem; }
    legend { font-weight: 600; margin-bottom: .5rem; }
    button { font-size: 1rem; padding: .75rem; border-radius: 6px; border: 2px solid #1a1a1a; background: #fff; cursor: pointer; }
    button:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
    button.completed, button.approve { background: #1e6b2e; border-color: #1e6b2e; color: #fff; }
  </style>
</head>
<body>
  <main>
    ${main}
  </main>
</body>
</html>`;
}
__name(pageShell, "pageShell");

// ../opp-simulator/src/simulator.ts
import { createHash, createHmac, randomBytes } from "node:crypto";

// ../opp-simulator/src/idempotency-mode.ts
var KEY_REUSED = { status: 422, message: "This Idempotency-Key has already been used" };

// ../opp-simulator/src/repository.ts
import { and, asc, desc, eq, inArray, isNull, sql as sql2 } from "drizzle-orm";

// ../opp-simulator/src/schema.ts
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
var created = /* @__PURE__ */ __name(() => timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(), "created");
var simObjects = pgTable(
  "sim_objects",
  {
    uid: text().primaryKey(),
    objectType: text().notNull(),
    /** The merchant of a bank account/settlement, the mandate of a mandate transaction, … */
    parentUid: text(),
    data: jsonb().$type().notNull(),
    created: created()
  },
  (t) => [index().on(t.objectType, t.parentUid)]
);
var simIdempotencyKeys = pgTable(
  "sim_idempotency_keys",
  {
    scope: text().notNull(),
    key: text().notNull(),
    objectUid: text(),
    created: created()
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })]
);
var simNotifications = pgTable(
  "sim_notifications",
  {
    uid: text().primaryKey(),
    url: text().notNull(),
    payload: jsonb().$type().notNull(),
    attempts: integer().notNull().default(0),
    deliveredAt: timestamp({ withTimezone: true, mode: "date" }),
    created: created()
  },
  (t) => [index().on(t.deliveredAt)]
);

// ../opp-simulator/src/repository.ts
async function findObject(db, uid, objectType) {
  const [row] = await db.select().from(simObjects).where(objectType ? and(eq(simObjects.uid, uid), eq(simObjects.objectType, objectType)) : eq(simObjects.uid, uid));
  return row?.data;
}
__name(findObject, "findObject");
async function findObjects(db, uids) {
  const asked = new Set(uids);
  const rows = await db.select({ uid: simObjects.uid, objectType: simObjects.objectType, data: simObjects.data }).from(simObjects).where(inArray(simObjects.uid, [...asked]));
  return { asked, found: new Map(rows.map((r) => [r.uid, { objectType: r.objectType, data: r.data }])) };
}
__name(findObjects, "findObjects");
async function listObjects(db, objectType, options = {}) {
  const where = and(
    eq(simObjects.objectType, objectType),
    options.parentUid ? eq(simObjects.parentUid, options.parentUid) : void 0,
    options.status ? sql2`${simObjects.data}->>'status' = ${options.status}` : void 0,
    // Lower-case on both sides: the provider treats addresses case-insensitively (assumed).
    options.emailaddress ? sql2`lower(${simObjects.data}->>'emailaddress') = ${options.emailaddress}` : void 0,
    options.reference ? sql2`${simObjects.data}->>'reference' = ${options.reference}` : void 0
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(simObjects).where(where).orderBy(desc(simObjects.created), asc(simObjects.uid)).offset(options.offset ?? 0).limit(options.limit ?? 100),
    db.select({ n: sql2`count(*)::int` }).from(simObjects).where(where)
  ]);
  return { rows: rows.map((r) => r.data), total: total?.n ?? 0 };
}
__name(listObjects, "listObjects");
async function listObjectsOfParents(db, objectType, parentUids) {
  if (parentUids.length === 0) return [];
  const rows = await db.select().from(simObjects).where(and(eq(simObjects.objectType, objectType), inArray(simObjects.parentUid, parentUids))).orderBy(asc(simObjects.created), asc(simObjects.uid));
  return rows.map((r) => ({ parentUid: r.parentUid, data: r.data }));
}
__name(listObjectsOfParents, "listObjectsOfParents");
async function insertObject(db, objectType, data, parentUid) {
  await db.insert(simObjects).values({ uid: data.uid, objectType, parentUid: parentUid ?? null, data });
}
__name(insertObject, "insertObject");
async function saveObject(db, data) {
  await db.update(simObjects).set({ data }).where(eq(simObjects.uid, data.uid));
}
__name(saveObject, "saveObject");
async function findIdempotencyKey(db, scope, key) {
  const [row] = await db.select({ objectUid: simIdempotencyKeys.objectUid, created: simIdempotencyKeys.created }).from(simIdempotencyKeys).where(and(eq(simIdempotencyKeys.scope, scope), eq(simIdempotencyKeys.key, key)));
  return row;
}
__name(findIdempotencyKey, "findIdempotencyKey");
async function reserveIdempotencyKey(db, scope, key, objectUid) {
  const rows = await db.insert(simIdempotencyKeys).values({ scope, key, objectUid }).onConflictDoNothing().returning({ key: simIdempotencyKeys.key });
  return rows.length > 0;
}
__name(reserveIdempotencyKey, "reserveIdempotencyKey");
async function takeOverIdempotencyKey(db, scope, key, staleBefore, uid) {
  const [row] = await db.update(simIdempotencyKeys).set({ created: sql2`now()`, objectUid: sql2`coalesce(${simIdempotencyKeys.objectUid}, ${uid})` }).where(
    and(
      eq(simIdempotencyKeys.scope, scope),
      eq(simIdempotencyKeys.key, key),
      sql2`${simIdempotencyKeys.created} < ${staleBefore.toISOString()}::timestamptz`,
      sql2`not exists (select 1 from ${simObjects} where ${simObjects.uid} = ${simIdempotencyKeys.objectUid})`
    )
  ).returning({ objectUid: simIdempotencyKeys.objectUid });
  return row?.objectUid ?? void 0;
}
__name(takeOverIdempotencyKey, "takeOverIdempotencyKey");
var keyHeldFor = /* @__PURE__ */ __name((scope, key, objectUid) => and(
  eq(simIdempotencyKeys.scope, scope),
  eq(simIdempotencyKeys.key, key),
  eq(simIdempotencyKeys.objectUid, objectUid)
), "keyHeldFor");
async function releaseIdempotencyKey(db, scope, key, objectUid) {
  await db.delete(simIdempotencyKeys).where(
    and(
      keyHeldFor(scope, key, objectUid),
      sql2`not exists (select 1 from ${simObjects} where ${simObjects.uid} = ${objectUid})`
    )
  );
}
__name(releaseIdempotencyKey, "releaseIdempotencyKey");
async function listTransactionsOfMandate(db, mandateUid) {
  const rows = await db.select().from(simObjects).where(and(eq(simObjects.objectType, "transaction"), sql2`${simObjects.data}->>'mandate_uid' = ${mandateUid}`)).orderBy(asc(simObjects.created));
  return rows.map((r) => r.data);
}
__name(listTransactionsOfMandate, "listTransactionsOfMandate");
async function dropIdempotencyKey(db, scope, key, objectUid) {
  await db.delete(simIdempotencyKeys).where(keyHeldFor(scope, key, objectUid));
}
__name(dropIdempotencyKey, "dropIdempotencyKey");
async function insertNotification(db, uid, url, payload) {
  await db.insert(simNotifications).values({ uid, url, payload });
}
__name(insertNotification, "insertNotification");
async function markNotificationAttempt(db, uid, delivered) {
  await db.update(simNotifications).set({
    attempts: sql2`${simNotifications.attempts} + 1`,
    ...delivered ? { deliveredAt: /* @__PURE__ */ new Date() } : {}
  }).where(eq(simNotifications.uid, uid));
}
__name(markNotificationAttempt, "markNotificationAttempt");
async function listUndeliveredNotifications(db, maxAttempts, after, limit) {
  return db.select({
    uid: simNotifications.uid,
    url: simNotifications.url,
    payload: simNotifications.payload,
    attempts: simNotifications.attempts,
    // Exact (microsecond) text, so the cursor never re-reads its own last row.
    cursor: sql2`${simNotifications.created}::text`
  }).from(simNotifications).where(
    and(
      isNull(simNotifications.deliveredAt),
      sql2`${simNotifications.attempts} < ${maxAttempts}`,
      after ? sql2`(${simNotifications.created}, ${simNotifications.uid}) > (${after.created}::timestamptz, ${after.uid})` : void 0
    )
  ).orderBy(asc(simNotifications.created), asc(simNotifications.uid)).limit(limit);
}
__name(listUndeliveredNotifications, "listUndeliveredNotifications");

// ../opp-simulator/src/simulator.ts
var SimError = class extends Error {
  constructor(status, message, parameters) {
    super(message);
    this.status = status;
    this.parameters = parameters;
  }
  status;
  parameters;
  static {
    __name(this, "SimError");
  }
};
var SIM_OUTCOMES = ["completed", "cancelled", "expired", "failed", "pending"];
var SIM_TEST_AMOUNTS = {
  101: "created",
  201: "pending",
  301: "expired",
  401: "cancelled",
  501: "completed",
  701: "failed",
  801: "refunded",
  901: "reserved"
};
var EXPIRY_SECONDS = 15 * 60;
var FINAL = /* @__PURE__ */ new Set(["completed", "cancelled", "expired", "failed", "refunded", "chargeback"]);
var MAX_DELIVERY_ATTEMPTS = 6;
var RESUME_BATCH_SIZE = 100;
var IDEMPOTENCY_STALE_MS = 15e3;
var PARTNER_MERCHANT_STATUSES = ["terminated", "suspended"];
var STOPPED_MERCHANT_STATUSES = ["suspended", "blocked", "terminated", "deleted"];
var MERCHANT_EMAIL_SCOPE = "merchant_emailaddress";
var DEFAULT_MERCHANT_LIVE_DELAY_MS = 15e3;
var SIM_IDEAL_ISSUERS = [
  { bic: "ABNANL2A", name: "ABN AMRO" },
  { bic: "ASNBNL21", name: "ASN Bank" },
  { bic: "BUNQNL2A", name: "bunq" },
  { bic: "INGBNL2A", name: "ING" },
  { bic: "KNABNL2H", name: "Knab" },
  { bic: "NTSBDEB1", name: "N26" },
  { bic: "NNBANL2G", name: "Nationale-Nederlanden" },
  { bic: "RABONL2U", name: "Rabobank" },
  { bic: "RBRBNL21", name: "RegioBank" },
  { bic: "REVOLT21", name: "Revolut" },
  { bic: "SNSBNL2A", name: "SNS" },
  { bic: "TRIONL2U", name: "Triodos Bank" },
  { bic: "FVLBNL22", name: "Van Lanschot Kempen" },
  { bic: "YOURNL2A", name: "Yoursafe" }
];
var now = /* @__PURE__ */ __name(() => Math.floor(Date.now() / 1e3), "now");
var newUid = /* @__PURE__ */ __name((prefix) => `${prefix}_${randomBytes(8).toString("hex")}`, "newUid");
var toMetadata = /* @__PURE__ */ __name((value) => value && typeof value === "object" && !Array.isArray(value) ? Object.entries(value).map(([key, v]) => ({ key, value: String(v ?? "") })) : [], "toMetadata");
function requireInt(body2, field, min = 1) {
  const v = body2[field];
  if (typeof v !== "number" || !Number.isInteger(v) || v < min) {
    throw new SimError(400, `${field} must be an integer of at least ${min} (cents)`);
  }
  return v;
}
__name(requireInt, "requireInt");
function requireString(body2, field) {
  const v = body2[field];
  if (typeof v !== "string" || v.trim() === "") throw new SimError(400, `${field} is required`);
  return v;
}
__name(requireString, "requireString");
function optionalString(body2, field) {
  const v = body2[field];
  return typeof v === "string" && v !== "" ? v : null;
}
__name(optionalString, "optionalString");
var OppSimulator = class {
  constructor(host, options = {}) {
    this.host = host;
    this.retryBaseMs = options.retryBaseMs ?? 1e3;
    this.settleMandateChargesMs = options.settleMandateChargesMs;
    this.merchantLiveDelayMs = options.merchantLiveDelayMs ?? DEFAULT_MERCHANT_LIVE_DELAY_MS;
    this.faults = options.faults ?? null;
  }
  host;
  static {
    __name(this, "OppSimulator");
  }
  /**
   * Whether a mandate (created or read) names its first payment as `transaction_uid`. Off, as far as
   * anyone knows the real provider does it; the first payment still carries the mandate's metadata
   * and `mandate_uid`, and its notifications go to the mandate's notify_url.
   */
  mandateNamesFirstPayment = false;
  /** How a reused Idempotency-Key is answered (idempotency-mode.ts); tests switch it, `replay` otherwise. */
  idempotencyMode = "replay";
  deliveries = /* @__PURE__ */ new Set();
  closed = false;
  wakeups = /* @__PURE__ */ new Set();
  retryBaseMs;
  settleMandateChargesMs;
  merchantLiveDelayMs;
  faults;
  /** The simulated API base, as objects name it in `object_url` (the same the client uses). */
  get apiBase() {
    return this.host.settings().apiBase;
  }
  /** An object of a type: from `read` when it asked for that uid, else from the database. */
  async findObject(uid, objectType, read) {
    if (!read?.asked.has(uid)) return findObject(this.host.db, uid, objectType);
    const object = read.found.get(uid);
    return object?.objectType === objectType ? object.data : void 0;
  }
  /* ---------- idempotency ---------- */
  /**
   * Runs `create` once per (scope, key): a second request with the same Idempotency-Key gets the
   * object the first one made. The key is reserved, together with the uid the object will have,
   * before anything is made, so of concurrent requests one creates and the others get 409 while it
   * is in flight. A reservation left by a request that died (the provider crashed mid-create) is
   * taken over once it is stale, and the taker makes the object under the same uid — resuming what
   * the dead request began (`create` must find and keep what already exists of that uid), so one
   * key never makes two objects, crash or not. Without a key every request creates (as OPP does).
   * That is `idempotencyMode` `replay`; `ignore` and `reject` are in idempotency-mode.ts.
   */
  async idempotent(scope, key, uid, create) {
    if (!key || this.idempotencyMode === "ignore") return create(uid);
    const db = this.host.db;
    for (let tries = 0; tries < 3; tries++) {
      if (await reserveIdempotencyKey(db, scope, key, uid)) return this.createReserved(scope, key, uid, create);
      const held = await findIdempotencyKey(db, scope, key);
      if (!held) continue;
      if (held.objectUid) {
        const object = await findObject(db, held.objectUid);
        if (object && this.idempotencyMode === "reject") throw new SimError(KEY_REUSED.status, KEY_REUSED.message);
        if (object) return object;
      }
      const stale = new Date(Date.now() - IDEMPOTENCY_STALE_MS);
      const taken = await takeOverIdempotencyKey(db, scope, key, stale, held.objectUid ?? uid);
      if (taken) return this.createReserved(scope, key, taken, create);
      throw new SimError(409, "A request with this Idempotency-Key is still in progress; retry later");
    }
    throw new SimError(409, "A request with this Idempotency-Key is still in progress; retry later");
  }
  async createReserved(scope, key, uid, create) {
    try {
      return await create(uid);
    } catch (err) {
      await releaseIdempotencyKey(this.host.db, scope, key, uid);
      throw err;
    }
  }
  /* ---------- merchants ---------- */
  /**
   * POST /merchants. One merchant per e-mail address across the partner's merchants (payments.md
   * §12): a taken address is a 400 naming `emailaddress` in `error.parameters`. The address is
   * claimed atomically, so of two concurrent creates with one address only one succeeds.
   */
  async createMerchant(body2, uid = newUid("mer")) {
    const type = body2.type === "business" ? "business" : "consumer";
    const emailaddress = requireString(body2, "emailaddress").trim();
    const country = requireString(body2, "country").toLowerCase();
    const notifyUrl = requireString(body2, "notify_url");
    const existing = await findObject(this.host.db, uid, "merchant");
    if (existing) return existing;
    const ts = now();
    const name = type === "business" ? optionalString(body2, "legal_name") ?? optionalString(body2, "coc_nr") : [optionalString(body2, "name_first"), optionalString(body2, "name_last")].filter(Boolean).join(" ") || null;
    const merchant = {
      livemode: false,
      uid,
      object: "merchant",
      created: ts,
      updated: ts,
      status: "pending",
      // Recorded sandbox answers: consumers start verified at level 100, businesses unverified at 400.
      compliance: type === "business" ? {
        level: 400,
        status: "unverified",
        overview_url: null,
        requirements: [requirement("bank_account.required"), requirement("contact.verification.required")]
      } : { level: 100, status: "verified", overview_url: null, requirements: [] },
      type,
      coc_nr: optionalString(body2, "coc_nr"),
      vat_nr: optionalString(body2, "vat_nr"),
      name,
      phone: optionalString(body2, "phone"),
      emailaddress,
      country,
      sector: null,
      addresses: [],
      trading_names: Array.isArray(body2.trading_names) ? body2.trading_names : [],
      contacts: [],
      profiles: [],
      payment_methods: [],
      notify_url: notifyUrl,
      return_url: optionalString(body2, "return_url"),
      // The language of the provider's pages and mails for this merchant (its verification page).
      locale: optionalString(body2, "locale") ?? "en",
      metadata: toMetadata(body2.metadata)
    };
    merchant.compliance.overview_url = this.verificationUrlOf(String(merchant.uid));
    if (type === "business") {
      const requirements = merchant.compliance.requirements;
      requirements[1].object_redirect_url = this.verificationUrlOf(uid);
    }
    await this.claimEmail(emailaddress, uid, async () => insertObject(this.host.db, "merchant", merchant));
    if (type === "consumer") this.goLiveLater(uid);
    return merchant;
  }
  /**
   * Runs `make` holding `emailaddress` for merchant `uid`; a taken address is the provider's 400. The
   * address is claimed for the uid before the merchant is made, so a create resumed after a crash
   * (same uid) finds the address its own.
   */
  async claimEmail(emailaddress, uid, make) {
    const db = this.host.db;
    const key = emailaddress.toLowerCase();
    const { rows } = await listObjects(db, "merchant", { emailaddress: key, limit: 1 });
    const ours = /* @__PURE__ */ __name(async () => await reserveIdempotencyKey(db, MERCHANT_EMAIL_SCOPE, key, uid) || (await findIdempotencyKey(db, MERCHANT_EMAIL_SCOPE, key))?.objectUid === uid, "ours");
    if (rows.some((m) => m.uid !== uid) || !await ours()) {
      throw new SimError(400, "The emailaddress is already in use by another merchant", {
        emailaddress: ["The emailaddress has already been taken."]
      });
    }
    try {
      await make();
    } catch (err) {
      await releaseIdempotencyKey(db, MERCHANT_EMAIL_SCOPE, key, uid);
      throw err;
    }
  }
  /** Wakes up when a new consumer merchant is due to go live, so its notification comes by itself. */
  goLiveLater(uid) {
    void this.sleep(this.merchantLiveDelayMs).then(() => this.closed ? void 0 : this.getMerchant(uid)).catch((err) => this.host.log.warn({ err, uid }, "simulator: making a merchant live failed"));
  }
  /**
   * A consumer merchant goes live by itself once its delay has passed (checked on every read, so a
   * restart loses nothing); the provider notifies `merchant.status.changed`.
   */
  async liveWhenDue(merchant) {
    if (merchant.type !== "consumer" || merchant.status !== "pending") return merchant;
    if (Date.now() < Number(merchant.created) * 1e3 + this.merchantLiveDelayMs) return merchant;
    return this.changeMerchantStatus(merchant, "live");
  }
  /** The provider changes a merchant's status (live, suspended, blocked, terminated…) and notifies. */
  async changeMerchantStatus(merchant, status) {
    if (merchant.status === status) return merchant;
    merchant.status = status;
    merchant.updated = now();
    await saveObject(this.host.db, merchant);
    if (typeof merchant.notify_url === "string") {
      await this.notify(merchant.notify_url, "merchant.status.changed", "merchant", merchant.uid, {
        object_url: `${this.apiBase}/merchants/${merchant.uid}`
      });
    }
    return merchant;
  }
  /** The provider (not the partner) sets a merchant's status, e.g. suspends or blocks it (tests, demo). */
  async setMerchantStatus(uid, status) {
    return this.changeMerchantStatus(await this.getMerchant(uid), status);
  }
  /** GET /merchants: the partner's merchants, `filter[emailaddress]` and `filter[status]` as OPP's list filters. */
  async listMerchants(query) {
    const { page, perpage, window } = pageOf(query);
    const { rows, total } = await listObjects(this.host.db, "merchant", {
      ...window,
      status: query.status,
      emailaddress: query.emailaddress?.trim().toLowerCase()
    });
    const data = await Promise.all(rows.map((m) => this.liveWhenDue(m)));
    return listEnvelope("/v1/merchants", data, total, page, perpage);
  }
  async getMerchant(uid, read) {
    const merchant = await this.findObject(uid, "merchant", read);
    if (!merchant) throw new SimError(404, "Merchant not found");
    return this.liveWhenDue(merchant);
  }
  /**
   * POST /merchants/{uid}: the partner may terminate or suspend a merchant and change its e-mail
   * address (still one merchant per address), notify_url, return_url and metadata. Making it live is
   * the provider's decision, as at OPP: `status: live` is refused.
   */
  async updateMerchant(uid, body2) {
    const merchant = await this.getMerchant(uid);
    if (body2.status !== void 0 && !PARTNER_MERCHANT_STATUSES.includes(String(body2.status))) {
      throw new SimError(400, "status must be terminated or suspended", {
        status: ["The selected status is invalid."]
      });
    }
    const email = typeof body2.emailaddress === "string" ? body2.emailaddress.trim() : void 0;
    if (email && email.toLowerCase() !== String(merchant.emailaddress).toLowerCase()) {
      const previous = String(merchant.emailaddress).toLowerCase();
      await this.claimEmail(email, uid, async () => {
      });
      await dropIdempotencyKey(this.host.db, MERCHANT_EMAIL_SCOPE, previous, uid);
      merchant.emailaddress = email;
    }
    for (const field of ["notify_url", "return_url"]) {
      if (typeof body2[field] === "string") merchant[field] = body2[field];
    }
    if (body2.metadata !== void 0) merchant.metadata = toMetadata(body2.metadata);
    merchant.updated = now();
    await saveObject(this.host.db, merchant);
    if (typeof body2.status === "string") return this.changeMerchantStatus(merchant, body2.status);
    return merchant;
  }
  /** Consumer → business, same uid (payments.md §1.7). */
  async migrateMerchant(uid, body2) {
    const merchant = await this.getMerchant(uid);
    if (merchant.type !== "consumer") throw new SimError(400, "Only consumer merchants can be migrated");
    merchant.type = "business";
    merchant.coc_nr = requireString(body2, "coc_nr");
    merchant.country = requireString(body2, "country").toLowerCase();
    if (typeof body2.notify_url === "string") merchant.notify_url = body2.notify_url;
    merchant.compliance = {
      level: 400,
      status: "unverified",
      overview_url: null,
      requirements: [requirement("contact.verification.required")]
    };
    merchant.updated = now();
    await saveObject(this.host.db, merchant);
    return merchant;
  }
  async createBankAccount(merchantUid, body2, uid = newUid("bnk")) {
    await this.getMerchant(merchantUid);
    const existing = await findObject(this.host.db, uid, "bank_account");
    if (existing) return existing;
    const ts = now();
    const account = {
      uid,
      object: "bank_account",
      created: ts,
      updated: ts,
      verified: null,
      verified_with: null,
      verification_url: this.verificationUrlOf(merchantUid),
      status: "new",
      account: { account_iban: null },
      bank: { bic: null },
      reference: null,
      return_url: requireString(body2, "return_url"),
      notify_url: requireString(body2, "notify_url"),
      is_default: body2.is_default !== false
    };
    await insertObject(this.host.db, "bank_account", account, merchantUid);
    await this.requireBankVerification(merchantUid, account);
    return account;
  }
  /**
   * A new bank account must be verified (the recorded `bank_account.verification.required`, with a
   * deep link to the verification page); it replaces a `bank_account.required`.
   */
  async requireBankVerification(merchantUid, account) {
    const merchant = await this.getMerchant(merchantUid);
    const compliance = merchant.compliance ?? {};
    const others = (compliance.requirements ?? []).filter((r) => !String(r.type).startsWith("bank_account."));
    merchant.compliance = {
      ...compliance,
      requirements: [
        {
          type: "bank_account.verification.required",
          status: "pending",
          object_type: "bank_account",
          object_uid: account.uid,
          object_url: `${this.apiBase}/merchants/${merchantUid}/bank_accounts/${account.uid}`,
          object_redirect_url: this.verificationUrlOf(merchantUid)
        },
        ...others
      ]
    };
    merchant.updated = now();
    await saveObject(this.host.db, merchant);
  }
  async listBankAccounts(merchantUid) {
    await this.getMerchant(merchantUid);
    const { rows } = await listObjects(this.host.db, "bank_account", { parentUid: merchantUid, limit: 100 });
    return rows;
  }
  /** Where a maker verifies bank account and identity (OPP's hosted pages; here one simulator page). */
  verificationUrlOf(merchantUid) {
    return `${this.host.settings().publicUrl}/sim/verify/${merchantUid}`;
  }
  /**
   * The maker finished (approve) or failed (disapprove) verification on the provider's pages: bank
   * accounts approved with a masked IBAN, compliance verified at level 200 or more, a business
   * merchant live — and the provider notifies the merchant's notify_url, as OPP does for compliance
   * and bank account changes.
   */
  async verifyMerchant(merchantUid, outcome) {
    const merchant = await this.getMerchant(merchantUid);
    const ts = now();
    const approve = outcome === "approve";
    for (const account of await this.listBankAccounts(merchantUid)) {
      account.status = approve ? "approved" : "disapproved";
      account.verified = approve ? ts : null;
      account.verified_with = approve ? "ideal" : null;
      account.account = { account_iban: approve ? "NL**INGB******1234" : null };
      account.bank = { bic: approve ? "INGBNL2A" : null };
      account.updated = ts;
      await saveObject(this.host.db, account);
      if (typeof account.notify_url === "string") {
        await this.notify(account.notify_url, "bank_account.status.changed", "bank_account", account.uid, {
          object_url: `${this.apiBase}/merchants/${merchantUid}/bank_accounts/${account.uid}`,
          parent_uid: merchantUid,
          parent_type: "merchant"
        });
      }
    }
    const compliance = merchant.compliance ?? {};
    merchant.compliance = approve ? { ...compliance, status: "verified", level: Math.max(Number(compliance.level ?? 100), 200), requirements: [] } : { ...compliance, status: "unverified" };
    if (approve && merchant.type !== "consumer" && merchant.status === "pending") merchant.status = "live";
    merchant.updated = ts;
    await saveObject(this.host.db, merchant);
    if (typeof merchant.notify_url === "string") {
      await this.notify(merchant.notify_url, "merchant.compliance_status.changed", "merchant", merchantUid, {
        object_url: `${this.apiBase}/merchants/${merchantUid}`
      });
    }
    return merchant;
  }
  /**
   * The merchant's settlements: one per calendar month (UTC) of its paid transactions (by completion
   * time) and of the money that went back (refunds by their time, chargebacks by the reversal's). Past
   * months are `paid` (on the 1st of the next month), the running month is `current`. Each carries one
   * specification whose rows are the entries in it (refunds and chargebacks negative).
   * The uid encodes merchant and month (`set_<merchant>_<yyyymm>`), so rows can be served without state.
   */
  async settlements(merchantUid) {
    await this.getMerchant(merchantUid);
    const months = await this.settledEntriesByMonth(merchantUid);
    const current = monthKey(now());
    return [...months.entries()].sort(([a], [b]) => b.localeCompare(a)).map(([month, entries]) => settlementOf(merchantUid, month, entries, month !== current));
  }
  /** The rows of a settlement's specification (GET /settlements/{uid}/specifications/{uid}/rows). */
  async settlementRows(settlementUid, specificationUid) {
    const match = /^set_(.+)_(\d{6})$/.exec(settlementUid);
    if (!match || specificationUid !== `spe_${settlementUid.slice(4)}`) throw new SimError(404, "Settlement not found");
    const merchantUid = `mer_${match[1]}`;
    const months = await this.settledEntriesByMonth(merchantUid).catch(() => /* @__PURE__ */ new Map());
    const entries = months.get(match[2]);
    if (!entries) throw new SimError(404, "Settlement not found");
    return entries.map((e) => ({
      uid: `row_${e.reference.slice(4)}${e.type === "chargeback" ? "_cb" : ""}`,
      object: "settlement_row",
      type: e.type,
      reference: e.reference,
      amount: e.amount,
      total_partner_fee: e.partnerFee,
      total_transaction_costs: -e.costs,
      amount_payable: e.amount - e.partnerFee - e.costs,
      metadata: e.metadata
    }));
  }
  async settledEntriesByMonth(merchantUid) {
    const paid = (await Promise.all(
      ["completed", "refunded", "chargeback"].map(
        (status) => listObjects(this.host.db, "transaction", { parentUid: merchantUid, status, limit: 1e4 })
      )
    )).flatMap((r) => r.rows);
    const months = /* @__PURE__ */ new Map();
    const add = /* @__PURE__ */ __name((at, entry) => {
      const key = monthKey(at);
      months.set(key, [...months.get(key) ?? [], entry]);
    }, "add");
    for (const t of paid) {
      const amount = Number(t.amount ?? 0);
      const metadata = t.metadata ?? [];
      add(Number(t.completed ?? t.created), {
        type: "transaction",
        reference: t.uid,
        amount,
        partnerFee: partnerFeeOf(t),
        costs: SIM_TRANSACTION_COST,
        metadata
      });
      if (t.status === "chargeback") {
        add(Number(t.updated ?? t.created), {
          type: "chargeback",
          reference: t.uid,
          amount: -amount,
          partnerFee: 0,
          costs: 0,
          metadata
        });
      }
    }
    const refunds = await listObjectsOfParents(
      this.host.db,
      "refund",
      paid.map((t) => t.uid)
    );
    for (const { data: r } of refunds) {
      add(Number(r.created), {
        type: "refund",
        reference: r.uid,
        amount: -Number(r.amount ?? 0),
        partnerFee: 0,
        costs: 0,
        metadata: []
      });
    }
    return months;
  }
  /* ---------- transactions ---------- */
  async createTransaction(body2, extra = {}, read) {
    const uid = extra.uid ?? newUid("tra");
    const existing = await this.findObject(uid, "transaction", read);
    if (existing) return existing;
    const merchantUid = requireString(body2, "merchant_uid");
    const merchant = await this.getMerchant(merchantUid, read).catch(() => {
      throw new SimError(400, "merchant_uid does not name a merchant");
    });
    if (STOPPED_MERCHANT_STATUSES.includes(String(merchant.status))) {
      throw new SimError(400, "The merchant cannot receive payments", {
        merchant_uid: [`The merchant is ${String(merchant.status)}.`]
      });
    }
    const total = requireInt(body2, "total_price");
    const products = Array.isArray(body2.products) ? body2.products : [];
    if (products.length > 0) {
      const sum = products.reduce((s, p) => s + Number(p.price ?? 0) * Number(p.quantity ?? 1), 0);
      if (sum !== total) throw new SimError(400, "total_price must equal the sum of the products");
    }
    const ts = now();
    const status = extra.status ?? "created";
    const transaction = {
      livemode: false,
      uid,
      object: "transaction",
      created: ts,
      updated: ts,
      completed: null,
      merchant_uid: merchantUid,
      profile_uid: null,
      has_checkout: false,
      payment_method: optionalString(body2, "payment_method"),
      payment_flow: "direct",
      payment_details: [],
      amount: total,
      currency: "EUR",
      description: optionalString(body2, "description"),
      issuer: optionalString(body2, "issuer"),
      locale: optionalString(body2, "locale") ?? "en",
      products,
      return_url: extra.mandateUid ? null : requireString(body2, "return_url"),
      notify_url: optionalString(body2, "notify_url"),
      redirect_url: extra.mandateUid ? null : `${this.host.settings().publicUrl}/sim/checkout/${uid}`,
      status,
      reference: optionalString(body2, "reference"),
      metadata: toMetadata(body2.metadata),
      statuses: [statusEntry(status, ts)],
      order: [],
      escrow: null,
      fees: {},
      // Kept so the simulated settlements can deduct it (the platform's cut of this payment).
      partner_fee: typeof body2.partner_fee === "number" ? body2.partner_fee : 0,
      refunds: {},
      mandate_uid: extra.mandateUid ?? extra.firstPaymentOf ?? null
    };
    await insertObject(this.host.db, "transaction", transaction, merchantUid);
    return transaction;
  }
  /** Reads a transaction; an unpaid one past its expiry time expires now (and notifies). */
  async getTransaction(uid) {
    const transaction = await findObject(this.host.db, uid, "transaction");
    if (!transaction) throw new SimError(404, "Transaction not found");
    const open = transaction.status === "created" || transaction.status === "pending";
    if (open && transaction.redirect_url && now() - Number(transaction.created) > EXPIRY_SECONDS) {
      return this.setStatus(uid, "expired");
    }
    return transaction;
  }
  /** GET /transactions: `filter[status]` and `filter[reference]` (our reference, exact) as OPP's list filters. */
  listTransactions(query) {
    return this.listFiltered("transaction", "/v1/transactions", query);
  }
  /** A page of objects of one type, `filter[status]` and `filter[reference]` applied, in OPP's envelope. */
  async listFiltered(objectType, url, query) {
    const { page, perpage, window } = pageOf(query);
    const { rows, total } = await listObjects(this.host.db, objectType, {
      ...window,
      status: query.status,
      reference: query.reference
    });
    return listEnvelope(url, rows, total, page, perpage);
  }
  /**
   * Moves a transaction to `status` (history in statuses[], `completed` timestamp) and queues the
   * notification. Final statuses do not change again, as at the provider.
   */
  async setStatus(uid, status, options = {}) {
    const transaction = await findObject(this.host.db, uid, "transaction");
    if (!transaction) throw new SimError(404, "Transaction not found");
    if (transaction.status === status || FINAL.has(String(transaction.status))) return transaction;
    const ts = now();
    transaction.status = status;
    transaction.updated = ts;
    if (status === "completed") transaction.completed = ts;
    transaction.statuses = [...transaction.statuses ?? [], statusEntry(status, ts)];
    await saveObject(this.host.db, transaction);
    if (status === "completed" && typeof transaction.mandate_uid === "string") {
      await this.completeMandate(transaction.mandate_uid);
    }
    if (options.notify !== false && typeof transaction.notify_url === "string") {
      await this.notify(transaction.notify_url, "transaction.status.changed", "transaction", uid, {
        object_url: `${this.apiBase}/transactions/${uid}`
      });
    }
    return transaction;
  }
  /**
   * Reverses a completed transaction, as the bank does for a SEPA chargeback (the payer may do so
   * for 8 weeks) or a refund: the one way a final status still changes.
   */
  async reverse(uid, status, options = {}) {
    const transaction = await findObject(this.host.db, uid, "transaction");
    if (!transaction) throw new SimError(404, "Transaction not found");
    if (transaction.status !== "completed") throw new SimError(400, "Only a completed transaction can be reversed");
    const ts = now();
    transaction.status = status;
    transaction.updated = ts;
    transaction.statuses = [...transaction.statuses ?? [], statusEntry(status, ts)];
    await saveObject(this.host.db, transaction);
    if (options.notify !== false && typeof transaction.notify_url === "string") {
      await this.notify(transaction.notify_url, "transaction.status.changed", "transaction", uid, {
        object_url: `${this.apiBase}/transactions/${uid}`
      });
    }
    return transaction;
  }
  /**
   * POST /transactions/{uid}/refunds (payments.md §2.6): returns (part of) a completed payment. The
   * refund completes at once here; a full refund moves the transaction to `refunded` and notifies.
   */
  async createRefund(uid, body2, refundUid = newUid("ref")) {
    const existing = await findObject(this.host.db, refundUid, "refund");
    if (existing) return existing;
    const transaction = await findObject(this.host.db, uid, "transaction");
    if (!transaction) throw new SimError(404, "Transaction not found");
    if (transaction.status !== "completed") throw new SimError(400, "Only a completed transaction can be refunded");
    const amount = requireInt(body2, "amount");
    const { rows } = await listObjects(this.host.db, "refund", { parentUid: uid, limit: 100 });
    const refunded = rows.reduce((sum, r) => sum + Number(r.amount ?? 0), 0);
    if (amount > Number(transaction.amount) - refunded)
      throw new SimError(400, "amount exceeds what is left to refund");
    const ts = now();
    const refund = {
      uid: refundUid,
      object: "refund",
      created: ts,
      updated: ts,
      paid: ts,
      amount,
      status: "completed",
      message: optionalString(body2, "message"),
      internal_reason: optionalString(body2, "internal_reason"),
      payout_description: optionalString(body2, "payout_description"),
      fees: {}
    };
    await insertObject(this.host.db, "refund", refund, uid);
    if (refunded + amount === Number(transaction.amount)) await this.reverse(uid, "refunded");
    return refund;
  }
  async listRefunds(uid) {
    const { rows } = await listObjects(this.host.db, "refund", { parentUid: uid, limit: 100 });
    return rows;
  }
  /** The hosted checkout was opened: created → pending. */
  async openCheckout(uid, options = {}) {
    const transaction = await this.getTransaction(uid);
    if (transaction.status === "created") return this.setStatus(uid, "pending", options);
    return transaction;
  }
  /**
   * The buyer arrived at the hosted checkout page: created → pending, unless the amount is one of the
   * sandbox's test amounts (SIM_TEST_AMOUNTS), which decides the status at once (101 stays created).
   */
  async visitCheckout(uid) {
    const transaction = await this.getTransaction(uid);
    if (transaction.status !== "created") return transaction;
    const forced = SIM_TEST_AMOUNTS[Number(transaction.amount)];
    if (forced === "created") return transaction;
    return this.applyTestAmount(await this.openCheckout(uid));
  }
  /** Moves a transaction of a sandbox test amount to the status that amount names (a refund via completed). */
  async applyTestAmount(transaction) {
    const uid = String(transaction.uid);
    const forced = SIM_TEST_AMOUNTS[Number(transaction.amount)];
    if (!forced || forced === "created") return transaction;
    if (forced !== "refunded") return this.setStatus(uid, forced);
    const completed = await this.setStatus(uid, "completed");
    return completed.status === "completed" ? this.reverse(uid, "refunded") : completed;
  }
  /** The buyer chose an outcome on the checkout page (or a test chose it). */
  async chooseOutcome(uid, outcome, options = {}) {
    const transaction = await this.openCheckout(uid, options);
    if (outcome === "pending") return transaction;
    return this.setStatus(uid, outcome, options);
  }
  /* ---------- mandates ---------- */
  /**
   * POST /mandates. The first payment is made before the mandate and names it from the start, so a
   * create resumed after a crash (same uid) finds that payment instead of making a second one; the
   * mandate exists only once it is whole.
   */
  async createMandate(body2, uid = newUid("mdt")) {
    const existing = await findObject(this.host.db, uid, "mandate");
    if (existing) return existing;
    const merchantUid = requireString(body2, "merchant_uid");
    const method = requireString(body2, "mandate_method");
    const ts = now();
    let redirectUrl = null;
    let firstTransactionUid = null;
    if (method === "payment" || method === "emandate" || method === "form") {
      const total = typeof body2.total_price === "number" ? body2.total_price : 1;
      const [begun] = await listTransactionsOfMandate(this.host.db, uid);
      const first = begun ?? await this.createTransaction(
        {
          ...body2,
          total_price: total,
          products: Array.isArray(body2.products) ? body2.products : [{ name: "Mandate", price: total, quantity: 1 }]
        },
        { firstPaymentOf: uid }
      );
      redirectUrl = String(first.redirect_url);
      firstTransactionUid = first.uid;
    }
    const mandate = {
      uid,
      object: "mandate",
      created: ts,
      updated: ts,
      status: method === "import" ? "completed" : "created",
      token: randomBytes(16).toString("hex"),
      mandate_method: method,
      mandate_type: optionalString(body2, "mandate_type") ?? "consumer",
      mandate_repeat: optionalString(body2, "mandate_repeat") ?? "subscription",
      amount: typeof body2.mandate_amount === "number" ? body2.mandate_amount : null,
      merchant_uid: merchantUid,
      redirect_url: redirectUrl,
      // No public source shows the real answer naming its first payment (payments.md §12): by default
      // the simulator does not either; a test may switch it on to cover both shapes.
      ...this.mandateNamesFirstPayment ? { transaction_uid: firstTransactionUid } : {},
      return_url: optionalString(body2, "return_url"),
      notify_url: optionalString(body2, "notify_url"),
      reference: optionalString(body2, "reference"),
      metadata: toMetadata(body2.metadata)
    };
    await insertObject(this.host.db, "mandate", mandate, merchantUid);
    return mandate;
  }
  /** GET /mandates: `filter[reference]` (exact) as OPP's list filters. */
  listMandates(query) {
    return this.listFiltered("mandate", "/v1/mandates", query);
  }
  async getMandate(uid, read) {
    const mandate = await this.findObject(uid, "mandate", read);
    if (!mandate) throw new SimError(404, "Mandate not found");
    return mandate;
  }
  /** The payer (their bank) or the partner revokes a mandate: no further charges; notifies. */
  async revokeMandate(uid) {
    const mandate = await this.getMandate(uid);
    if (mandate.status === "revoked") return mandate;
    mandate.status = "revoked";
    mandate.updated = now();
    await saveObject(this.host.db, mandate);
    if (typeof mandate.notify_url === "string") {
      await this.notify(mandate.notify_url, "mandate.status.changed", "mandate", uid, {
        object_url: `${this.apiBase}/mandates/${uid}`
      });
    }
    return mandate;
  }
  async completeMandate(uid) {
    const mandate = await findObject(this.host.db, uid, "mandate");
    if (mandate?.status !== "created") return;
    mandate.status = "completed";
    mandate.updated = now();
    await saveObject(this.host.db, mandate);
    if (typeof mandate.notify_url === "string") {
      await this.notify(mandate.notify_url, "mandate.status.changed", "mandate", uid, {
        object_url: `${this.apiBase}/mandates/${uid}`
      });
    }
  }
  /** A charge against a usable mandate: a SEPA transaction that starts `planned`. */
  async createMandateTransaction(mandateUid, body2, uid = newUid("tra")) {
    const read = await findObjects(this.host.db, [
      mandateUid,
      uid,
      ...typeof body2.merchant_uid === "string" ? [body2.merchant_uid] : []
    ]);
    const mandate = await this.getMandate(mandateUid, read);
    if (body2.token !== mandate.token) throw new SimError(400, "token does not match the mandate");
    if (mandate.status !== "completed") throw new SimError(400, "The mandate is not usable (yet)");
    const transaction = await this.createTransaction(
      { ...body2, payment_method: "sepa", merchant_uid: body2.merchant_uid ?? mandate.merchant_uid },
      { uid, mandateUid, status: "planned" },
      read
    );
    if (SIM_TEST_AMOUNTS[Number(transaction.amount)]) return this.applyTestAmount(transaction);
    if (this.settleMandateChargesMs !== void 0) {
      const settleMs = this.settleMandateChargesMs;
      void this.sleep(settleMs).then(() => this.closed ? void 0 : this.setStatus(String(transaction.uid), "completed")).catch((err) => this.host.log.warn({ err }, "simulator: settling a mandate charge failed"));
    }
    return transaction;
  }
  /* ---------- notifications ---------- */
  /** Records a notification and delivers it after the current response, at least once. */
  async notify(url, type, objectType, objectUid, extra) {
    const uid = newUid("not");
    const payload = {
      uid,
      type,
      created: now(),
      object_uid: objectUid,
      object_type: objectType,
      ...extra,
      verification_hash: createHmac("sha256", this.host.settings().notifySecret).update(uid).digest("hex")
    };
    await insertNotification(this.host.db, uid, url, payload);
    this.schedule(uid, url, payload);
  }
  schedule(uid, url, payload, attemptsSoFar = 0, backoffFirst = false) {
    if (this.closed) return;
    const deliver = /* @__PURE__ */ __name(() => this.deliver(uid, url, payload, attemptsSoFar, backoffFirst), "deliver");
    const faults = attemptsSoFar === 0 ? this.faults : null;
    this.track(
      new Promise((resolve) => setImmediate(resolve)).then(
        () => faults ? faults.deliverNotification(
          deliver,
          async () => this.closed ? void 0 : this.attemptDelivery(uid, url, payload),
          (ms) => this.sleep(ms)
        ) : deliver()
      ).catch((err) => this.host.log.warn({ err, uid }, "simulator: notification delivery stopped"))
    );
  }
  track(work) {
    this.deliveries.add(work);
    void work.finally(() => this.deliveries.delete(work));
  }
  /**
   * POSTs until a 2xx, with exponential backoff, at most MAX_DELIVERY_ATTEMPTS tries in all
   * (`attemptsSoFar` were made before; `backoffFirst` waits before the first try here too).
   */
  async deliver(uid, url, payload, attemptsSoFar, backoffFirst = false) {
    for (let attempt = attemptsSoFar; attempt < MAX_DELIVERY_ATTEMPTS && !this.closed; attempt++) {
      if (attempt > attemptsSoFar || backoffFirst) await this.sleep(this.retryBaseMs * 2 ** Math.max(0, attempt - 1));
      if (this.closed) return;
      if (await this.attemptDelivery(uid, url, payload)) return;
      this.host.log.info({ uid, attempt: attempt + 1 }, "simulator: notification not accepted; will retry");
    }
  }
  /** One POST of a notification; records the attempt. True when the receiver accepted it. */
  async attemptDelivery(uid, url, payload) {
    let ok = false;
    try {
      const body2 = JSON.stringify(payload);
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...signedHeaders(url, body2, this.host.settings().notifySecret) },
        body: body2,
        signal: AbortSignal.timeout(1e4)
      });
      ok = res.ok;
      await res.body?.cancel();
    } catch {
      ok = false;
    }
    if (this.closed) return ok;
    await markNotificationAttempt(this.host.db, uid, ok);
    return ok;
  }
  /** A delay that close() cuts short, so shutdown never waits for a backoff. */
  sleep(ms) {
    return new Promise((resolve) => {
      const wake = /* @__PURE__ */ __name(() => {
        clearTimeout(timer);
        this.wakeups.delete(wake);
        resolve();
      }, "wake");
      const timer = setTimeout(wake, ms);
      this.wakeups.add(wake);
    });
  }
  /**
   * After a restart: deliver everything that was queued but not yet accepted, in batches until
   * none is left. Each batch gets its next try at once; the ones refused again go on retrying with
   * backoff in the background, so one unreachable receiver cannot hold up the rest.
   */
  async resumeDeliveries(batchSize = RESUME_BATCH_SIZE) {
    let cursor;
    let resumed = 0;
    while (!this.closed) {
      const batch = await listUndeliveredNotifications(this.host.db, MAX_DELIVERY_ATTEMPTS, cursor, batchSize);
      if (batch.length === 0) break;
      await Promise.all(
        batch.map(async (n) => {
          if (this.closed || await this.attemptDelivery(n.uid, n.url, n.payload)) return;
          this.schedule(n.uid, n.url, n.payload, n.attempts + 1, true);
        })
      );
      resumed += batch.length;
      const last = batch[batch.length - 1];
      cursor = { created: last.cursor, uid: last.uid };
      if (batch.length < batchSize) break;
    }
    if (resumed > 0) this.host.log.info({ resumed }, "simulator: resumed undelivered notifications");
    return resumed;
  }
  /** Resumes deliveries without holding up start-up; idle() waits for it too. */
  resumeInBackground() {
    this.track(
      this.resumeDeliveries().catch((err) => this.host.log.warn({ err }, "simulator: could not resume deliveries"))
    );
  }
  /** Resolves once every queued notification was delivered or gave up (tests await this). */
  async idle() {
    while (this.deliveries.size > 0) await Promise.allSettled([...this.deliveries]);
  }
  async close() {
    this.closed = true;
    for (const wake of this.wakeups) wake();
    await Promise.allSettled([...this.deliveries]);
  }
};
function signedHeaders(url, body2, secret) {
  const target = new URL(url);
  const date = (/* @__PURE__ */ new Date()).toUTCString();
  const digest = `SHA-256=${createHash("sha256").update(body2, "utf8").digest("base64")}`;
  const signed = [
    `(request-target): post ${target.pathname}${target.search}`,
    `host: ${target.host}`,
    `date: ${date}`,
    `digest: ${digest}`
  ].join("\n");
  const signature = createHmac("sha256", secret).update(signed).digest("base64");
  return {
    date,
    digest,
    signature: `keyId="opp",algorithm="hmac-sha256",headers="(request-target) host date digest",signature="${signature}"`
  };
}
__name(signedHeaders, "signedHeaders");
function requirement(type) {
  return { type, status: "pending", object_type: null, object_uid: null, object_url: null, object_redirect_url: null };
}
__name(requirement, "requirement");
function statusEntry(status, ts) {
  return { uid: newUid("sta"), object: "status", created: ts, updated: ts, status };
}
__name(statusEntry, "statusEntry");
function pageOf(query) {
  const perpage = Math.min(100, Math.max(1, query.perpage ?? 10));
  const page = Math.max(1, query.page ?? 1);
  return { page, perpage, window: { offset: (page - 1) * perpage, limit: perpage } };
}
__name(pageOf, "pageOf");
function listEnvelope(url, data, total, page, perpage) {
  const lastPage = Math.max(1, Math.ceil(total / perpage));
  return {
    object: "list",
    url,
    has_more: page < lastPage,
    total_item_count: total,
    items_per_page: perpage,
    current_page: page,
    last_page: lastPage,
    data
  };
}
__name(listEnvelope, "listEnvelope");
var SIM_TRANSACTION_COST = 25;
function partnerFeeOf(transaction) {
  const fee = Number(transaction.partner_fee ?? 0);
  return Number.isFinite(fee) ? fee : 0;
}
__name(partnerFeeOf, "partnerFeeOf");
function monthKey(unixSeconds) {
  const d = new Date(unixSeconds * 1e3);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}
__name(monthKey, "monthKey");
function settlementOf(merchantUid, month, entries, isPaid) {
  const year = Number(month.slice(0, 4));
  const monthIndex = Number(month.slice(4)) - 1;
  const start = Date.UTC(year, monthIndex, 1) / 1e3;
  const end = Date.UTC(year, monthIndex + 1, 1) / 1e3 - 1;
  const payments = entries.filter((e) => e.type === "transaction");
  const reversals = entries.filter((e) => e.type !== "transaction");
  const transactionVolume = payments.reduce((sum, e) => sum + e.amount, 0);
  const refundVolume = reversals.reduce((sum, e) => sum + e.amount, 0);
  const volume = transactionVolume + refundVolume;
  const fees = entries.reduce((sum, e) => sum + e.partnerFee, 0);
  const costs = entries.reduce((sum, e) => sum + e.costs, 0);
  const payable = volume - fees - costs;
  const uid = `set_${merchantUid.slice(4)}_${month}`;
  return {
    uid,
    object: "settlement",
    status: isPaid ? "paid" : "current",
    period_start: start,
    period_end: end,
    // As the documented object: no payout date, and once paid the payout is amount_paid while
    // amount_payable drops to 0 (payments.md §5).
    total_amount: volume,
    amount_paid: isPaid ? payable : 0,
    amount_payable: isPaid ? 0 : payable,
    total_number_of_transactions: entries.length,
    number_of_transactions: payments.length,
    number_of_refunds: reversals.length,
    number_of_mandates: 0,
    total_volume: volume,
    transaction_volume: transactionVolume,
    refund_volume: refundVolume,
    mandate_volume: 0,
    total_partner_fee: -fees,
    total_transaction_costs: -costs,
    payout_type: "collective",
    livemode: false,
    specifications: [{ uid: `spe_${uid.slice(4)}`, object: "specification", type: "transaction" }]
  };
}
__name(settlementOf, "settlementOf");

// ../opp-simulator/src/routes.ts
function sameSecret(a, b) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
__name(sameSecret, "sameSecret");
function apiKeyOf(request) {
  const header = request.headers.authorization ?? "";
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer?.[1]) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic?.[1]) return Buffer.from(basic[1], "base64").toString("utf8").split(":")[0] ?? null;
  return null;
}
__name(apiKeyOf, "apiKeyOf");
function oppError(reply, status, message, parameters) {
  return reply.status(status).send({ error: { code: status, message, ...parameters ? { parameters } : {} } });
}
__name(oppError, "oppError");
function body(request) {
  return request.body && typeof request.body === "object" ? request.body : {};
}
__name(body, "body");
function idempotencyKey(request) {
  const key = request.headers["idempotency-key"];
  return typeof key === "string" && key !== "" ? key : void 0;
}
__name(idempotencyKey, "idempotencyKey");
function simApiRoutes(sim, host, exposeTestRoutes) {
  return async (api) => {
    api.addHook("onRequest", async (request, reply) => {
      const key = apiKeyOf(request);
      if (!key || !sameSecret(key, host.settings().apiKey)) {
        return oppError(reply, 401, "Invalid or missing API key");
      }
    });
    if (sim.faults) installFaultHooks(api, sim.faults, oppError);
    api.setErrorHandler((err, _request, reply) => {
      if (err instanceof SimError) return oppError(reply, err.status, err.message, err.parameters);
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) host.log.error({ err }, "simulator error");
      return oppError(reply, status, status === 500 ? "Internal error" : err.message);
    });
    api.setNotFoundHandler(
      (request, reply) => oppError(reply, 404, `No such endpoint ${request.method} ${request.url}`)
    );
    const page = /* @__PURE__ */ __name((request) => {
      const q = request.query;
      return {
        page: Number(q.page) || void 0,
        perpage: Number(q.perpage) || void 0,
        status: q["filter[status]"]
      };
    }, "page");
    api.post(
      "/transactions",
      async (request) => sim.idempotent(
        "transactions",
        idempotencyKey(request),
        newUid("tra"),
        (uid) => sim.createTransaction(body(request), { uid })
      )
    );
    api.get("/transactions", async (request) => {
      const q = request.query;
      return sim.listTransactions({ ...page(request), reference: q["filter[reference]"] });
    });
    api.get("/transactions/:uid", async (request) => sim.getTransaction(request.params.uid));
    api.post(
      "/transactions/:uid/refunds",
      async (request) => sim.idempotent(
        `refunds:${request.params.uid}`,
        idempotencyKey(request),
        newUid("ref"),
        (uid) => sim.createRefund(request.params.uid, body(request), uid)
      )
    );
    api.get("/transactions/:uid/refunds", async (request) => {
      const data = await sim.listRefunds(request.params.uid);
      return listEnvelope(`/v1/transactions/${request.params.uid}/refunds`, data, data.length, 1, 100);
    });
    api.post(
      "/merchants",
      async (request) => sim.idempotent(
        "merchants",
        idempotencyKey(request),
        newUid("mer"),
        (uid) => sim.createMerchant(body(request), uid)
      )
    );
    api.get("/merchants", async (request) => {
      const q = request.query;
      return sim.listMerchants({ ...page(request), emailaddress: q["filter[emailaddress]"] });
    });
    api.get("/merchants/:uid", async (request) => sim.getMerchant(request.params.uid));
    api.post(
      "/merchants/:uid",
      async (request) => sim.updateMerchant(request.params.uid, body(request))
    );
    api.post(
      "/merchants/:uid/migrate",
      async (request) => sim.idempotent(
        `migrate:${request.params.uid}`,
        idempotencyKey(request),
        request.params.uid,
        () => sim.migrateMerchant(request.params.uid, body(request))
      )
    );
    api.get("/merchants/:uid/bank_accounts", async (request) => {
      const data = await sim.listBankAccounts(request.params.uid);
      return listEnvelope(`/v1/merchants/${request.params.uid}/bank_accounts`, data, data.length, 1, 100);
    });
    api.post(
      "/merchants/:uid/bank_accounts",
      async (request) => sim.idempotent(
        `bank_accounts:${request.params.uid}`,
        idempotencyKey(request),
        newUid("bnk"),
        (uid) => sim.createBankAccount(request.params.uid, body(request), uid)
      )
    );
    api.get("/merchants/:uid/settlements", async (request) => {
      const data = await sim.settlements(request.params.uid);
      return listEnvelope(`/v1/merchants/${request.params.uid}/settlements`, data, data.length, 1, 100);
    });
    api.get(
      "/settlements/:uid/specifications/:specUid/rows",
      async (request) => {
        const { uid, specUid } = request.params;
        const data = await sim.settlementRows(uid, specUid);
        return listEnvelope(`/v1/settlements/${uid}/specifications/${specUid}/rows`, data, data.length, 1, 100);
      }
    );
    api.get("/ideal_issuers", async () => ({ data: SIM_IDEAL_ISSUERS }));
    api.post(
      "/mandates",
      async (request) => sim.idempotent(
        "mandates",
        idempotencyKey(request),
        newUid("mdt"),
        (uid) => sim.createMandate(body(request), uid)
      )
    );
    api.get("/mandates", async (request) => {
      const q = request.query;
      return sim.listMandates({ ...page(request), reference: q["filter[reference]"] });
    });
    api.get("/mandates/:uid", async (request) => sim.getMandate(request.params.uid));
    api.delete("/mandates/:uid", async (request) => sim.revokeMandate(request.params.uid));
    api.post(
      "/mandates/:uid/transactions",
      async (request) => sim.idempotent(
        `mandate_transactions:${request.params.uid}`,
        idempotencyKey(request),
        newUid("tra"),
        (uid) => sim.createMandateTransaction(request.params.uid, body(request), uid)
      )
    );
    if (exposeTestRoutes) {
      api.post("/_test/transactions/:uid/outcome", async (request) => {
        const { outcome, notify } = body(request);
        if (!SIM_OUTCOMES.includes(outcome)) {
          throw new SimError(400, `outcome must be one of ${SIM_OUTCOMES.join(", ")}`);
        }
        return sim.chooseOutcome(request.params.uid, outcome, { notify: notify !== false });
      });
    }
  };
}
__name(simApiRoutes, "simApiRoutes");
function simCheckoutRoutes(sim) {
  return async (app) => {
    const view = /* @__PURE__ */ __name(async (uid) => {
      const transaction = await sim.getTransaction(uid);
      const merchant = await sim.getMerchant(String(transaction.merchant_uid)).catch(() => void 0);
      return {
        uid,
        locale: String(transaction.locale ?? "en"),
        amount: Number(transaction.amount),
        merchantName: String(merchant?.name ?? merchant?.emailaddress ?? transaction.merchant_uid),
        paymentMethod: transaction.payment_method ?? null,
        status: String(transaction.status),
        returnUrl: transaction.return_url ?? null
      };
    }, "view");
    const notFound = /* @__PURE__ */ __name((reply) => reply.status(404).type("text/html").send('<!doctype html><html lang="en"><title>Not found</title><p>Unknown payment.</p></html>'), "notFound");
    app.get("/sim/checkout/:uid", async (request, reply) => {
      try {
        await sim.visitCheckout(request.params.uid);
        return reply.type("text/html").header("cache-control", "no-store").send(renderCheckoutPage(await view(request.params.uid)));
      } catch (err) {
        if (err instanceof SimError && err.status === 404) return notFound(reply);
        throw err;
      }
    });
    app.post("/sim/checkout/:uid", async (request, reply) => {
      const outcome = request.body?.outcome;
      if (!SIM_OUTCOMES.includes(outcome)) {
        return reply.status(400).type("text/html").send('<!doctype html><html lang="en"><title>Bad request</title><p>Choose an outcome.</p></html>');
      }
      try {
        const transaction = await sim.chooseOutcome(request.params.uid, outcome);
        const back = typeof transaction.return_url === "string" ? transaction.return_url : `/sim/checkout/${transaction.uid}`;
        return reply.status(303).header("location", back).send();
      } catch (err) {
        if (err instanceof SimError && err.status === 404) return notFound(reply);
        throw err;
      }
    });
  };
}
__name(simCheckoutRoutes, "simCheckoutRoutes");
function simVerifyRoutes(sim) {
  return async (app) => {
    const notFound = /* @__PURE__ */ __name((reply) => reply.status(404).type("text/html").send('<!doctype html><html lang="en"><title>Not found</title><p>Unknown merchant.</p></html>'), "notFound");
    app.get("/sim/verify/:uid", async (request, reply) => {
      try {
        const merchant = await sim.getMerchant(request.params.uid);
        return reply.type("text/html").header("cache-control", "no-store").send(renderVerifyPage(merchant));
      } catch (err) {
        if (err instanceof SimError && err.status === 404) return notFound(reply);
        throw err;
      }
    });
    app.post("/sim/verify/:uid", async (request, reply) => {
      const outcome = request.body?.outcome;
      if (outcome !== "approve" && outcome !== "disapprove") {
        return reply.status(400).type("text/html").send('<!doctype html><html lang="en"><title>Bad request</title><p>Choose an outcome.</p></html>');
      }
      try {
        const merchant = await sim.verifyMerchant(request.params.uid, outcome);
        const back = typeof merchant.return_url === "string" ? merchant.return_url : `/sim/verify/${merchant.uid}`;
        return reply.status(303).header("location", back).send();
      } catch (err) {
        if (err instanceof SimError && err.status === 404) return notFound(reply);
        throw err;
      }
    });
  };
}
__name(simVerifyRoutes, "simVerifyRoutes");

// ../opp-simulator/src/index.ts
var SIM_API_PREFIX = "/sim/opp/v1";
var simulators = /* @__PURE__ */ new WeakMap();
async function registerOppSimulator(app, options) {
  const faults = faultsFromSettings(options.faults, options.faultsSeed);
  await migrateSimulator(options.db);
  const sim = new OppSimulator(options, {
    retryBaseMs: options.retryBaseMs,
    settleMandateChargesMs: options.settleMandateChargesMs,
    merchantLiveDelayMs: options.merchantLiveDelayMs,
    faults
  });
  if (faults) {
    options.log.warn(
      { faults: describeFaultPlan(faults.plan), seed: faults.seed },
      "simulator: fault mode on (replay with SIM_FAULTS_SEED)"
    );
  }
  simulators.set(options.key, sim);
  await app.register(async (simApp) => {
    simApp.addHook("onRoute", (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    await simApp.register(simApiRoutes(sim, options, options.exposeTestRoutes ?? false), { prefix: SIM_API_PREFIX });
    await simApp.register(simCheckoutRoutes(sim));
    await simApp.register(simVerifyRoutes(sim));
  });
  app.addHook("onReady", async () => sim.resumeInBackground());
  app.addHook("onClose", async () => sim.close());
  return sim;
}
__name(registerOppSimulator, "registerOppSimulator");

// src/dev/simulator.ts
async function mountSimulator(app, ctx) {
  const { config } = ctx;
  const isTest = config.NODE_ENV === "test";
  const sim = await registerOppSimulator(app, {
    key: ctx,
    db: ctx.db,
    log: ctx.log,
    settings: /* @__PURE__ */ __name(() => ({
      apiKey: config.OPP_API_KEY,
      notifySecret: config.OPP_NOTIFY_SECRET,
      publicUrl: config.publicUrl,
      apiBase: ctx.opp.baseUrl
    }), "settings"),
    exposeTestRoutes: config.NODE_ENV !== "production",
    retryBaseMs: isTest ? 20 : 1e3,
    // Monthly tips in the demo: SEPA charges are collected a few seconds later (tests settle them).
    settleMandateChargesMs: isTest ? void 0 : 5e3,
    // Consumer merchants go live by themselves after a while, as at OPP; tests that need it set a short delay.
    merchantLiveDelayMs: config.SIM_MERCHANT_LIVE_DELAY_MS ?? (isTest ? 10 * 6e4 : void 0),
    // The provider misbehaving on purpose (the tests' fault run; off by default).
    faults: config.SIM_FAULTS,
    faultsSeed: config.SIM_FAULTS_SEED
  });
  if (!config.OPP_PLATFORM_MERCHANT_UID) {
    const create = /* @__PURE__ */ __name(() => sim.idempotent(
      "merchants",
      "platform-merchant",
      newUid("mer"),
      (uid) => sim.createMerchant(
        {
          type: "business",
          country: "nld",
          emailaddress: "platform@podpot.local",
          phone: "31201234567",
          legal_name: config.BRAND_NAME,
          coc_nr: "00000000",
          notify_url: notifyUrlOf(ctx)
        },
        uid
      )
    ), "create");
    let platform;
    for (let tries = 0; !platform; tries++) {
      try {
        platform = await create();
      } catch (err) {
        if (tries >= 50 || err.status !== 409) throw err;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    config.OPP_PLATFORM_MERCHANT_UID = String(platform.uid);
  }
}
__name(mountSimulator, "mountSimulator");
export {
  mountSimulator
};
//# sourceMappingURL=simulator-MQHH6QLE.js.map
