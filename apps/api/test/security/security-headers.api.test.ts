import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * helmet's headers are worked out once at start and copied onto every answer (decision 020): the API,
 * the web app's pages and unknown paths all carry them, and the API docs page keeps its own policy.
 * API answers carry only those that guard a response read by a script or opened on its own (decision 051).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const expected = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};
/** What only documents need: pages carry them, API answers do not. */
const pageOnly = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('are on API answers, errors, pages and unknown paths', async () => {
    for (const path of ['/api/v1/paymentmethods', '/api/v1/users/me', '/', '/no-such-page', '/api/v1/nothing-here']) {
      const res = await fetch(`${t.baseUrl}${path}`);
      for (const [name, value] of Object.entries(expected))
        expect(res.headers.get(name), `${path} ${name}`).toBe(value);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toContain('upgrade-insecure-requests');
      const api = path.startsWith('/api/v1/');
      for (const [name, value] of Object.entries(pageOnly))
        expect(res.headers.get(name), `${path} ${name}`).toBe(api ? null : value);
    }
  });

  it('leave the API docs page its own policy (swagger-ui sends one)', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs/static/index.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('validator.swagger.io');
  });
});
