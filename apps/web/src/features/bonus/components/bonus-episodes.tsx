import '@/features/bonus/i18n';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, Chip, LinearProgress, List, ListItem, Paper, Typography } from '@mui/material';
import { BONUS_EPISODES_MAX, type BonusEpisode, type Level } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useBonusEpisodes, useDeleteBonusEpisode, useTipjarLevels } from '@/features/bonus/api/bonus-episodes';
import { audioKind, isScheduled } from '@/features/bonus/rules';
import { useFormat } from '@/lib/format';
import { notifySuccess } from '@/lib/notifications';
import { BonusEpisodeDialog } from './bonus-episode-dialog';
import { useSizeText } from './size-text';

/**
 * The backoffice's bonus episodes of a tip jar (issue 40): newest first, each with its publish date
 * (or 'scheduled'), who may hear it and its audio (or the warning that it has none yet, so is not in
 * the feed); new, edit and delete (confirmed). Empty: what the private supporter feed is.
 */
export function BonusEpisodes({ tipjarId }: { tipjarId: string }) {
  const { t } = useTranslation(['bonus', 'common']);
  const episodes = useBonusEpisodes(tipjarId);
  const levels = useTipjarLevels(tipjarId);
  const remove = useDeleteBonusEpisode(tipjarId);
  const [editing, setEditing] = useState<BonusEpisode | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BonusEpisode | null>(null);
  const rows = episodes.data?.data ?? [];
  const full = rows.length >= BONUS_EPISODES_MAX;

  return (
    <Box component="section" aria-labelledby="bonus-episodes-title" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="bonus-episodes-title" variant="h2" sx={{ fontSize: '1.3rem', flexGrow: 1 }}>
          {t('list.label')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing('new')}
          disabled={!episodes.isSuccess || full}
        >
          {t('new')}
        </Button>
      </Box>
      {full && <Alert severity="info">{t('maxReached', { max: BONUS_EPISODES_MAX })}</Alert>}
      <Paper>
        {episodes.isPending && <LinearProgress aria-label={t('common:loading')} />}
        {episodes.isError && <Alert severity="error">{t('loadError')}</Alert>}
        {episodes.isSuccess && rows.length === 0 && (
          <Box sx={{ p: 3 }} data-testid="bonus-empty">
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              {t('empty.title')}
            </Typography>
            <Typography>{t('empty.text')}</Typography>
          </Box>
        )}
        {rows.length > 0 && (
          <List disablePadding aria-labelledby="bonus-episodes-title">
            {rows.map((episode) => (
              <EpisodeRow
                key={episode.id}
                episode={episode}
                levels={levels.data}
                onEdit={() => setEditing(episode)}
                onDelete={() => setDeleting(episode)}
              />
            ))}
          </List>
        )}
      </Paper>
      {editing && (
        <BonusEpisodeDialog
          key={editing === 'new' ? 'new' : editing.id}
          tipjarId={tipjarId}
          episode={editing === 'new' ? undefined : editing}
          levels={levels.data ?? []}
          levelsFailed={levels.isError}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title', { title: deleting?.title ?? '' })}
        text={t('delete.text')}
        confirmLabel={t('delete.confirm')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            notifySuccess(t('delete.done'));
          } catch {
            // The api client's toast has said why.
          }
          setDeleting(null);
        }}
      />
    </Box>
  );
}

function EpisodeRow({
  episode,
  levels,
  onEdit,
  onDelete,
}: {
  episode: BonusEpisode;
  levels: readonly Level[] | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('bonus');
  const format = useFormat();
  const sizeText = useSizeText();
  const scheduled = isScheduled(episode);
  const level = episode.levelId ? levels?.find((l) => l.id === episode.levelId) : undefined;
  const who =
    episode.levelId === null
      ? t('list.allSupporters')
      : level
        ? t('list.level', { name: level.name })
        : levels
          ? t('list.unknownLevel')
          : '…';
  return (
    <ListItem
      divider
      data-testid="bonus-episode-row"
      sx={{ px: 3, py: 2, gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
          {episode.title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
          {scheduled ? (
            <Chip
              size="small"
              color="info"
              label={t('list.scheduled', { date: format.dateTime(episode.publishedAt) })}
            />
          ) : (
            <Chip size="small" label={t('list.published', { date: format.date(episode.publishedAt) })} />
          )}
          <Chip size="small" variant="outlined" label={who} />
        </Box>
        {episode.audio ? (
          <Typography variant="body2" color="text.secondary">
            {t('list.audio', { kind: audioKind(episode.audio.type), size: sizeText(episode.audio.bytes) })}
          </Typography>
        ) : (
          <Typography variant="body2" color="warning.dark" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
            <WarningAmberIcon fontSize="small" aria-hidden="true" />
            {t('list.noAudio')}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          startIcon={<EditIcon />}
          onClick={onEdit}
          aria-label={t('list.editLabel', { title: episode.title })}
        >
          {t('list.edit')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={onDelete}
          aria-label={t('list.deleteLabel', { title: episode.title })}
        >
          {t('list.delete')}
        </Button>
      </Box>
    </ListItem>
  );
}
