import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { InfoText } from '@/features/info/components/info-text';

export default function AboutPage() {
  const { t } = useTranslation('info');
  return (
    <Page title={t('about.title')}>
      <InfoText text={t('about.body')} />
    </Page>
  );
}
