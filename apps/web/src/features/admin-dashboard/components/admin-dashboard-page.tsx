import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

/** Placeholder: the real page arrives with a later issue. */
export default function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  return <ComingSoon title={t('dashboard.title')} />;
}
