import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

/** Placeholder: the real page arrives with a later issue. */
export default function AdminTipjarsPage() {
  const { t } = useTranslation('admin');
  return <ComingSoon title={t('tipjars.title')} />;
}
