import { useTranslation } from 'react-i18next';
import { InfoText } from '@/components/info-text';
import { Page } from '@/components/page';

export default function TermsofusePage() {
  const { t } = useTranslation('info');
  return (
    <Page title={t('termsofuse.title')}>
      <InfoText text={t('termsofuse.body')} />
    </Page>
  );
}
