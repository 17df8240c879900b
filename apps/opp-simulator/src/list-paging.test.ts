import { describe, expect, it } from 'vitest';
import { listPageOf } from './lists.js';

/** The settlements and their rows are built in memory; they are paged like the lists read from the table. */
describe('listPageOf', () => {
  const rows = Array.from({ length: 1126 }, (_, i) => ({ uid: `row_${i}` }));

  it('answers each row on exactly one page when a client follows has_more', () => {
    const seen: string[] = [];
    let pages = 0;
    for (let page = 1; ; page += 1) {
      const answer = listPageOf('/v1/rows', rows, { page, perpage: 100 });
      pages += 1;
      seen.push(...answer.data.map((r) => (r as { uid: string }).uid));
      if (!answer.has_more) break;
    }
    expect(pages).toBe(12);
    expect(seen).toEqual(rows.map((r) => r.uid));
  });

  it('uses the default of 10 per page and states the window it answered', () => {
    expect(listPageOf('/v1/rows', rows, { page: 3 })).toMatchObject({
      has_more: true,
      total_item_count: 1126,
      items_per_page: 10,
      current_page: 3,
      last_page: 113,
      data: rows.slice(20, 30),
    });
    expect(listPageOf('/v1/rows', rows, { page: 200, perpage: 100 })).toMatchObject({ has_more: false, data: [] });
  });

  it('answers fewer per page than asked when its page size is lowered (a test making a short list span pages)', () => {
    expect(listPageOf('/v1/rows', rows.slice(0, 12), { page: 2, perpage: 100 }, 10)).toMatchObject({
      has_more: false,
      items_per_page: 10,
      current_page: 2,
      last_page: 2,
      data: rows.slice(10, 12),
    });
  });
});
