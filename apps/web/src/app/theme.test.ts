import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { PRIMARY_HOVER, theme } from '@/app/theme';

/**
 * The CSS of the two entries that style their buttons themselves (the storefront and the landing page),
 * read from disk: the test run turns CSS imports (`?raw` too) into empty strings, and the web project
 * has no Node types, hence the typed lookup of Node's fs module.
 */
const fs = (
  globalThis as unknown as {
    process: { getBuiltinModule(id: 'node:fs'): { readFileSync(file: string, encoding: 'utf8'): string } };
  }
).process.getBuiltinModule('node:fs');
const cssOf = (file: string) => fs.readFileSync(decodeURIComponent(new URL(file, import.meta.url).pathname), 'utf8');
const storefrontCss = cssOf('../storefront/storefront.css');
const homeCss = cssOf('../home/home.css');

/** The background of the first rule whose selector is `selector` in `text`. */
function hoverBackground(text: string, selector: string): string | undefined {
  const start = text.indexOf(`${selector} {`);
  if (start < 0) return undefined;
  return /background:\s*(#[0-9a-f]{6})/i.exec(text.slice(start, text.indexOf('}', start)))?.[1];
}

describe('primary buttons under the pointer', () => {
  it('keep their text at 4.5:1 or more (WCAG AA) in the app', () => {
    const { dark, contrastText } = theme.palette.primary;
    expect(dark).toBe(PRIMARY_HOVER);
    expect(getContrastRatio(dark, contrastText)).toBeGreaterThanOrEqual(4.5);
  });

  it('keep their text at 4.5:1 or more on the storefront and the landing page', () => {
    const storefront = hoverBackground(storefrontCss, '.sf-contained:hover');
    const home = hoverBackground(homeCss, '.lp .lp-primary:hover');
    for (const background of [storefront, home]) {
      expect(background?.toLowerCase()).toBe(PRIMARY_HOVER);
      expect(getContrastRatio(background!, '#1b1b1b')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
