import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHARE,
  describeFaultPlan,
  type FaultPlan,
  Faults,
  installFaultHooks,
  parseFaultPlan,
} from './faults.js';

const plan = (text: string) => parseFaultPlan(text) as FaultPlan;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('SIM_FAULTS', () => {
  it('is off when empty or off', () => {
    for (const text of [undefined, '', ' ', 'off', 'OFF', 'none']) expect(parseFaultPlan(text)).toBeNull();
  });

  it('reads shares, bare names, all (later items override) and the ms settings', () => {
    const p = plan('duplicate, reorder,delay,http409=0.2,http5xx=0.1,timeout=0.05,delay-ms=50,hang-ms=300');
    expect(p.shares).toEqual({
      duplicate: DEFAULT_SHARE,
      reorder: DEFAULT_SHARE,
      delay: DEFAULT_SHARE,
      http409: 0.2,
      http5xx: 0.1,
      timeout: 0.05,
    });
    expect(p).toMatchObject({ delayMs: 50, holdMs: 100, hangMs: 300 });
    expect(plan('all,timeout=0').shares).toMatchObject({ duplicate: DEFAULT_SHARE, timeout: 0 });
    expect(describeFaultPlan(plan('all,timeout=0'))).toBe(
      'duplicate=0.2,reorder=0.2,delay=0.2,http409=0.2,http5xx=0.2,delay-ms=100,hold-ms=100,streak=2',
    );
  });

  it('refuses what it does not understand, naming the item', () => {
    expect(() => parseFaultPlan('duplicate,explode')).toThrow(/"explode" is not one of duplicate/);
    expect(() => parseFaultPlan('http5xx=1.5')).toThrow(/"http5xx=1.5" needs a share from 0 to 1/);
    expect(() => parseFaultPlan('http5xx=')).toThrow(/needs a share/);
    expect(() => parseFaultPlan('delay-ms=fast')).toThrow(/"delay-ms=fast" needs a whole number/);
    expect(() => parseFaultPlan('timeout=0.1=2')).toThrow(/more than one "="/);
  });
});

describe('the fault mode', () => {
  const calls = (faults: Faults, n: number) =>
    Array.from({ length: n }, (_, i) => faults.callFault(i % 2 ? 'GET' : 'POST', '/sim/opp/v1/transactions'));

  it('makes the same choices for the same seed (a run can be replayed)', () => {
    const p = plan('http409=0.3,http5xx=0.3,timeout=0.3,streak=1000');
    expect(calls(new Faults(p, 42), 200)).toEqual(calls(new Faults(p, 42), 200));
    expect(calls(new Faults(p, 42), 200)).not.toEqual(calls(new Faults(p, 43), 200));
  });

  it('refuses reads only with 5xx, loses only answers of writes, and never touches the test routes', () => {
    const faults = new Faults(plan('http409=0.3,http5xx=0.3,timeout=0.3,streak=1000'), 7);
    const reads = Array.from({ length: 300 }, () => faults.callFault('GET', '/sim/opp/v1/transactions/tra_1'));
    expect(reads.filter((f) => f.kind === 'refuse').length).toBeGreaterThan(50);
    for (const f of reads) {
      expect(f.kind).not.toBe('lose-answer');
      if (f.kind === 'refuse') expect([500, 502, 503]).toContain(f.status);
    }
    const writes = Array.from({ length: 300 }, () => faults.callFault('POST', '/sim/opp/v1/transactions'));
    expect(new Set(writes.map((f) => (f.kind === 'refuse' ? f.status : f.kind)))).toEqual(
      new Set([409, 500, 502, 503, 'lose-answer', 'none']),
    );
    const helpers = Array.from({ length: 50 }, () =>
      faults.callFault('POST', '/sim/opp/v1/_test/transactions/x/outcome'),
    );
    expect(helpers.every((f) => f.kind === 'none')).toBe(true);
    faults.active = false;
    expect(calls(faults, 100).every((f) => f.kind === 'none')).toBe(true);
  });

  it('lets a call through after `streak` faults in a row (per method, path and Idempotency-Key)', () => {
    const faults = new Faults(plan('http5xx=1,streak=2'), 1);
    const kinds = (key: string) =>
      Array.from({ length: 4 }, () => faults.callFault('POST', '/sim/opp/v1/transactions', key).kind);
    expect(kinds('a')).toEqual(['refuse', 'refuse', 'none', 'refuse']);
    expect(faults.callFault('POST', '/sim/opp/v1/transactions', 'b').kind).toBe('refuse');
  });

  it('sends a duplicated notification twice and lets a later one overtake a held one', async () => {
    const faults = new Faults(plan('duplicate=1'), 1);
    const sent: string[] = [];
    await faults.deliverNotification(
      async () => void sent.push('first'),
      async () => void sent.push('again'),
      sleep,
    );
    expect(sent).toEqual(['first', 'again']);
    expect(faults.counts.duplicated).toBe(1);

    const swapping = new Faults({ ...plan('reorder=1'), holdMs: 5_000 }, 1);
    const order: string[] = [];
    const held = swapping.deliverNotification(
      async () => void order.push('pending'),
      async () => {},
      sleep,
    );
    swapping.plan.shares.reorder = 0;
    await swapping.deliverNotification(
      async () => void order.push('completed'),
      async () => {},
      sleep,
    );
    await held;
    expect(order).toEqual(['completed', 'pending']);
  });
});

describe('the HTTP hooks', () => {
  async function serve(text: string) {
    const faults = new Faults(plan(text), 3);
    const acted: string[] = [];
    const app = Fastify();
    installFaultHooks(app, faults, (reply, status, message) => reply.status(status).send({ error: { message } }));
    app.post('/things', async () => {
      acted.push('made');
      return { uid: 'thing_1' };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/things`;
    return { faults, acted, app, post: () => fetch(url, { method: 'POST' }) };
  }

  it('refuses before acting: nothing is made', async () => {
    const { acted, app, post } = await serve('http5xx=1');
    try {
      const res = await post();
      expect([500, 502, 503]).toContain(res.status);
      expect(acted).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('loses the answer after acting: the object is made, the client sees a failure', async () => {
    const { acted, app, post, faults } = await serve('timeout=1');
    try {
      await expect(post()).rejects.toThrow();
      expect(acted).toEqual(['made']);
      expect(faults.counts.answersLost).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('with hang-ms answers only after the client has stopped waiting', async () => {
    const { acted, app, faults } = await serve('timeout=1,hang-ms=500');
    try {
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/things`;
      await expect(fetch(url, { method: 'POST', signal: AbortSignal.timeout(100) })).rejects.toThrow();
      expect(acted).toEqual(['made']);
      expect(faults.counts.answersLost).toBe(1);
    } finally {
      await app.close();
    }
  });
});
