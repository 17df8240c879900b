import { CHARGE_RETRY_DAYS, MAX_CHARGE_ATTEMPTS, type RecurringTip } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenPageButton } from '@/app/routes/backoffice/open-page-button';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { CsvDownloadButtons } from '@/components/csv-download-buttons';
import { detailProps, listProps, type TableState } from '@/components/data-table';
import { Page } from '@/components/page';
import {
  downloadTipjarRecurringTips,
  useTipjarRecurringTip,
  useTipjarRecurringTips,
} from '@/features/recurring-tips/api/get-tipjar-recurring-tips';
import {
  DEFAULT_RECURRING_TIPS_TABLE_STATE,
  RecurringTipDetailDialog,
  RecurringTipsTable,
} from '@/features/recurring-tips/components/recurring-tips-table';

/** Backoffice 'Maandelijkse fooien': the tip jar's monthly tips, newest first (docs/product.md §9), with their charges. */
export default function BackofficeRecurringtipsPage() {
  const { t } = useTranslation('recurringtips');
  const { t: tc } = useTranslation();
  const tipjar = useBackofficeTipjar();
  const [state, setState] = useState<TableState>(DEFAULT_RECURRING_TIPS_TABLE_STATE);
  const query = useTipjarRecurringTips(tipjar.id, state);
  const [open, setOpen] = useState<RecurringTip | null>(null);
  const detail = useTipjarRecurringTip(tipjar.id, open?.id);
  return (
    <Page
      title={t('backoffice.title')}
      subtitle={t('backoffice.intro', { attempts: MAX_CHARGE_ATTEMPTS, days: CHARGE_RETRY_DAYS })}
      actions={
        <CsvDownloadButtons
          label={tc('export.monthlyTips')}
          onDownload={(separator) => downloadTipjarRecurringTips(tipjar.id, separator)}
        />
      }
    >
      <RecurringTipsTable
        label={t('backoffice.title')}
        {...listProps(query)}
        state={state}
        onState={setState}
        onOpen={setOpen}
        empty={{ text: t('backoffice.empty'), action: <OpenPageButton label={t('backoffice.openPage')} /> }}
      />
      <RecurringTipDetailDialog {...detailProps(open, detail)} onClose={() => setOpen(null)} />
    </Page>
  );
}
