import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { Page } from '@/components/page';
import { TipjarAdminsEditor, TipjarSettingsForm } from '@/features/tipjars/components/tipjar-settings';

/** Backoffice settings: the tip jar's public details and notifications, and its admins. */
export default function BackofficeSettingsPage() {
  const { t } = useTranslation(['tipjar', 'common']);
  const tipjar = useBackofficeTipjar();
  return (
    <Page title={t('settings.title')}>
      <TipjarSettingsForm key={tipjar.id} tipjar={tipjar} />
      <TipjarAdminsEditor tipjar={tipjar} />
    </Page>
  );
}
