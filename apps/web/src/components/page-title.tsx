import { env } from '@/config/env';

/** The page title template (docs/product.md §9) '%s - {product}'. */
export const TITLE_TEMPLATE = `%s - ${env.brandName}`;

export function formatTitle(title: string): string {
  return TITLE_TEMPLATE.replace('%s', title);
}

/**
 * The document title ('%s - Podpot'; the brand alone without `title`). React 19 hoists <title> into
 * <head> and the one mounted last wins, so a page's title covers the root shell's and goes away with it.
 */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? formatTitle(title) : env.brandName}</title>;
}
