import type { AppContext } from '../apps/api/src/context.js';
import type { BenchCase } from './run.js';

/** Hot paths added by later features (storefront, tips, …). Each returns ready-to-run cases. */
export async function extraCases(_env: { base: string; token: string; ctx: AppContext }): Promise<BenchCase[]> {
  return [];
}
