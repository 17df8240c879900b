import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { type Boost, formatBoostMoment, formatCents } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEpisodeBoosts, useSetBoostRead } from '@/features/tips/api/episode-boosts';
import { useLocale } from '@/lib/use-locale';

/** An episode with paid boosts, as the Episodes page counts them. */
export interface BoostedEpisode {
  id: string;
  name: string;
  count: number;
  open: number;
}

/**
 * The Episodes page's "Read on air" (issue 41 part 5, decision 097): per episode with boosts, how many
 * are still to read, and — opened — its messages by moment (12:34), name, amount and a done tick.
 */
export function ReadOnAir({ tipjarId, episodes }: { tipjarId: string; episodes: readonly BoostedEpisode[] }) {
  const { t } = useTranslation('boosts');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="read-on-air-title"
      data-testid="read-on-air"
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Typography id="read-on-air-title" variant="h3" component="h2" gutterBottom>
        {t('episodes.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('episodes.intro')}
      </Typography>
      {episodes.length === 0 ? (
        <Typography color="text.secondary" data-testid="read-on-air-empty">
          {t('episodes.none')}
        </Typography>
      ) : (
        episodes.map((episode) => <EpisodeBoosts key={episode.id} tipjarId={tipjarId} episode={episode} />)
      )}
    </Paper>
  );
}

function EpisodeBoosts({ tipjarId, episode }: { tipjarId: string; episode: BoostedEpisode }) {
  const { t } = useTranslation('boosts');
  const [open, setOpen] = useState(false);
  const summaryId = `boosts-${episode.id}`;
  return (
    <Accordion expanded={open} onChange={(_, expanded) => setOpen(expanded)} data-testid="boost-episode" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={summaryId} aria-controls={`${summaryId}-list`}>
        <Typography>
          {t('episodes.episodeSummary', { title: episode.name, open: episode.open, count: episode.count })}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${summaryId}-list`}>
        {open && <BoostList tipjarId={tipjarId} episodeId={episode.id} />}
      </AccordionDetails>
    </Accordion>
  );
}

function BoostList({ tipjarId, episodeId }: { tipjarId: string; episodeId: string }) {
  const { t } = useTranslation('boosts');
  const query = useEpisodeBoosts(tipjarId, episodeId);
  const tick = useSetBoostRead(tipjarId, episodeId);
  if (query.isPending) return <LinearProgress aria-label={t('episodes.loading')} />;
  if (query.isError) return <Alert severity="error">{t('episodes.loadError')}</Alert>;
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {tick.isError && (
        <Alert severity="error" component="li">
          {t('episodes.saveError')}
        </Alert>
      )}
      {query.data.boosts.map((boost) => (
        <BoostRow
          key={boost.id}
          boost={boost}
          // While the tick is saved it shows as ticked (or not) already.
          pending={tick.isPending && tick.variables?.tipId === boost.id ? tick.variables.read : undefined}
          onTick={(read) => tick.mutate({ tipId: boost.id, read })}
        />
      ))}
    </Stack>
  );
}

function BoostRow({
  boost,
  pending,
  onTick,
}: {
  boost: Boost;
  /** The tick being saved, if any. */
  pending?: boolean;
  onTick: (read: boolean) => void;
}) {
  const { t } = useTranslation('boosts');
  const locale = useLocale();
  const moment =
    boost.moment === null ? t('episodes.noMoment') : t('episodes.moment', { moment: formatBoostMoment(boost.moment) });
  const name = boost.displayName ?? t('episodes.anonymous');
  return (
    <Box
      component="li"
      data-testid="boost-row"
      data-read={boost.readAt ? 'true' : 'false'}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5, opacity: boost.readAt ? 0.7 : 1 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
        <Typography component="span" fontWeight={700} data-testid="boost-moment">
          {moment}
        </Typography>
        <Typography component="span" dir="auto">
          {name}
        </Typography>
        <Typography component="span" color="text.secondary">
          {formatCents(boost.amount, locale)}
        </Typography>
      </Box>
      <Typography
        dir="auto"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 0.5 }}
        data-testid="boost-message"
      >
        {boost.message}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={pending ?? boost.readAt !== null}
            disabled={pending !== undefined}
            onChange={(event) => onTick(event.target.checked)}
            slotProps={{ input: { 'aria-label': t('episodes.doneLabel', { name, moment }) } }}
            data-testid="boost-done"
          />
        }
        label={t('episodes.done')}
      />
    </Box>
  );
}
