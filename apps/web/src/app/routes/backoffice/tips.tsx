import type { Tip } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenPageButton } from '@/app/routes/backoffice/open-page-button';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { detailProps, listProps } from '@/components/data-table';
import { Page } from '@/components/page';
import { useTipjarTip, useTipjarTips } from '@/features/tips/api/get-tipjar-tips';
import { useTipRefunds } from '@/features/tips/api/refunds';
import { TipWallSwitch } from '@/features/tips/components/tip-wall-switch';
import {
  DEFAULT_TIPS_TABLE_STATE,
  TipDetailDialog,
  TipsTable,
  type TipsTableState,
} from '@/features/tips/components/tips-table';

/**
 * Backoffice 'Fooien': the tip jar's tips, newest change first (spec §9); while none, a button to the page
 * to share. Each message can be shown on the page's supporter wall (a switch in the list and the details).
 */
export default function BackofficeTipsPage() {
  const { t } = useTranslation('tips');
  const tipjar = useBackofficeTipjar();
  const [state, setState] = useState<TipsTableState>(DEFAULT_TIPS_TABLE_STATE);
  const query = useTipjarTips(tipjar.id, state);
  const [open, setOpen] = useState<Tip | null>(null);
  const detail = useTipjarTip(tipjar.id, open?.id);
  const refunds = useTipRefunds(open?.id, tipjar.id);
  return (
    <Page title={t('backoffice.title')}>
      <TipsTable
        label={t('backoffice.title')}
        {...listProps(query)}
        state={state}
        onState={setState}
        onOpen={setOpen}
        wallSwitch={(tip) => <TipWallSwitch tipjarId={tipjar.id} tip={tip} />}
        empty={{ text: t('backoffice.empty'), action: <OpenPageButton label={t('backoffice.openPage')} /> }}
      />
      <TipDetailDialog
        {...detailProps(open, detail)}
        refunds={refunds.data?.data}
        onClose={() => setOpen(null)}
        actions={detail.data && <TipWallSwitch tipjarId={tipjar.id} tip={detail.data} withLabel />}
      />
    </Page>
  );
}
