import { expectNoViolations } from './support/axe';
import { apiAs, DEMO_SLUG, loginNl } from './support/session';
import { expect, test } from './support/test';

/**
 * A maker's personal API tokens (issue 41.3, decision 096), on a phone in Dutch: make one on the
 * settings page, see it once, use it as an integration would, then revoke it behind the confirmation.
 */
const PHONE = { width: 390, height: 844 };

test('a maker makes an API token, an integration uses it, the maker revokes it — on a phone in Dutch', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await loginNl(page, 'maker@podpot.local');
  const me = await apiAs<{ tipjars: { id: string; slug: string }[] }>(page, 'GET', 'users/me');
  const jarId = me.body.tipjars.find((j) => j.slug === DEMO_SLUG)!.id;

  await page.goto(`/nl/backoffice/${DEMO_SLUG}/settings`);
  const section = page.getByRole('region', { name: 'API-sleutels' });
  await section.getByRole('textbox', { name: 'Naam' }).fill('Zapier e2e');
  await expect(section.getByRole('checkbox', { name: /Fooien lezen/ })).toBeChecked();
  await section.getByRole('button', { name: 'Sleutel maken' }).click();
  await expect(section.getByText('je ziet hem hierna niet meer')).toBeVisible();
  const token = await section.getByRole('textbox', { name: 'API-sleutel' }).inputValue();
  expect(token).toMatch(/^pp_/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
    false,
  );
  await expectNoViolations(page);

  // The integration: its tip jar's tips, nothing of the account.
  const tips = await page.request.get(`/api/v1/tipjars/${jarId}/tips`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(tips.status()).toBe(200);
  const me2 = await page.request.get('/api/v1/users/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me2.status()).toBe(403);

  await section.getByRole('button', { name: 'Ik heb hem gekopieerd' }).click();
  await expect(section.getByRole('textbox', { name: 'API-sleutel' })).toHaveCount(0);
  await page.reload();
  const list = section.getByRole('list', { name: 'API-sleutels' });
  await expect(list).toContainText('Zapier e2e');
  await expect(list).toContainText(token.slice(0, 8));
  await expect(list).toContainText('Laatst gebruikt');
  await expect(page.getByText(token)).toHaveCount(0);

  await section.getByRole('button', { name: 'Zapier e2e intrekken' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deze API-sleutel intrekken?' });
  await confirm.getByRole('button', { name: 'Intrekken' }).click();
  await expect(list).toContainText('Ingetrokken');
  const after = await page.request.get(`/api/v1/tipjars/${jarId}/tips`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);
  await expectNoViolations(page);
  await context.close();
});
