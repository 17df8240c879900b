import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button } from '@mui/material';
import type { Tip } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { detailProps, listProps } from '@/components/data-table';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { useTipjarTip, useTipjarTips } from '@/features/tips/api/get-tipjar-tips';
import { useTipRefunds } from '@/features/tips/api/refunds';
import {
  DEFAULT_TIPS_TABLE_STATE,
  TipDetailDialog,
  TipsTable,
  type TipsTableState,
} from '@/features/tips/components/tips-table';
import { useLocalePath } from '@/lib/use-locale';

/** Backoffice 'Fooien': the tip jar's tips, newest change first (spec §9); while none, a button to the page to share. */
export default function BackofficeTipsPage() {
  const { t } = useTranslation('tips');
  const tipjar = useBackofficeTipjar();
  const [state, setState] = useState<TipsTableState>(DEFAULT_TIPS_TABLE_STATE);
  const query = useTipjarTips(tipjar.id, state);
  const [open, setOpen] = useState<Tip | null>(null);
  const detail = useTipjarTip(tipjar.id, open?.id);
  const refunds = useTipRefunds(open?.id, tipjar.id);
  const storefront = useLocalePath()(routePath('storefront', { tipjarslug: tipjar.slug }));
  return (
    <Page title={t('backoffice.title')}>
      <TipsTable
        label={t('backoffice.title')}
        {...listProps(query)}
        state={state}
        onState={setState}
        onOpen={setOpen}
        empty={{
          text: t('backoffice.empty'),
          action: (
            <Button variant="contained" href={storefront} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />}>
              {t('backoffice.openPage')}
            </Button>
          ),
        }}
      />
      <TipDetailDialog {...detailProps(open, detail)} refunds={refunds.data?.data} onClose={() => setOpen(null)} />
    </Page>
  );
}
