import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { Page } from '@/components/page';
import { MerchantRegistration } from '@/features/merchants/components/merchant-registration';

/** Backoffice 'Registratie': the tip jar's registration with the payment provider. */
export default function BackofficeRegistrationPage() {
  const { t } = useTranslation('tipjar');
  const tipjar = useBackofficeTipjar();
  return (
    <Page title={t('registration.title')}>
      <MerchantRegistration tipjar={tipjar} />
    </Page>
  );
}
