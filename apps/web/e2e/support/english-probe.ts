import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  ADDON_TYPES,
  INVOICE_STATUSES,
  OPP_TRANSACTION_STATUSES,
  ROLES,
  TIP_PRIVACY,
  TIP_STATUSES,
  TIPJAR_STATUSES,
  TIPJAR_TYPES,
} from '@podpot/domain';

/**
 * Finds English on a Dutch page (issue 13, bug 6): what a Dutch reader would notice as untranslated.
 * Looks at the visible text and the labels a screen reader reads (aria-label, title, placeholder):
 * - every English catalog text that differs from its Dutch one (its literal parts of 2+ words);
 * - MUI's own English labels (pagination, autocomplete, alerts);
 * - English sentences the API or a component writes itself ('Platform fee on …', '… and …');
 * - US dates (11/23/2026);
 * - raw enum values shown as they are stored (TIPJAR, expired, AWAITING_PAYMENT).
 */

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/locales');

function leaves(value: unknown, prefix: string, out: Map<string, string>) {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, out);
}

function catalog(lng: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(path.join(LOCALES, lng))) {
    leaves(JSON.parse(readFileSync(path.join(LOCALES, lng, file), 'utf8')), file.replace(/\.json$/, ''), out);
  }
  return out;
}

/** The literal parts (between {{placeholders}} and markup) of English texts that Dutch says otherwise. */
function englishOnlyFragments(): string[] {
  const en = catalog('en');
  const nl = catalog('nl');
  const fragments = new Set<string>();
  for (const [key, text] of en) {
    if (nl.get(key) === text) continue;
    for (const part of text.split(/\{\{[^}]*\}\}|<[^>]*>|[()[\]:;.,!?'"“”‘’…]/)) {
      const fragment = part.trim();
      // Two words or more: single words ('Status', 'Type', 'Live') are Dutch as well.
      if (fragment.split(/\s+/).length >= 2 && fragment.length >= 8) fragments.add(fragment);
    }
  }
  return [...fragments];
}

const MUI_ENGLISH = [
  'Go to first page',
  'Go to last page',
  'Go to next page',
  'Go to previous page',
  'Rows per page',
  'No options',
  'pagination navigation',
  'Show path',
];

/** English that no catalog holds: sentences built in code, and common English words. */
const ENGLISH_WORDS = /\b(Platform fee|refunds? and chargebacks?|the|and|with|your|from|this|per month)\b/;
const US_DATE = /\b\d{1,2}\/\d{1,2}\/\d{4}\b/;
/** Stored values that have a label: shown as they are, they are untranslated (TIPJAR, expired, LIVE). */
const RAW_ENUMS = new Set<string>([
  ...ADDON_TYPES,
  ...TIPJAR_STATUSES.filter((status) => status !== 'LIVE'),
  ...TIPJAR_TYPES,
  ...ROLES,
  ...TIP_PRIVACY,
  ...TIP_STATUSES,
  ...OPP_TRANSACTION_STATUSES,
  ...INVOICE_STATUSES,
  // The provider's merchant, compliance and bank account statuses.
  ...['new', 'pending', 'live', 'suspended', 'terminated', 'unverified', 'verified', 'approved', 'disapproved'],
]);

export interface EnglishFinding {
  kind: string;
  text: string;
}

const fragments = englishOnlyFragments();

/** What on the page (main content, dialogs, menus) reads as English. */
export async function findEnglish(page: Page): Promise<EnglishFinding[]> {
  const seen = await page.evaluate(() => {
    const texts: string[] = [];
    const leavesText: string[] = [];
    const labels: string[] = [];
    // biome-ignore lint/performance/useDomNodeTextContent: what a reader sees, as laid out (hidden text left out).
    texts.push(document.body.innerText);
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (element.closest('script,style,noscript')) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(attribute);
        if (value) labels.push(value);
      }
      if (element.children.length === 0 && element.offsetParent !== null) {
        // biome-ignore lint/performance/useDomNodeTextContent: what a reader sees, as laid out (hidden text left out).
        const text = element.innerText?.trim();
        if (text) leavesText.push(text);
      }
    }
    return { text: texts.join('\n'), leaves: leavesText, labels };
  });
  const findings: EnglishFinding[] = [];
  const all = `${seen.text}\n${seen.labels.join('\n')}`;
  for (const fragment of fragments) if (all.includes(fragment)) findings.push({ kind: 'catalog', text: fragment });
  for (const label of MUI_ENGLISH) if (all.includes(label)) findings.push({ kind: 'mui', text: label });
  for (const line of all.split('\n')) {
    if (ENGLISH_WORDS.test(line)) findings.push({ kind: 'english', text: line.trim().slice(0, 120) });
    if (US_DATE.test(line)) findings.push({ kind: 'us-date', text: line.trim().slice(0, 120) });
  }
  for (const leaf of seen.leaves) {
    const parts = leaf.split(/\s*\/\s*/);
    if (parts.some((part) => RAW_ENUMS.has(part))) findings.push({ kind: 'raw-enum', text: leaf.slice(0, 120) });
  }
  return findings;
}
