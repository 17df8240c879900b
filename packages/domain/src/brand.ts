/** The brand name; docs/product.md writes it as `{product}`. Overridable by the BRAND_NAME setting. */
export const DEFAULT_BRAND_NAME = 'Podpot';
