import { describe, expect, it } from 'vitest';
import { dateQueryParam, listQuerySchema, toListQuery, toQueryString } from './paging.js';

describe('toListQuery (docs/product.md §5 paging conversion)', () => {
  it('computes skip = page*itemsPerPage - itemsPerPage and limit = page*itemsPerPage', () => {
    expect(toListQuery({ page: 1, itemsPerPage: 10 })).toEqual({ skip: 0, limit: 10 });
    expect(toListQuery({ page: 3, itemsPerPage: 25 })).toEqual({ skip: 50, limit: 75 });
  });

  it('reduces sortBy and sortDesc to their first element', () => {
    expect(toListQuery({ page: 1, itemsPerPage: 5, sortBy: ['email', 'created'], sortDesc: [true, false] })).toEqual({
      skip: 0,
      limit: 5,
      sortBy: 'email',
      sortDesc: true,
    });
    expect(toListQuery({ sortBy: 'name', sortDesc: false })).toEqual({ sortBy: 'name', sortDesc: false });
  });

  it('leaves out empty values', () => {
    expect(toListQuery({ sortBy: [], sortDesc: [], search: '' })).toEqual({});
  });
});

describe('toQueryString', () => {
  it('leaves out empty and undefined values', () => {
    expect(toQueryString({ skip: 0, limit: 10, search: '', sortBy: undefined, sortDesc: false })).toBe(
      '?skip=0&limit=10&sortDesc=false',
    );
    expect(toQueryString({ search: undefined })).toBe('');
  });
});

describe('listQuerySchema', () => {
  const schema = listQuerySchema(['name', 'created']);
  it('defaults to skip 0, limit 100', () => {
    expect(schema.parse({})).toEqual({ skip: 0, limit: 100 });
  });
  it('coerces query-string values', () => {
    expect(schema.parse({ skip: '10', limit: '20', sortBy: 'name', sortDesc: 'true' })).toEqual({
      skip: 10,
      limit: 20,
      sortBy: 'name',
      sortDesc: true,
    });
  });
  it('refuses unknown sort columns and windows above 1000 rows', () => {
    expect(schema.safeParse({ sortBy: 'password' }).success).toBe(false);
    expect(schema.safeParse({ skip: '0', limit: '1001' }).success).toBe(false);
    expect(schema.safeParse({ skip: '5000', limit: '6000' }).success).toBe(true);
  });
});

describe('dateQueryParam', () => {
  const from = dateQueryParam('from');
  const to = dateQueryParam('to');
  const keyOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('reads ISO dates and date-times; a bare `to` date includes that day', () => {
    expect(from.parse('2024-05-01').toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(from.parse('2024-05-01T12:30:00Z').toISOString()).toBe('2024-05-01T12:30:00.000Z');
    expect(to.parse('2024-05-01').toISOString()).toBe('2024-05-02T00:00:00.000Z');
  });
  it('refuses what is no date with `format`', () => {
    expect(keyOf(from.safeParse('yesterday'))).toBe('format');
    expect(keyOf(from.safeParse('2024-13-45'))).toBe('format');
  });
  it('refuses years outside 1970..9999 with `invalid`', () => {
    expect(keyOf(from.safeParse('0000-01-01'))).toBe('invalid');
    expect(keyOf(to.safeParse('1969-12-31T23:59:59Z'))).toBe('invalid');
  });
  it('never steps past year 9999', () => {
    expect(to.parse('9999-12-31').toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(from.parse('9999-12-31T23:00:00-05:00').toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });
});
