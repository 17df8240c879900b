import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

/** Placeholder: the real page arrives with a later issue. */
export default function BackofficeSettingsPage() {
  const { t } = useTranslation('backoffice');
  return <ComingSoon title={t('settings.title')} />;
}
