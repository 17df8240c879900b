import { expectNoViolations } from './support/axe';
import { readOutbox } from './support/outbox';
import { DEMO_SLUG, loginNl } from './support/session';
import { expect, test } from './support/test';

/**
 * Tip jar admins by invitation (issue 33, decision 062), on a phone in Dutch: the maker invites an
 * address on the settings page and sees it waiting; the invitee opens the mailed link, logs in from
 * the invitation page, comes back and accepts, lands in the tip jar's backoffice; then leaves it again
 * behind the confirmation.
 */
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);

async function pageScrollsSideways(page: import('@playwright/test').Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

test('a maker invites, the invitee accepts through the mailed link, on a phone in Dutch', async ({ browser }) => {
  test.setTimeout(180_000);
  // The invitee: an account in Dutch, so the invitation is mailed in Dutch.
  const email = `uitgenodigd-${run}@example.com`;
  const password = `Een-sterk-wachtwoord-${run}!`;
  const makerContext = await browser.newContext({ viewport: PHONE });
  const maker = await makerContext.newPage();
  const registered = await maker.request.post('/api/v1/users/register', {
    data: { data: { email, password, firstName: 'Ineke', lastName: `Nieuw${run}`, locale: 'nl' } },
  });
  expect(registered.status()).toBe(201);

  await loginNl(maker, 'maker@podpot.local');
  await maker.goto(`/nl/backoffice/${DEMO_SLUG}/settings`);
  const admins = maker.getByRole('region', { name: 'Beheerders' });
  await admins.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
  await admins.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  const waiting = admins.getByRole('list', { name: 'Wacht op antwoord' });
  await expect(waiting).toContainText(email);
  // Invited is not an admin yet.
  await expect(admins.getByRole('list', { name: 'Beheerders' })).not.toContainText(email);
  expect(await pageScrollsSideways(maker)).toBe(false);
  await expectNoViolations(maker);

  // The mail, in Dutch, with the link to the invitation page.
  let link = '';
  await expect(async () => {
    // The invitee's first mail confirms their address (decision 061); the invitation is the one to read.
    const mail = readOutbox().find((m) => m.to === email && m.subject === 'Uitnodiging om een Podpot te beheren');
    expect(mail).toBeDefined();
    link = /https?:\/\/\S+\/nl\/invitation\?token=[\w-]+/.exec(mail!.text)![0];
  }).toPass({ timeout: 30_000 });

  const inviteeContext = await browser.newContext({ viewport: PHONE });
  const invitee = await inviteeContext.newPage();
  await invitee.goto(new URL(link).pathname + new URL(link).search);
  await expect(invitee.getByRole('heading', { level: 1, name: 'Uitnodiging' })).toBeVisible();
  await expect(invitee.getByText(`Deze uitnodiging is voor ${email}`)).toBeVisible();
  await expectNoViolations(invitee);
  // Not logged in: to the login form, and back here.
  await invitee.getByRole('button', { name: 'Log in om aan te nemen' }).click();
  await invitee.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
  await invitee.locator('input[name=password]').fill(password);
  await invitee.getByRole('button', { name: 'Inloggen' }).click();
  await expect(invitee.getByRole('heading', { level: 1, name: 'Uitnodiging' })).toBeVisible();
  await invitee.getByRole('button', { name: 'Aannemen' }).click();
  await expect(invitee).toHaveURL(new RegExp(`/nl/backoffice/${DEMO_SLUG}$`));
  expect(await pageScrollsSideways(invitee)).toBe(false);

  // The maker sees the new admin, and nothing waiting any more.
  await maker.reload();
  await expect(admins.getByRole('list', { name: 'Beheerders' })).toContainText(email);
  await expect(waiting).toHaveCount(0);

  // The invitee leaves again, behind the confirmation.
  await invitee.goto(`/nl/backoffice/${DEMO_SLUG}/settings`);
  const own = invitee.getByRole('region', { name: 'Beheerders' });
  await own.getByRole('button', { name: 'Deze Podpot verlaten' }).click();
  const confirm = invitee.getByRole('dialog', { name: 'Deze Podpot verlaten' });
  await expect(confirm).toContainText('Je kunt alleen terugkomen als een beheerder je uitnodigt.');
  await confirm.getByRole('button', { name: 'Verlaten' }).click();
  await expect(invitee).toHaveURL(/\/nl\/backoffice/);
  await expect(invitee.getByText('Je beheert De Koffiepod niet meer')).toBeVisible();
  await maker.reload();
  await expect(admins.getByRole('list', { name: 'Beheerders' })).not.toContainText(email);

  await inviteeContext.close();
  await makerContext.close();
});
