import { CssBaseline } from '@mui/material';
import { nlNL } from '@mui/material/locale';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { theme } from '@/app/theme';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';

/** The theme with MUI's own texts (pagination, autocomplete, alerts) in the page's language. */
function LocalizedTheme({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const dutch = current.language === 'nl';
  const localized = useMemo(() => (dutch ? createTheme(theme, nlNL) : theme), [dutch]);
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalizedTheme>
          <CssBaseline />
          {children}
        </LocalizedTheme>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
