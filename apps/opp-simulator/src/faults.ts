import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The simulator's fault mode (SIM_FAULTS, off by default): the provider misbehaving the way a real
 * one does, so tests can show that money survives it. Notifications come twice, in swapped order
 * or late; a share of API calls is answered 409 or 5xx before anything happens; a share of writes
 * acts and then the answer never arrives (the connection drops, or comes after the client gave up)
 * — the object exists, the client saw a failure. Every choice comes from one seeded random source,
 * so a failing run can be replayed with its SIM_FAULTS_SEED.
 *
 * Grammar: `off` (or empty), or a comma-separated list of items:
 *   fault[=share]    duplicate | reorder | delay | http409 | http5xx | timeout, share 0–1
 *                    (a bare name takes DEFAULT_SHARE)
 *   all              every fault at DEFAULT_SHARE (later items override: `all,timeout=0`)
 *   delay-ms=N       a delayed notification waits up to N ms (default 100)
 *   hold-ms=N        a notification held back for reordering waits at most N ms for one to overtake it (default 100)
 *   hang-ms=N        a timed-out write answers after N ms instead of dropping the connection
 *   streak=N         a call refused (or its answer lost) N times in a row — same method, path and
 *                    Idempotency-Key — goes through the next time (default 2): a fault does not last
 *                    forever, so a client that retries enough always gets through
 * e.g. `SIM_FAULTS=duplicate,reorder,delay,http409=0.2,http5xx=0.1,timeout=0.1`.
 */

export const FAULT_NAMES = ['duplicate', 'reorder', 'delay', 'http409', 'http5xx', 'timeout'] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

/** The share a fault named without one gets. */
export const DEFAULT_SHARE = 0.2;

export interface FaultPlan {
  /** Share of notifications (or calls, for the HTTP faults) each fault hits, 0–1. */
  shares: Record<FaultName, number>;
  delayMs: number;
  holdMs: number;
  /** Undefined: a timed-out write drops its connection; a number: it answers this late. */
  hangMs: number | undefined;
  /** At most this many faults in a row for one call (method, path, Idempotency-Key). */
  streak: number;
}

const SETTINGS = { 'delay-ms': 'delayMs', 'hold-ms': 'holdMs', 'hang-ms': 'hangMs', streak: 'streak' } as const;
const HTTP_5XX = [500, 502, 503] as const;

/** The plan SIM_FAULTS describes; null when it is off. Throws an Error naming the bad item. */
export function parseFaultPlan(text: string | undefined): FaultPlan | null {
  const items = (text ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  if (items.length === 0 || (items.length === 1 && ['off', 'none', 'false', '0'].includes(items[0]!))) return null;
  const plan: FaultPlan = {
    shares: Object.fromEntries(FAULT_NAMES.map((name) => [name, 0])) as Record<FaultName, number>,
    delayMs: 100,
    holdMs: 100,
    hangMs: undefined,
    streak: 2,
  };
  for (const item of items) {
    const [name = '', value, ...rest] = item.split('=');
    const bad = (why: string) =>
      new Error(
        `SIM_FAULTS: "${item}" ${why} (expected e.g. duplicate,reorder,delay,http409=0.2,http5xx=0.1,timeout=0.1)`,
      );
    if (rest.length > 0) throw bad('has more than one "="');
    if (name === 'all' && value === undefined) {
      for (const fault of FAULT_NAMES) plan.shares[fault] = DEFAULT_SHARE;
    } else if ((FAULT_NAMES as readonly string[]).includes(name)) {
      const share = value === undefined ? DEFAULT_SHARE : Number(value);
      if (value === '' || !Number.isFinite(share) || share < 0 || share > 1) throw bad('needs a share from 0 to 1');
      plan.shares[name as FaultName] = share;
    } else if (name in SETTINGS) {
      const ms = Number(value);
      if (!value || !Number.isInteger(ms) || ms < 0 || ms > 60_000) throw bad('needs a whole number (0–60000)');
      plan[SETTINGS[name as keyof typeof SETTINGS]] = ms;
    } else {
      throw bad(`is not one of ${[...FAULT_NAMES, 'all', ...Object.keys(SETTINGS)].join(', ')}`);
    }
  }
  return plan;
}

/** The plan as SIM_FAULTS would say it (logged at start, so a run can be replayed). */
export function describeFaultPlan(plan: FaultPlan): string {
  const shares = FAULT_NAMES.filter((name) => plan.shares[name] > 0).map((name) => `${name}=${plan.shares[name]}`);
  const settings = [`delay-ms=${plan.delayMs}`, `hold-ms=${plan.holdMs}`, `streak=${plan.streak}`];
  if (plan.hangMs !== undefined) settings.push(`hang-ms=${plan.hangMs}`);
  return [...shares, ...settings].join(',');
}

/** mulberry32: a small, fast, seeded source of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What the fault mode does to one call of the simulated API. */
export type CallFault =
  | { kind: 'refuse'; status: 409 | (typeof HTTP_5XX)[number] }
  | { kind: 'lose-answer' }
  | { kind: 'none' };

/** Counts of the faults dealt so far (tests and logs). */
export type FaultCounts = Record<'duplicated' | 'reordered' | 'delayed' | 'refused' | 'answersLost', number>;

/** Routes the fault mode never touches: the test helpers are not the provider's API. */
const EXEMPT_PATH = /\/_test\//;

export class Faults {
  readonly counts: FaultCounts = { duplicated: 0, reordered: 0, delayed: 0, refused: 0, answersLost: 0 };
  /** Off: the provider behaves (a test sets up its world, or reads the end state, without faults). */
  active = true;
  private readonly random: () => number;
  /** Notifications held back until a later one has been delivered (or their hold ran out). */
  private readonly held = new Set<() => void>();
  /** Faults in a row per call (method, path, Idempotency-Key) that has not gone through since. */
  private readonly streaks = new Map<string, number>();

  constructor(
    readonly plan: FaultPlan,
    readonly seed: number,
  ) {
    this.random = seededRandom(seed);
  }

  private hits(fault: FaultName): boolean {
    const share = this.plan.shares[fault];
    return this.active && share > 0 && this.random() < share;
  }

  /**
   * Decides, before the handler runs, what happens to one API call: refused with 409 (writes only:
   * the provider's "this key is being worked on") or 500/502/503 (any call), or — for a write — acted
   * on and its answer lost.
   */
  callFault(method: string, url: string, idempotencyKey = ''): CallFault {
    if (EXEMPT_PATH.test(url)) return { kind: 'none' };
    const call = `${method} ${url} ${idempotencyKey}`;
    const streak = this.streaks.get(call) ?? 0;
    const fault = streak < this.plan.streak ? this.chooseCallFault(method) : { kind: 'none' as const };
    if (fault.kind === 'none') this.streaks.delete(call);
    else this.streaks.set(call, streak + 1);
    return fault;
  }

  private chooseCallFault(method: string): CallFault {
    const isWrite = method !== 'GET' && method !== 'HEAD';
    if (isWrite && this.hits('http409')) return { kind: 'refuse', status: 409 };
    if (this.hits('http5xx')) return { kind: 'refuse', status: HTTP_5XX[Math.floor(this.random() * 3)]! };
    if (isWrite && this.hits('timeout')) return { kind: 'lose-answer' };
    return { kind: 'none' };
  }

  /**
   * Delivers one new notification under the plan: perhaps late, perhaps held back until a later one
   * has gone first (swapped order), perhaps sent a second time once it was delivered.
   * `deliver` is the normal delivery with its retries; `sendAgain` one more POST of the same body.
   */
  async deliverNotification(
    deliver: () => Promise<void>,
    sendAgain: () => Promise<unknown>,
    sleep: (ms: number) => Promise<void>,
  ): Promise<void> {
    const delay = this.hits('delay') ? Math.floor(this.random() * this.plan.delayMs) + 1 : 0;
    const hold = this.hits('reorder');
    const twice = this.hits('duplicate');
    if (delay > 0) {
      this.counts.delayed += 1;
      await sleep(delay);
    }
    if (hold) {
      this.counts.reordered += 1;
      await new Promise<void>((resolve) => {
        const release = () => {
          this.held.delete(release);
          resolve();
        };
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
}

/** The fault mode from SIM_FAULTS / SIM_FAULTS_SEED; null when off. A missing seed is drawn (and logged by the caller). */
export function faultsFromSettings(text: string | undefined, seed?: number): Faults | null {
  const plan = parseFaultPlan(text);
  if (!plan) return null;
  return new Faults(plan, seed ?? Math.floor(Math.random() * 2 ** 31));
}

const chosen = new WeakMap<FastifyRequest, CallFault>();

/**
 * The HTTP half of the fault mode, as two hooks on the simulated API (after its auth check): a
 * refused call is answered before its handler runs, so nothing happens; a call whose answer is lost
 * runs its handler (the object is made) and then the connection drops — or, with hang-ms, the answer
 * comes after the client has stopped waiting.
 */
export function installFaultHooks(
  api: FastifyInstance,
  faults: Faults,
  refuse: (reply: FastifyReply, status: number, message: string) => unknown,
) {
  api.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    const fault = faults.callFault(request.method, request.url, typeof key === 'string' ? key : '');
    if (fault.kind === 'refuse') {
      faults.counts.refused += 1;
      const message =
        fault.status === 409
          ? 'A request with this Idempotency-Key is still in progress; retry later'
          : 'Simulated fault';
      return refuse(reply, fault.status, message);
    }
    if (fault.kind === 'lose-answer') chosen.set(request, fault);
  });
  api.addHook('onSend', async (request, reply, payload) => {
    if (chosen.get(request)?.kind !== 'lose-answer' || reply.statusCode >= 400) return payload;
    faults.counts.answersLost += 1;
    if (faults.plan.hangMs !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, faults.plan.hangMs));
      return payload;
    }
    request.raw.socket?.destroy();
    return payload;
  });
}
