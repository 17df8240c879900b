import DownloadIcon from '@mui/icons-material/Download';
import UndoIcon from '@mui/icons-material/Undo';
import { Button } from '@mui/material';
import type { Tip } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detailProps, listProps } from '@/components/data-table';
import { Page } from '@/components/page';
import { useTipjarNames } from '@/features/tipjars/api/get-tipjar-names';
import { exportTips, useAdminTip, useAdminTips } from '@/features/tips/api/get-tips';
import { useTipRefunds } from '@/features/tips/api/refunds';
import { RefundDialog } from '@/features/tips/components/refund-dialog';
import {
  DEFAULT_TIPS_TABLE_STATE,
  TipDetailDialog,
  TipsTable,
  type TipsTableState,
} from '@/features/tips/components/tips-table';
import { refundableOf } from '@/features/tips/rules';
import { notifyError } from '@/lib/notifications';

/** Admin 'Fooien': the tips of every tip jar, with a CSV export of the current selection. */
export default function AdminTipsPage() {
  const { t } = useTranslation('tips');
  const [state, setState] = useState<TipsTableState>(DEFAULT_TIPS_TABLE_STATE);
  const query = useAdminTips(state);
  const names = useTipjarNames().data;
  const [open, setOpen] = useState<Tip | null>(null);
  const detail = useAdminTip(open?.id);
  const refunds = useTipRefunds(open?.id);
  const [refunding, setRefunding] = useState(false);
  const shown = detail.data ?? open ?? undefined;
  const [exporting, setExporting] = useState(false);
  const tipjarName = (id: string) => names?.get(id) ?? id.slice(0, 8);

  const onExport = async () => {
    setExporting(true);
    try {
      await exportTips(state);
    } catch {
      notifyError(t('admin.exportError'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Page
      title={t('admin.title')}
      actions={
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={onExport} disabled={exporting}>
          {t('admin.export')}
        </Button>
      }
    >
      <TipsTable
        label={t('admin.title')}
        {...listProps(query)}
        state={state}
        onState={setState}
        onOpen={setOpen}
        tipjarName={tipjarName}
        showEmail
      />
      <TipDetailDialog
        {...detailProps(open, detail)}
        tipjarName={open ? tipjarName(open.tipjarId) : undefined}
        refunds={refunds.data?.data}
        actions={
          shown?.refundable && refundableOf(shown) > 0 ? (
            <Button variant="outlined" color="error" startIcon={<UndoIcon />} onClick={() => setRefunding(true)}>
              {t('refunds.action')}
            </Button>
          ) : undefined
        }
        onClose={() => setOpen(null)}
      />
      {shown && (
        <RefundDialog
          key={`${shown.id}-${shown.refundedAmount}`}
          tip={shown}
          open={refunding}
          onClose={() => setRefunding(false)}
        />
      )}
    </Page>
  );
}
