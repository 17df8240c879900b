import '@/features/webhooks/i18n';
import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { Page } from '@/components/page';
import { WebhooksEditor } from '@/features/webhooks/components/webhooks-editor';

/** Backoffice 'Webhooks': the tip jar's signed webhook endpoints and their delivery log (decision 095). */
export default function BackofficeWebhooksPage() {
  const { t } = useTranslation('webhooks');
  const tipjar = useBackofficeTipjar();
  return (
    <Page title={t('title')}>
      <WebhooksEditor tipjarId={tipjar.id} />
    </Page>
  );
}
