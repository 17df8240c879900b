import { describe, expect, it } from 'vitest';
import { canonicalJson, fingerprintOf } from './idempotency.js';

describe('canonicalJson / fingerprintOf', () => {
  it('does not depend on the order of object keys, at any depth', () => {
    const a = { data: { amount: 500, payment: { paymentmethod: 'm', paymentissuer: '' }, email: 'a@b.c' } };
    const b = { data: { email: 'a@b.c', payment: { paymentissuer: '', paymentmethod: 'm' }, amount: 500 } };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(fingerprintOf(a)).toBe(fingerprintOf(b));
    expect(fingerprintOf(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('tells apart any other difference: a value, a type, the order of a list, a missing member', () => {
    const base = { amount: 500, lines: [1, 2], name: 'Fan' };
    const others = [
      { ...base, amount: 501 },
      { ...base, amount: '500' },
      { ...base, lines: [2, 1] },
      { amount: 500, lines: [1, 2] },
      { ...base, name: 'Fan ' },
    ];
    for (const other of others) expect(fingerprintOf(other), JSON.stringify(other)).not.toBe(fingerprintOf(base));
  });

  it('writes JSON, leaving undefined members out as JSON.stringify does', () => {
    expect(canonicalJson({ b: [true, null, undefined], a: undefined, c: 'x"y' })).toBe(
      '{"b":[true,null,null],"c":"x\\"y"}',
    );
    expect(JSON.parse(canonicalJson({ z: 1, a: { y: 2, b: 3 } }))).toEqual({ a: { b: 3, y: 2 }, z: 1 });
  });
});
