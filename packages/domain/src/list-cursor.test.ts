import { describe, expect, it } from 'vitest';
import { decodeListCursor, encodeListCursor, ListCursorParamSchema } from './list-cursor.js';
import { cursorListQuerySchema } from './paging.js';

const cursor = {
  sortBy: 'amount',
  sortDesc: true,
  keys: [250, '2026-06-01T12:00:00.000001Z', '0b5e1f9a-4a53-4c3e-9d8e-3f6b1c2d4e5f'],
};

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('list cursors (decision 041)', () => {
  it('round-trips a position as URL-safe text', () => {
    const encoded = encodeListCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(encoded)).toEqual(cursor);
    expect(decodeListCursor(encodeListCursor({ sortBy: '', sortDesc: false, keys: ['é'] }))).toEqual({
      sortBy: '',
      sortDesc: false,
      keys: ['é'],
    });
  });

  it('decodes nothing that is not one of ours', () => {
    for (const bad of [
      '',
      'not a cursor',
      '!!!',
      'e30', // {}
      base64url('[2,"amount",1,5]'), // another version
      base64url('[1,"amount",true,5]'),
      base64url('[1,"amount",1,{"a":1}]'),
      base64url('[1,"amount",1,'),
      'A'.repeat(600),
    ]) {
      expect(decodeListCursor(bad), bad).toBeUndefined();
    }
  });

  it('is a query parameter of at most 512 base64url characters', () => {
    expect(ListCursorParamSchema.safeParse(encodeListCursor(cursor)).success).toBe(true);
    expect(ListCursorParamSchema.safeParse('A'.repeat(513)).success).toBe(false);
    expect(ListCursorParamSchema.safeParse('a\nb').success).toBe(false);
  });

  it('a cursor list query takes after or before, not both', () => {
    const schema = cursorListQuerySchema(['amount']);
    expect(schema.parse({ after: 'abc' })).toMatchObject({ skip: 0, limit: 100, after: 'abc' });
    expect(schema.parse({ before: 'abc', skip: '25', limit: '50' })).toMatchObject({ skip: 25, limit: 50 });
    expect(schema.safeParse({ after: 'abc', before: 'def' }).success).toBe(false);
  });
});
