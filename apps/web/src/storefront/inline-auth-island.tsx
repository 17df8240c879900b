import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { theme } from '@/app/theme';
import type { AppLocale } from '@/config/paths';
import { inlineSecondStep } from '@/features/two-step/components/login-second-step';
import { i18n } from '@/lib/i18n';
import { InlineAuth } from '@/storefront/inline-auth';

/**
 * The monthly tip's inline login/register inside the storefront's small entry: the full app's panel
 * (MUI, i18next, react-hook-form, the login and register rules) in a chunk of its own, loaded only when
 * a listener without an account chooses a monthly tip. It shares lib/auth with the storefront, so a
 * login here shows at once in the form (after the second step, for an account with two-step login).
 */
export default function InlineAuthIsland({ locale }: { locale: AppLocale }) {
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        {/* Once passed, lib/auth has the session and the tip form shows the account instead of this panel. */}
        <InlineAuth locale={locale} secondStep={inlineSecondStep} />
      </ThemeProvider>
    </I18nextProvider>
  );
}
