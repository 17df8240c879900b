import { isLocale, LOCALES } from '@podpot/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { mailHtml } from '../mail/mail-html.js';
import { MAIL_SAMPLES } from '../mail/samples.js';

/**
 * /dev/mails (never in production): every mail template with sample data, in English and Dutch, as the
 * recipient sees it (the HTML part) and as its plain-text part (decision 035). Mounted by app.ts only
 * when NODE_ENV is not production.
 */
export const MAIL_PREVIEW_PATH = '/dev/mails';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function mountMailPreview(app: FastifyInstance, ctx: AppContext): void {
  const brand = ctx.config.BRAND_NAME;
  app.get(MAIL_PREVIEW_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const rows = MAIL_SAMPLES.map((sample) => {
      const links = LOCALES.map((locale) => {
        const base = `${MAIL_PREVIEW_PATH}/${sample.name}/${locale}`;
        return `<a href="${base}">${locale}</a> (<a href="${base}/text">text</a>)`;
      }).join(' · ');
      return `<li><strong>${escapeHtml(sample.name)}</strong> — ${links}</li>`;
    }).join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(brand)} mails</title></head><body style="font-family: system-ui, sans-serif; max-width: 720px; margin: 2rem auto; padding: 0 1rem"><h1>${escapeHtml(brand)} mails</h1><p>Every template with sample data (development only).</p><ul>${rows}</ul></body></html>`,
      );
  });
  app.get<{ Params: { name: string; locale: string; part?: string } }>(
    `${MAIL_PREVIEW_PATH}/:name/:locale/:part?`,
    { schema: { hide: true } },
    async (request, reply) => {
      const sample = MAIL_SAMPLES.find((s) => s.name === request.params.name);
      const { locale, part } = request.params;
      if (!sample || !isLocale(locale) || (part !== undefined && part !== 'text')) {
        return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'No such mail' });
      }
      const mail = sample.mail(locale, ctx.config.publicUrl);
      if (part === 'text')
        return reply.type('text/plain; charset=utf-8').send(`Subject: ${mail.subject}\n\n${mail.text}`);
      return reply.type('text/html; charset=utf-8').send(await mailHtml({ ...mail, brand }));
    },
  );
}
