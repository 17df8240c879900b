import { STOREFRONT_DATA_ELEMENT_ID } from '@podpot/domain/routes';
import { expectNoViolations } from './support/axe';
import { apiAs, DEMO_SLUG, loginNl } from './support/session';
import { expect, test } from './support/test';

/**
 * Levels with a perk line (issue 40) on a phone (390 px), in Dutch: the maker sets two levels in the
 * backoffice settings, the storefront shows them once "Elke maand" is chosen, and picking one fills
 * its amount. The demo tip jar is shared with other specs: its levels are emptied again at the end.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('a maker sets two levels in Dutch; the storefront offers them for a monthly tip', async ({ page }) => {
  test.setTimeout(120_000);
  await loginNl(page, 'maker@podpot.local');
  await page.goto(`/nl/backoffice/${DEMO_SLUG}/settings`);
  const section = page.getByRole('region', { name: 'Niveaus' });
  await expect(section.getByText(/Met niveaus geef je je maandelijkse steuners iets terug/)).toBeVisible();
  try {
    for (const [amount, name, perk] of [
      ['3', 'Vaste luisteraar', 'naam in de shownotes'],
      ['10', 'Producer', 'bonusfeed + maandelijkse Q&A'],
    ] as const) {
      await section.getByRole('button', { name: 'Niveau toevoegen' }).click();
      await section
        .getByRole('textbox', { name: /Bedrag per maand/ })
        .last()
        .fill(amount);
      await section.getByRole('textbox', { name: /Naam/ }).last().fill(name);
      await section
        .getByRole('textbox', { name: /Extraatje/ })
        .last()
        .fill(perk);
    }
    await section.getByRole('checkbox', { name: 'Geeft toegang tot de bonusfeed' }).last().check();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoViolations(page);
    await section.getByRole('button', { name: 'Niveaus opslaan' }).click();
    await expect(page.getByText('Niveaus opgeslagen')).toBeVisible();
    await expect(section.getByRole('textbox', { name: /Bedrag per maand/ }).first()).toHaveValue('3,00');

    // The storefront (its public answer lives a few seconds): the levels once "Elke maand" is chosen.
    await expect(async () => {
      await page.goto(`/nl/${DEMO_SLUG}`);
      const data = JSON.parse((await page.locator(`#${STOREFRONT_DATA_ELEMENT_ID}`).textContent()) ?? 'null');
      expect(data.levels).toHaveLength(2);
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('levels')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Elke maand' }).check();
    const levels = page.getByTestId('levels');
    await expect(levels.getByRole('button')).toHaveCount(2);
    const producer = levels.getByRole('button', { name: /Producer/ });
    await expect(producer).toContainText(/€\s?10,00 per maand/);
    await expect(producer).toContainText('bonusfeed + maandelijkse Q&A');
    await producer.click();
    // The amount is €10: in the field, or as the pressed suggested amount when the maker offers €10 there.
    await expect(page.getByTestId('monthly-summary')).toContainText(/€\s?10,00 per maand/);
    await expect(producer).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('level-reached')).toHaveText('Met dit bedrag word je Producer.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoViolations(page);
  } finally {
    const tipjar = await apiAs<{ data: { id: string }[] }>(page, 'GET', `tipjars?slug=${DEMO_SLUG}&managed=true`);
    const id = tipjar.body.data[0]?.id;
    if (id) await apiAs(page, 'PUT', `tipjars/${id}/levels`, { data: [] });
  }
});
