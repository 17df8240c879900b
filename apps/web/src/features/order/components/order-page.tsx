import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

/** Placeholder: the real page arrives with a later issue. */
export default function OrderPage() {
  const { t } = useTranslation('podcastmaker');
  return <ComingSoon title={t('order.pageTitle')} />;
}
