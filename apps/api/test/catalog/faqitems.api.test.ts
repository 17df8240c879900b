import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  user = await t.createUser();
});
afterAll(() => t.close());

const item = (priority: number, active = true) => ({
  data: { active, priority, question: { en: `Q${priority}?`, nl: `V${priority}?` }, answer: { en: 'A', nl: 'A' } },
});

describe('FAQ items', () => {
  it('answers 401 to anonymous and 403 to users on create, change and delete', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path, body] of [
      ['POST', '/faqitems', item(1)],
      ['PUT', `/faqitems/${id}`, item(1)],
      ['DELETE', `/faqitems/${id}`, undefined],
    ] as const) {
      expect((await t.api(method, path, { body })).status).toBe(401);
      expect((await t.api(method, path, { body, token: user.token })).status).toBe(403);
    }
  });

  it('shows the public only active items, by priority descending; admins see all', async () => {
    const ids: string[] = [];
    for (const [priority, active] of [
      [5, true],
      [50, true],
      [20, false],
    ] as const) {
      const res = await t.api('POST', '/faqitems', { token: admin.token, body: item(priority, active) });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const pub = await t.api('GET', '/faqitems');
    expect(pub.body.data.map((i: { priority: number }) => i.priority)).toEqual([50, 5]);
    expect(pub.body.metadata.count).toBe(2);
    const all = await t.api('GET', '/faqitems', { token: admin.token });
    expect(all.body.data.map((i: { priority: number }) => i.priority)).toEqual([50, 20, 5]);
    // An inactive item is hidden from the public one by one too.
    expect((await t.api('GET', `/faqitems/${ids[2]}`)).status).toBe(404);
    expect((await t.api('GET', `/faqitems/${ids[2]}`, { token: admin.token })).status).toBe(200);
  });

  it('changes and deletes an item', async () => {
    const created = await t.api('POST', '/faqitems', { token: admin.token, body: item(7) });
    const changed = await t.api('PUT', `/faqitems/${created.body.id}`, {
      token: admin.token,
      body: { data: { question: { en: 'Changed?', nl: 'Gewijzigd?' } } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.question.nl).toBe('Gewijzigd?');
    expect(changed.body.priority).toBe(7);
    expect((await t.api('DELETE', `/faqitems/${created.body.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.api('GET', `/faqitems/${created.body.id}`, { token: admin.token })).status).toBe(404);
  });

  it('refuses a question without Dutch text', async () => {
    const res = await t.api('POST', '/faqitems', {
      token: admin.token,
      body: { data: { question: { en: 'Q?' }, answer: { en: 'A', nl: 'A' } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.question.nl'].key).toBe('required');
  });
});
