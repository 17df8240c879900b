import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

export default function Page() {
  const { t } = useTranslation('admin');
  return <ComingSoon title={t('users.title')} />;
}
