import { useEffect } from 'react';
import { env } from '@/config/env';

/** The spec's page title template '%s - {product}'. */
export const TITLE_TEMPLATE = `%s - ${env.brandName}`;

export function formatTitle(title: string): string {
  return TITLE_TEMPLATE.replace('%s', title);
}

export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? formatTitle(title) : env.brandName;
  }, [title]);
}
