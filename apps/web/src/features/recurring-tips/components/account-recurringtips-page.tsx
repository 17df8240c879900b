import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

/** Placeholder: the real page arrives with a later issue. */
export default function AccountRecurringtipsPage() {
  const { t } = useTranslation('account');
  return <ComingSoon title={t('recurringtips.title')} />;
}
