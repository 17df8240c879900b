import { expectNoViolations } from './support/axe';
import { DEMO_SLUG, signedInOnce } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 41 part 5, episode boosts (decision 097): a listener in Dutch on a phone tips an episode of the
 * demo tip jar with "lees mijn bericht voor, bij 12:34" and pays with iDEAL in the simulator; the maker
 * finds the message in the Episodes page's read-on-air list, at 12:34, and ticks it done.
 */

const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);
const maker = signedInOnce('maker@podpot.local');

test('Dutch, phone: a boost at 12:34 reaches the read-on-air list and is ticked done', async ({ browser }) => {
  test.setTimeout(180_000);
  const listener = await maker.newPage(browser, { viewport: PHONE }, { signedIn: false });
  await listener.goto(`/nl/${DEMO_SLUG}`);
  const list = listener.getByRole('region', { name: 'Recente afleveringen' });
  const link = list.getByTestId('episode-link').last();
  const title = (await link.locator('.sf-episode-title').textContent())!;
  await link.click();
  await expect(listener.getByTestId('episode-heading')).toContainText('Fooi voor “Aflevering');

  const message = `Groeten uit Utrecht ${run}`;
  await listener.getByRole('button', { name: '€ 5,00', exact: true }).click();
  await listener.getByRole('textbox', { name: 'Je naam' }).fill(`Boostfan ${run}`);
  await listener.getByRole('textbox', { name: 'Bericht' }).fill(message);
  await listener.getByRole('checkbox', { name: 'Lees mijn bericht voor in de uitzending' }).check();
  const moment = listener.getByRole('textbox', { name: 'Bij (mm:ss)' });
  await moment.fill('12:3');
  await listener.getByRole('textbox', { name: 'E-mailadres' }).fill(`${run}@example.com`);
  await listener.getByTestId('paymentmethod-ideal').getByRole('radio').check();
  await listener.getByRole('button', { name: 'AFREKENEN € 5,00' }).click();
  // Not a moment: said at the field, nothing sent.
  await expect(listener.getByText('Schrijf het moment als minuten:seconden, bijv. 12:34')).toBeVisible();
  await expect(listener).toHaveURL(/\/e\//);
  await moment.fill('12:34');
  await expect(listener.getByText('Schrijf het moment als minuten:seconden, bijv. 12:34')).toHaveCount(0);
  await expectNoViolations(listener);
  expect(await listener.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await listener.getByRole('button', { name: 'AFREKENEN € 5,00' }).click();
  await expect(listener).toHaveURL(/\/sim\/checkout\//);
  await listener.locator('button[name="outcome"][value="completed"]').click();
  await expect(listener.getByTestId('tip-outcome')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });

  const page = await maker.newPage(browser, { viewport: PHONE }, { signedIn: true });
  await page.goto(`/nl/backoffice/${DEMO_SLUG}/episodes`);
  const readOnAir = page.getByRole('region', { name: 'Voorlezen in de uitzending' });
  await readOnAir
    .getByRole('button', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: nog`) })
    .click();
  const boost = readOnAir.getByTestId('boost-row').filter({ hasText: message });
  await expect(boost.getByTestId('boost-moment')).toHaveText('Bij 12:34');
  await expect(boost).toContainText(`Boostfan ${run}`);
  await expect(boost).toContainText('€ 5,00');
  await expectNoViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  const done = boost.getByRole('checkbox', { name: /^Voorgelezen: bericht van Boostfan/ });
  await done.check();
  await expect(boost).toHaveAttribute('data-read', 'true');
  await page.reload();
  await readOnAir
    .getByRole('button', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: nog`) })
    .click();
  await expect(readOnAir.getByTestId('boost-row').filter({ hasText: message })).toHaveAttribute('data-read', 'true');
});
