import { useEffect } from 'react';
import { formatTitle } from '@/lib/page-title';

export interface ShareMeta {
  title: string;
  description: string;
  imageUrl?: string | null;
  url: string;
}

/** Sets (or creates) one <meta> tag and returns how to put it back. */
function setMeta(attribute: 'name' | 'property', key: string, content: string | null | undefined): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = !element;
  const previous = element?.getAttribute('content') ?? null;
  if (!content) {
    if (element && !created) element.remove();
    return () => {
      if (element && previous !== null) document.head.append(element);
    };
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.setAttribute('content', content);
  return () => {
    if (created) element?.remove();
    else if (previous !== null) element?.setAttribute('content', previous);
  };
}

/**
 * Page title ('%s - Podpot'), meta description and Open Graph tags of a shared storefront, set on the
 * client. Crawlers that do not run JavaScript see only index.html's tags: server-side tags are a later step.
 */
export function useShareMeta(meta: ShareMeta | null): void {
  const { title, description, imageUrl, url } = meta ?? {};
  useEffect(() => {
    if (!title) return;
    const previousTitle = document.title;
    document.title = formatTitle(title);
    const restore = [
      setMeta('name', 'description', description),
      setMeta('property', 'og:type', 'website'),
      setMeta('property', 'og:title', formatTitle(title)),
      setMeta('property', 'og:description', description),
      setMeta('property', 'og:image', imageUrl),
      setMeta('property', 'og:url', url),
    ];
    return () => {
      document.title = previousTitle;
      for (const undo of restore.reverse()) undo();
    };
  }, [title, description, imageUrl, url]);
}
