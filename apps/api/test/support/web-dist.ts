import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A page of a stand-in web build: an empty `#root`, and the entry script when one is named. */
export function pageHtml(script?: string): string {
  const entry = script ? `<script type="module" src="${script}"></script>` : '';
  return `<!doctype html>\n<html lang="en"><head><title>Podpot</title>${entry}</head><body><div id="root"></div></body></html>`;
}

/**
 * A stand-in for apps/web/dist in a new temporary folder: `files` (path → content, folders made as
 * needed), e.g. index.html and the server build `.ssr/server.mjs`. Answers the folder (remove it after).
 */
export async function makeWebDist(prefix: string, files: Record<string, string>): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), prefix));
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await writeFile(path.join(dist, file), content);
  }
  return dist;
}
