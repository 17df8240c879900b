import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

/** Placeholder: the real page arrives with a later issue. */
export default function BackofficeSettlementsPage() {
  const { t } = useTranslation('backoffice');
  return <ComingSoon title={t('settlements.title')} />;
}
