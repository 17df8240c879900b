import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { type AppLocale, localeFromPath, localizePath } from '@/config/paths';

/** The locale of the current URL (/nl prefix = nl). */
export function useLocale(): AppLocale {
  return localeFromPath(useLocation().pathname);
}

/** Turns an unprefixed app path into one for the current locale. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
