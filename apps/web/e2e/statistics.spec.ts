import type { Browser, Page } from '@playwright/test';
import { formatCents, intlLocaleOf as intl, type Statistics } from '@podpot/domain';
import { expectNoViolations } from './support/axe';
import { login } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 13: the charts of the backoffice dashboard (a tip jar) and the admin dashboard (all tip jars),
 * on the demo data (a month of tips on De Koffiepod), in English on a desktop and in Dutch on a phone.
 * Every chart draws the API's series, its table shows the same numbers as the API answered, and axe
 * finds no violation.
 */

const SLUG = 'de-koffiepod';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
type Locale = 'en' | 'nl';

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** Opens `path` and answers the statistics the page was given by the API (the response it read). */
async function openWithStatistics(page: Page, path: string, click?: () => Promise<void>): Promise<Statistics> {
  const response = page.waitForResponse((r) => /\/statistics\?/.test(r.url()) && r.status() === 200);
  if (click) await click();
  else await page.goto(path);
  const statistics = (await (await response).json()) as Statistics;
  await expect(page.getByTestId('statistics-period')).toHaveAttribute('data-from', statistics.period.from);
  return statistics;
}

const count = (n: number, locale: Locale) => new Intl.NumberFormat(intl(locale)).format(n);
const money = (cents: number, locale: Locale) => formatCents(cents, locale).replace(/\s/g, ' ');
const label = (start: string, granularity: Statistics['period']['granularity'], locale: Locale) =>
  new Intl.DateTimeFormat(intl(locale), {
    ...(granularity === 'month' ? { month: 'long' } : { day: 'numeric', month: 'long' }),
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${start.length === 7 ? `${start}-01` : start}T00:00:00Z`));

/** The rows of a chart's table (opened under "Show as table"), cell texts with plain spaces. */
async function tableRows(page: Page, chart: string): Promise<string[][]> {
  const section = page.getByTestId(`chart-${chart}`);
  // Open it once: it stays open when the period changes.
  if ((await section.locator('details').getAttribute('open')) === null) await section.locator('summary').click();
  const table = section.getByTestId(`table-${chart}`);
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.children).map((cell) => (cell.textContent ?? '').replace(/\s/g, ' ').trim())),
    );
}

/** Totals, every chart's drawing and every chart's table against the API's answer. */
async function expectChartsOf(page: Page, s: Statistics, locale: Locale) {
  const totals = page.getByTestId('statistics-totals');
  await expect(totals.getByTestId('total-count')).toHaveText(count(s.totals.count, locale));
  for (const [key, cents] of [
    ['gross', s.totals.sum],
    ['fees', s.totals.fees],
    ['net', s.totals.net],
  ] as const) {
    expect((await totals.getByTestId(`total-${key}`).textContent())?.replace(/\s/g, ' ')).toBe(money(cents, locale));
  }

  // Bars: one per day/week/month of the API's series; the table has the same numbers.
  await expect(page.getByTestId('chart-per-bucket').locator('.MuiBarElement-root')).toHaveCount(s.series.length);
  expect(await tableRows(page, 'per-bucket')).toEqual(
    s.series.map((b) => [
      label(b.start, s.period.granularity, locale),
      count(b.count, locale),
      money(b.sum, locale),
      money(b.net, locale),
    ]),
  );
  // Doughnuts: one arc per method / kind that brought money in.
  await expect(page.getByTestId('chart-by-method').locator('.MuiPieArc-root')).toHaveCount(
    s.methods.filter((m) => m.sum > 0).length,
  );
  const methodRows = await tableRows(page, 'by-method');
  expect(methodRows.map((r) => [r[1], r[2], r[4]])).toEqual(
    s.methods.map((m) => [count(m.count, locale), money(m.sum, locale), money(m.net, locale)]),
  );
  await expect(page.getByTestId('chart-by-kind').locator('.MuiPieArc-root')).toHaveCount(
    s.byKind.filter((k) => k.sum > 0).length,
  );
  expect((await tableRows(page, 'by-kind')).map((r) => [r[1], r[2]])).toEqual(
    s.byKind.map((k) => [count(k.count, locale), money(k.sum, locale)]),
  );
  // Lines: cumulative net income ends at the period's net.
  await expect(page.getByTestId('chart-cumulative').locator('.MuiLineElement-root')).toHaveCount(1);
  const cumulative = await tableRows(page, 'cumulative');
  expect(cumulative.map((r) => r[2])).toEqual(s.series.map((b) => money(b.cumulativeNet, locale)));
  expect(cumulative.at(-1)?.[2]).toBe(money(s.totals.net, locale));
  if (s.monthlyTippers.every((m) => m.count === 0)) {
    await expect(page.getByTestId('chart-monthly-tippers').getByTestId('chart-empty')).toBeVisible();
  } else {
    await expect(page.getByTestId('chart-monthly-tippers').locator('.MuiLineElement-root')).toHaveCount(1);
    expect(await tableRows(page, 'monthly-tippers')).toEqual(
      s.monthlyTippers.map((m) => [label(m.month, 'month', locale), count(m.count, locale)]),
    );
  }
}

async function expectFitsPhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

test('a maker sees the charts of the last 30 days and of 12 months, in English on a desktop', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await newPage(browser, DESKTOP);
  await login(page, 'maker@podpot.local');
  const s = await openWithStatistics(page, `/backoffice/${SLUG}`);
  expect(s.period).toMatchObject({ period: '30d', granularity: 'day' });
  expect(s.totals.count).toBeGreaterThanOrEqual(11); // the demo's month of tips
  await expectChartsOf(page, s, 'en');
  await expectNoViolations(page);

  const months = await openWithStatistics(page, '', () => page.getByTestId('period-12m').click());
  expect(months.series).toHaveLength(12);
  await expectChartsOf(page, months, 'en');
  await expectNoViolations(page);
  await page.context().close();
});

test('a maker in Dutch on a phone: month names and money in Dutch, a custom period, an empty one', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await newPage(browser, PHONE);
  await login(page, 'maker@podpot.local', '/nl');
  const s = await openWithStatistics(page, `/nl/backoffice/${SLUG}`);
  await expectChartsOf(page, s, 'nl');
  await expectFitsPhone(page);
  await expectNoViolations(page);

  const months = await openWithStatistics(page, '', () => page.getByTestId('period-12m').click());
  await expectChartsOf(page, months, 'nl');
  expect((await tableRows(page, 'per-bucket')).at(-1)?.[0]).toMatch(
    /^(januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4}$/,
  );
  await expectFitsPhone(page);
  await expectNoViolations(page);

  // A custom period long before the demo's tips: a helpful empty state, no charts.
  // (The end first: before the start is set too, the pair is out of order and nothing is asked.)
  await page.getByTestId('period-custom').click();
  await page.getByTestId('period-to').fill('2020-01-31');
  const empty = await openWithStatistics(page, '', () => page.getByTestId('period-from').fill('2020-01-01'));
  expect(empty.period).toMatchObject({ period: 'custom', from: '2020-01-01', to: '2020-01-31' });
  expect(empty.totals.count).toBe(0);
  await expect(page.getByTestId('chart-per-bucket').getByTestId('chart-empty')).toHaveText(
    'Geen betaalde fooien in deze periode.',
  );
  await expect(page.getByTestId('chart-graphic')).toHaveCount(0);
  await expectFitsPhone(page);
  await expectNoViolations(page);
  await page.context().close();
});

test('an admin sees the platform: the same charts, new tip jars per month and the top tip jars', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  for (const [locale, viewport] of [
    ['en', DESKTOP],
    ['nl', PHONE],
  ] as const) {
    const prefix = locale === 'nl' ? '/nl' : '';
    const page = await newPage(browser, viewport);
    await login(page, 'admin@podpot.local', prefix);
    const s = await openWithStatistics(page, `${prefix}/admin`);
    await expectChartsOf(page, s, locale);
    const created = s.newTipjars!;
    expect(created.reduce((n, m) => n + m.count, 0)).toBeGreaterThanOrEqual(1); // the demo's tip jar
    await expect(page.getByTestId('chart-new-tipjars').locator('.MuiBarElement-root')).toHaveCount(created.length);
    expect(await tableRows(page, 'new-tipjars')).toEqual(
      created.map((m) => [label(m.month, 'month', locale), count(m.count, locale)]),
    );
    const top = page.getByTestId('table-top-tipjars');
    const rows = await top
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.children).map((c) => (c.textContent ?? '').replace(/\s/g, ' '))),
      );
    expect(rows).toEqual(
      s.topTipjars!.map((j) => [j.name, count(j.count, locale), money(j.sum, locale), money(j.net, locale)]),
    );
    expect(rows[0]?.[0]).toBe('De Koffiepod');
    if (viewport === PHONE) await expectFitsPhone(page);
    await expectNoViolations(page);
    await page.context().close();
  }
});
