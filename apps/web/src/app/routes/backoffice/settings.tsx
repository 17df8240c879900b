import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { Page } from '@/components/page';
import { ApiTokensSection } from '@/features/api-tokens/components/api-tokens-section';
import { FeedField } from '@/features/feeds/components/feed-field';
import { FeedVerification } from '@/features/feeds/components/feed-verification';
import { TipjarAdminsEditor } from '@/features/tipjars/components/tipjar-admins';
import { TipjarGoalForm } from '@/features/tipjars/components/tipjar-goal-form';
import { TipjarLevelsEditor } from '@/features/tipjars/components/tipjar-levels-editor';
import { TipjarSettingsForm } from '@/features/tipjars/components/tipjar-settings';

/** Backoffice settings: the tip jar's public details and notifications, its feed's ownership, its monthly goal, its levels, its admins, and its personal API tokens (decision 096). */
export default function BackofficeSettingsPage() {
  const { t } = useTranslation(['tipjar', 'common']);
  const tipjar = useBackofficeTipjar();
  return (
    <Page title={t('settings.title')}>
      <TipjarSettingsForm key={tipjar.id} tipjar={tipjar} feedField={FeedField} />
      <FeedVerification tipjar={tipjar} />
      <TipjarGoalForm key={`goal-${tipjar.id}`} tipjar={tipjar} />
      <TipjarLevelsEditor key={`levels-${tipjar.id}`} tipjarId={tipjar.id} />
      <TipjarAdminsEditor tipjar={tipjar} />
      <ApiTokensSection tipjarId={tipjar.id} />
    </Page>
  );
}
