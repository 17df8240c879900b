import { SENT_MAIL_KEPT_DAYS } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { InfoText } from '@/components/info-text';
import { Page } from '@/components/page';

export default function PrivacyPage() {
  const { t } = useTranslation('info');
  return (
    <Page title={t('privacy.title')}>
      <InfoText text={t('privacy.body', { mailDays: SENT_MAIL_KEPT_DAYS })} />
    </Page>
  );
}
