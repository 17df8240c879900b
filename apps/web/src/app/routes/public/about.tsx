import { useTranslation } from 'react-i18next';
import { InfoText } from '@/components/info-text';
import { Page } from '@/components/page';

export default function AboutPage() {
  const { t } = useTranslation('info');
  return (
    <Page title={t('about.title')}>
      <InfoText text={t('about.body')} />
    </Page>
  );
}
