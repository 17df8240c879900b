import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { InfoText } from '@/features/info/components/info-text';

export default function TermsofusePage() {
  const { t } = useTranslation('info');
  return (
    <Page title={t('termsofuse.title')}>
      <InfoText text={t('termsofuse.body')} />
    </Page>
  );
}
