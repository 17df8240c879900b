import { formatTitle } from '@/components/page-title';

export interface ShareMetaProps {
  title: string;
  description: string;
  imageUrl?: string | null;
  url: string;
}

/**
 * Page title ('%s - Podpot'), meta description and Open Graph tags of a shared storefront, rendered as
 * React 19 hoisted <head> elements: they come and go with the page. Crawlers that do not run
 * JavaScript see only index.html's tags: server-side tags are a later step.
 */
export function ShareMeta({ title, description, imageUrl, url }: ShareMetaProps) {
  const fullTitle = formatTitle(title);
  return (
    <>
      <title>{fullTitle}</title>
      {description && <meta name="description" content={description} />}
      <meta property="og:type" content="website" />
      <meta property="og:title" content={fullTitle} />
      {description && <meta property="og:description" content={description} />}
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      <meta property="og:url" content={url} />
    </>
  );
}
