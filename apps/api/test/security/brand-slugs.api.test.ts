import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * Issue 33 item 12: a maker could order a tip jar at an address that reads as ours
 * (`podpot.nl/help`, `/status`, `/checkout`, `/healthz`) and put a page of their own there. Every
 * brand-like word and every first path segment the web app and the API serve is refused with the
 * slug's field error.
 */
let t: TestApp;
let maker: TestUser;
let ideal: string;
let run = 0;

const BRAND_LIKE = [
  'podpot',
  'help',
  'www',
  'docs',
  'checkout',
  'support',
  'status',
  'blog',
  'mail',
  'admin',
  'api',
  'app',
  'login',
  'security',
  'billing',
  'payments',
];
// Served by the API process at the root, beside the web app.
const SERVER_PATHS = ['healthz', 'readyz', 'metrics', 'dev', 'demo', 'sim'];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createUser({ role: 'ADMIN' });
  maker = await t.createUser();
  ideal = (
    await t.api('POST', '/paymentmethods', { token: admin.token, body: { data: { name: 'iDEAL', type: 'ideal' } } })
  ).body.id;
});
afterAll(() => t.close());

function order(slug: string) {
  run += 1;
  return t.api('POST', '/tipjars', {
    token: maker.token,
    body: {
      data: {
        name: `Brand Pod ${run}`,
        slug,
        type: 'CONSUMER',
        email: 'maker@example.test',
        phoneNumber: '+31612345678',
        payment: { paymentmethod: ideal, paymentissuer: '' },
      },
    },
  });
}

describe('POST /api/v1/tipjars with a brand-like slug', () => {
  it('refuses every brand-like word and server path with the slug field error, in any case', async () => {
    const notReserved: string[] = [];
    for (const slug of [...BRAND_LIKE, ...SERVER_PATHS, 'PodPot', 'Help']) {
      const res = await order(slug);
      const reserved =
        res.status === 400 &&
        res.body.code === 'SLUG_RESERVED' &&
        res.body.fields?.['data.slug']?.key === 'slugReserved';
      if (!reserved) notReserved.push(`${slug} ${res.status}`);
    }
    expect(notReserved).toEqual([]);
  });

  it('still takes an ordinary slug that only contains such a word', async () => {
    const res = await order(`podpot-fans-${Date.now().toString(36)}`);
    expect(res.status, res.text).toBe(201);
  });
});
