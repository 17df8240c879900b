/** The brand name; the spec writes it as `{product}`. Overridable by the BRAND_NAME setting. */
export const DEFAULT_BRAND_NAME = 'Podpot';
