import { formatTitle } from '@/components/page-title';
import { env } from '@/config/env';

export interface ShareMetaProps {
  title: string;
  description: string;
  imageUrl?: string | null;
  url: string;
}

/**
 * Page title ('%s - Podpot'), meta description, canonical link and Open Graph / Twitter tags of a shared
 * storefront, rendered as React 19 hoisted <head> elements: they come and go with the page. The same
 * set as the server writes for crawlers into the first HTML (apps/api plugins/web.ts; main.tsx drops
 * those copies when the app starts).
 */
export function ShareMeta({ title, description, imageUrl, url }: ShareMetaProps) {
  const fullTitle = formatTitle(title);
  return (
    <>
      <title>{fullTitle}</title>
      {description && <meta name="description" content={description} />}
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={env.brandName} />
      <meta property="og:title" content={fullTitle} />
      {description && <meta property="og:description" content={description} />}
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
    </>
  );
}
