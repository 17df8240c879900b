import { addCatalogs } from '@/lib/i18n';

/*
 * The 'webhooks' strings come with this feature's chunk, not in the main bundle (decision 093): every
 * component of the feature imports this module first, so its strings are there before it renders.
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/webhooks.json', {
  eager: true,
  import: 'default',
});
addCatalogs('webhooks', {
  en: files['../../locales/en/webhooks.json'] ?? {},
  nl: files['../../locales/nl/webhooks.json'] ?? {},
});
