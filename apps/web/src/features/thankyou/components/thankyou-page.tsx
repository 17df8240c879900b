import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

/** Placeholder: the real page arrives with a later issue. */
export default function ThankyouPage() {
  const { t } = useTranslation('info');
  return <ComingSoon title={t('thankyou.title')} />;
}
