import TranslateIcon from '@mui/icons-material/Translate';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localizePath, stripLocale } from '@/config/paths';
import { writeLangCookie } from '@/lib/locale';
import { useLocale } from '@/lib/use-locale';

/** Switches between English (no prefix) and Dutch (/nl) on the same page, and remembers the choice. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const other = locale === 'nl' ? 'en' : 'nl';
  return (
    <Button
      color="inherit"
      startIcon={<TranslateIcon />}
      aria-label={t('language.switchTo', { language: t(`language.${other}`) })}
      lang={other}
      onClick={() => {
        writeLangCookie(other);
        navigate(localizePath(stripLocale(location.pathname), other) + location.search + location.hash);
      }}
    >
      {t(`language.short.${other}`)}
    </Button>
  );
}
