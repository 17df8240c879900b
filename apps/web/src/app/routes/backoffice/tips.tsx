import { Box, Button, Typography } from '@mui/material';
import type { Tip } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OpenPageButton } from '@/app/routes/backoffice/open-page-button';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { CsvDownloadButtons } from '@/components/csv-download-buttons';
import { detailProps, listProps } from '@/components/data-table';
import { Page } from '@/components/page';
import { downloadTipjarTips, useTipjarTip, useTipjarTips } from '@/features/tips/api/get-tipjar-tips';
import { useTipRefunds } from '@/features/tips/api/refunds';
import { TipWallSwitch } from '@/features/tips/components/tip-wall-switch';
import {
  DEFAULT_TIPS_TABLE_STATE,
  TipDetailDialog,
  TipsTable,
  type TipsTableState,
  useEpisodeName,
} from '@/features/tips/components/tips-table';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Backoffice 'Fooien': the tip jar's tips, newest change first (docs/product.md §9); while none, a button to the page
 * to share. Each message can be shown on the page's supporter wall (a switch in the list and the details).
 * `?episode={id}` (from the Episodes page) lists the tips of that episode only, until the filter is removed.
 */
export default function BackofficeTipsPage() {
  const { t } = useTranslation('tips');
  const { t: tc } = useTranslation();
  const tipjar = useBackofficeTipjar();
  const [params, setParams] = useSearchParams();
  const episodeParam = params.get('episode');
  const [state, setTableState] = useState<TipsTableState>(() => ({
    ...DEFAULT_TIPS_TABLE_STATE,
    episodeId: episodeParam && UUID.test(episodeParam) ? episodeParam : undefined,
  }));
  const setState = (next: TipsTableState) => {
    setTableState(next);
    // The address follows the episode filter, so a reload or a shared link shows the same list.
    if (!next.episodeId && params.has('episode')) setParams({}, { replace: true });
  };
  const query = useTipjarTips(tipjar.id, state);
  const episodeName = useEpisodeName();
  const filteredEpisode = state.episodeId
    ? query.data?.data.find((tip) => tip.episode?.id === state.episodeId)?.episode
    : undefined;
  const [open, setOpen] = useState<Tip | null>(null);
  const detail = useTipjarTip(tipjar.id, open?.id);
  const refunds = useTipRefunds(open?.id, tipjar.id);
  return (
    <Page
      title={t('backoffice.title')}
      actions={
        <CsvDownloadButtons
          label={tc('export.tips')}
          onDownload={(separator) => downloadTipjarTips(tipjar.id, separator)}
        />
      }
    >
      {state.episodeId && (
        <Box
          data-testid="episode-filter"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
        >
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {filteredEpisode
              ? t('episode.filtered', { episode: episodeName(filteredEpisode) })
              : t('episode.filteredUnknown')}
          </Typography>
          <Button size="small" onClick={() => setState({ ...state, page: 1, episodeId: undefined })}>
            {t('episode.showAll')}
          </Button>
        </Box>
      )}
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
