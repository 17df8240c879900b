import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { InfoText } from '@/features/info/components/info-text';

export default function PrivacyPage() {
  const { t } = useTranslation('info');
  return (
    <Page title={t('privacy.title')}>
      <InfoText text={t('privacy.body')} />
    </Page>
  );
}
