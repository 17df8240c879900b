import { widgetCsp, widgetSnippet } from '@podpot/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { DEMO_TIPJAR_SLUG } from '../seed/demo.js';

/**
 * /demo/embed.html (never in production): a maker's own website as a stranger would build it — its own
 * look, in Dutch, with a strict Content-Security-Policy that allows the tip widget only through the
 * sources the Share page documents (decision 094) — with the widget's snippet for the demo podcast. Open
 * it on another host name than the platform's (e.g. localhost instead of 127.0.0.1) and the widget runs
 * cross-origin, as on a real maker's site.
 */
export const DEMO_EMBED_PATH = '/demo/embed.html';
const DEMO_EMBED_CSS_PATH = '/demo/embed.css';

const CSS = `body{margin:0;font-family:Georgia,'Times New Roman',serif;background:#f4efe6;color:#2b2118;line-height:1.6}
header{background:#3b2a1e;color:#f4efe6;padding:24px 16px}
header h1{margin:0;font-size:2rem;letter-spacing:.02em}
header p{margin:4px 0 0;opacity:.85}
main{max-width:640px;margin:0 auto;padding:24px 16px 64px}
article{background:#fffaf2;border:1px solid #e2d6c2;border-radius:4px;padding:16px 20px;margin-bottom:24px}
h2{font-size:1.4rem;margin:0 0 8px}
.tip{margin:24px 0 8px;font-family:system-ui,sans-serif}
footer{text-align:center;font-size:.85rem;color:#6b5a49;padding:16px}
`;

export function mountDemoEmbed(app: FastifyInstance, ctx: AppContext): void {
  const origin = new URL(ctx.config.publicUrl).origin;
  const snippet = widgetSnippet({
    origin,
    slug: DEMO_TIPJAR_SLUG,
    storefrontUrl: `${ctx.config.publicUrl.replace(/\/$/, '')}/nl/${DEMO_TIPJAR_SLUG}`,
    text: 'Geef De Koffiepod een fooi',
  });
  // Strict: no inline script or style anywhere, only this page's own files and the widget's documented sources.
  const csp = [
    "default-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    widgetCsp(origin),
  ].join('; ');
  const html = `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Koffiepraat — het blog van De Koffiepod</title>
<link rel="stylesheet" href="${DEMO_EMBED_CSS_PATH}">
</head>
<body>
<header><h1>Koffiepraat</h1><p>Het blog bij de podcast De Koffiepod</p></header>
<main>
<article>
<h2>Aflevering 42: de perfecte flat white</h2>
<p>Deze week proeven we zes bonen uit Ethiopië en zoeken we uit waarom melk bij 60 graden het zoetst is.
Luister via je podcastapp, of lees hieronder de aantekeningen bij de aflevering.</p>
<p>Vind je de podcast de moeite waard? Met een kleine fooi houd je ons aan de koffie.</p>
<p class="tip">${snippet}</p>
</article>
<article>
<h2>Aflevering 41: koffie en slaap</h2>
<p>Hoe laat is te laat voor een espresso? We spraken met een slaaponderzoeker.</p>
</article>
</main>
<footer>Een voorbeeldpagina van een maker (alleen in ontwikkeling en demo's).</footer>
</body>
</html>
`;
  app.get(DEMO_EMBED_PATH, { schema: { hide: true } }, async (_request, reply) => {
    // A maker's site sends its own headers, not ours: no Cross-Origin-Opener-Policy (with `same-origin` a
    // browser cuts the widget off from the payment window it opens, and the form offers a link to it instead).
    reply.removeHeader('cross-origin-opener-policy');
    reply.removeHeader('x-frame-options');
    return reply.type('text/html; charset=utf-8').header('content-security-policy', csp).send(html);
  });
  app.get(DEMO_EMBED_CSS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(CSS),
  );
}
