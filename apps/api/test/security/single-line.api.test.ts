import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMonthlyWorld, type MonthlyWorld, oneOffTip } from '../money/monthly-support.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 10: one-line fields refuse line breaks (CR, LF) with a field error, so a name can never
 * start a mail header of its own ("Pod\r\nBcc: …" in a subject line). Multi-line fields — the
 * description, the tip message, the thank-you text — keep their lines.
 */
let t: TestApp;
let w: MonthlyWorld;
let maker: TestUser;
let jarId: string;
let run = 0;
const INJECTION = 'Pod\r\nBcc: x@evil.example';

function orderBody(overrides: Record<string, unknown> = {}) {
  run += 1;
  return {
    data: {
      name: `Line Pod ${run}`,
      slug: `line-pod-${run}-${Date.now().toString(36)}`,
      type: 'CONSUMER',
      email: 'maker@example.test',
      phoneNumber: '+31612345678',
      payment: { paymentmethod: w.ideal, paymentissuer: '' },
      ...overrides,
    },
  };
}

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 1000 });
  w = await createMonthlyWorld(t);
  maker = await t.createUser();
  const order = await t.api('POST', '/tipjars', { token: maker.token, body: orderBody() });
  expect(order.status, order.text).toBe(201);
  jarId = order.body.tipjar.id;
});
afterAll(() => t.close());

describe(`one-line fields refuse line breaks (${TEST_DB})`, () => {
  it('refuses a tip jar name with "\\r\\nBcc:" when ordering, naming the field', async () => {
    const res = await t.api('POST', '/tipjars', { token: maker.token, body: orderBody({ name: INJECTION }) });
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields).toEqual({ 'data.name': { key: 'singleLine' } });
  });

  it('refuses a renamed tip jar with a line feed alone or a carriage return alone', async () => {
    for (const name of ['Pod\nBcc: x@evil.example', 'Pod\rBcc: x@evil.example']) {
      const res = await t.api('PUT', `/tipjars/${jarId}`, { token: maker.token, body: { data: { name } } });
      expect(res.status, res.text).toBe(400);
      expect(res.body.fields).toEqual({ 'data.name': { key: 'singleLine' } });
    }
    const jar = await t.api('GET', `/tipjars/${jarId}`, { token: maker.token });
    expect(jar.body.name).not.toMatch(/Bcc/);
  });

  it('still accepts a description, and a thank-you text, over several lines', async () => {
    const description = 'Line one\r\nLine two\n\nLine four';
    const thankYouMessage = 'Thanks!\nSee you next week.';
    const res = await t.api('PUT', `/tipjars/${jarId}`, {
      token: maker.token,
      body: { data: { description, thankYouMessage } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.description).toBe(description);
    expect(res.body.thankYouMessage).toBe(thankYouMessage);
  });

  it('refuses the fields whose own check let a line break through: phone number and URLs', async () => {
    const cases: [string, unknown][] = [
      ['phoneNumber', '+31612345678\r\nBcc: x@evil.example'],
      ['podcastUrl', 'https://pod.example/\r\nBcc: x@evil.example'],
      ['companyName', 'Pod B.V.\nBcc: x@evil.example'],
    ];
    for (const [field, value] of cases) {
      const res = await t.api('PUT', `/tipjars/${jarId}`, { token: maker.token, body: { data: { [field]: value } } });
      expect(res.status, `${field} → ${res.text}`).toBe(400);
      expect(res.body.fields, field).toEqual({ [`data.${field}`]: { key: 'singleLine' } });
    }
  });

  it("refuses a line break in a tipper's display name, keeps the lines of the message", async () => {
    const body = oneOffTip(w.ideal, 500);
    const refused = await t.api('POST', `/tipjars/${w.jar.id}/tips`, {
      body: { data: { ...body.data, displayName: INJECTION } },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.fields).toEqual({ 'data.displayName': { key: 'singleLine' } });
    const accepted = await t.api('POST', `/tipjars/${w.jar.id}/tips`, {
      body: { data: { ...body.data, message: 'Great show!\nKeep going.' } },
    });
    expect(accepted.status, accepted.text).toBe(201);
  });

  it('refuses a line break in a profile name and in a search term', async () => {
    const user = await t.createUser();
    const profile = await t.api('PUT', '/users/me/profile', {
      token: user.token,
      body: { data: { firstName: INJECTION, lastName: 'Tester' } },
    });
    expect(profile.status, profile.text).toBe(400);
    expect(profile.body.fields).toEqual({ 'data.firstName': { key: 'singleLine' } });
    const search = await t.api('GET', `/user/me/recurringtips?search=${encodeURIComponent('a\r\nb')}`, {
      token: user.token,
    });
    expect(search.status, search.text).toBe(400);
    expect(search.body.fields).toEqual({ search: { key: 'singleLine' } });
  });

  it('trims a line break around a name away rather than refusing it', async () => {
    const res = await t.api('PUT', `/tipjars/${jarId}`, {
      token: maker.token,
      body: { data: { name: 'Trim Pod\r\n' } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.name).toBe('Trim Pod');
  });
});
