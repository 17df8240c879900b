import { type Addon, parseEuroToCents } from '@podpot/domain';
import type { BackofficeTipjar } from '@/features/tipjars/api/get-tipjar-by-slug';

/** Rules of ordering and running a tip jar that the web app applies, each tested on its own (rules.test.ts). */

/** The slug suggestion from a name is a domain rule (the API suggests slugs from a feed's title too). */
export { slugify } from '@podpot/domain';

/** The Podpot order of a tip jar: its newest TIPJAR add-on. */
export function findTipjarAddon(tipjar: Pick<BackofficeTipjar, 'addons'>): Addon | undefined {
  return [...tipjar.addons]
    .filter((addon) => addon.type.unlocks === 'TIPJAR')
    .sort((a, b) => b.created.localeCompare(a.created))[0];
}

/** docs/product.md §4: a created or pending transaction shows the status (step 1); otherwise the method chooser (step 2). */
export function retryStepFor(addon: Addon): 1 | 2 {
  const status = addon.oppTransaction?.status;
  return (status === 'created' || status === 'pending') && addon.oppTransaction?.redirectUrl ? 1 : 2;
}

/** '3 5,50 10' → [300, 550, 1000]; null when any amount is not a number. Amounts are separated by spaces or ';'. */
export function parsePresetAmounts(input: string): number[] | null {
  const parts = input.split(/[\s;]+/).filter(Boolean);
  const cents = parts.map(parseEuroToCents);
  return cents.every((value): value is number => value !== null) ? cents : null;
}
