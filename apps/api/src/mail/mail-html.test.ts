import { LOCALES } from '@podpot/domain';
import { describe, expect, it } from 'vitest';
import { mailBlocks } from './mail-blocks.js';
import { mailHtml } from './mail-html.js';
import { MAIL_SAMPLES } from './samples.js';

/** Every template, in both languages: its facts in the text part and in the HTML part (decision 035). */
const URL = 'https://podpot.example';

/** The HTML's visible text, entities decoded, tags gone. */
function visible(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#xA0;/g, '\u00a0')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
}

/** Money is written with a no-break space in Dutch (€ 5,00); the facts are written with a plain one. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe('mail templates as HTML and text', () => {
  for (const sample of MAIL_SAMPLES) {
    for (const locale of LOCALES) {
      it(`${sample.name} (${locale}) says the same in both parts`, async () => {
        const mail = sample.mail(locale, URL);
        const html = await mailHtml({ ...mail, brand: 'Podpot' });
        for (const fact of sample.facts[locale]) {
          expect(spaced(mail.text), `text: ${fact}`).toContain(fact);
          expect(spaced(visible(html)), `html: ${fact}`).toContain(fact);
        }
        expect(html).toContain('<meta name="color-scheme" content="light dark"');
        expect(html).toContain('max-width:600px');
        // Every link of the text is a link in the HTML, and the HTML links nothing else (decision 064).
        const links = (mail.text.match(/https?:\/\/\S+/g) ?? []).map((link) => link.replaceAll('&', '&amp;'));
        for (const link of links) expect(html).toContain(`href="${link}"`);
        for (const [, href] of html.matchAll(/href="([^"]+)"/g)) expect(links).toContain(href);
      });
    }
  }

  it('draws a receipt’s facts as a table and a lone link as a button', async () => {
    const receipt = MAIL_SAMPLES.find((s) => s.name === 'tip-receipt')!.mail('nl', URL);
    const facts = mailBlocks(spaced(receipt.text)).find((b) => b.kind === 'facts');
    expect(facts).toMatchObject({
      kind: 'facts',
      rows: expect.arrayContaining([{ label: 'Bedrag', value: '€ 5,00' }]),
    });
    const reset = MAIL_SAMPLES.find((s) => s.name === 'password-reset')!.mail('en', URL);
    expect(mailBlocks(reset.text).some((b) => b.kind === 'action' && b.url.endsWith('token=sample'))).toBe(true);
    expect(await mailHtml({ ...reset, brand: 'Podpot' })).toMatch(
      /<a[^>]+href="https:\/\/podpot\.example\/reset-password\?token=sample"[^>]*>/,
    );
  });
});
