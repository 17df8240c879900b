import '@/features/bonus/i18n';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import {
  BONUS_ARTWORK_MAX_BYTES,
  BONUS_AUDIO_MAX_BYTES,
  BONUS_DESCRIPTION_MAX,
  type BonusEpisode,
  BonusEpisodeInputSchema,
  formatCents,
  type Level,
} from '@podpot/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { bonusKey, useSaveBonusEpisode } from '@/features/bonus/api/bonus-episodes';
import { uploadBonusFile } from '@/features/bonus/api/upload-bonus-file';
import {
  ARTWORK_ACCEPT,
  AUDIO_ACCEPT,
  artworkTypeOf,
  audioKind,
  audioTypeOf,
  checkArtwork,
  checkAudio,
  durationText,
  fromLocalInput,
  parseDuration,
  toLocalInput,
} from '@/features/bonus/rules';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-errors';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import { notifySuccess } from '@/lib/notifications';
import { useLocale } from '@/lib/use-locale';
import { usePhone } from '@/lib/use-phone';
import { FileField } from './file-field';
import { useSizeText } from './size-text';

/** The form's own shape: the contract's title, and the date, level and duration as their fields hold them. */
const BonusFormSchema = z.object({
  title: BonusEpisodeInputSchema.shape.title,
  description: z.string().max(BONUS_DESCRIPTION_MAX),
  publishedAt: z.string().refine((value) => fromLocalInput(value) !== null, { message: 'required' }),
  levelId: z.string(),
  duration: z
    .string()
    .max(10)
    .refine((value) => parseDuration(value) !== undefined, { message: 'format' }),
});
type BonusForm = z.infer<typeof BonusFormSchema>;

type Kind = 'audio' | 'artwork';
type Progress = { what: Kind; fraction: number };

/**
 * A new bonus episode, or one to change: its words, publish moment, level and duration are saved first
 * (POST or PUT), then the chosen files go up one by one with a progress bar. A refused file is said at
 * its field and the dialog stays open on the saved episode, so choosing the file again and saving only
 * sends what is missing.
 */
export function BonusEpisodeDialog({
  tipjarId,
  episode,
  levels,
  levelsFailed,
  onClose,
}: {
  tipjarId: string;
  /** The episode to change; undefined for a new one. */
  episode?: BonusEpisode;
  levels: readonly Level[];
  levelsFailed: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['bonus', 'common']);
  const locale = useLocale();
  const phone = usePhone();
  const sizeText = useSizeText();
  const titleId = useId();
  const queryClient = useQueryClient();
  const save = useSaveBonusEpisode(tipjarId);
  const [saved, setSaved] = useState<BonusEpisode | undefined>(episode);
  const [files, setFiles] = useState<Partial<Record<Kind, File>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<Kind, string>>>({});
  const [progress, setProgress] = useState<Progress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const { form, field } = useDomainForm<BonusForm>(BonusFormSchema, {
    title: episode?.title ?? '',
    description: episode?.description ?? '',
    publishedAt: toLocalInput(episode ? new Date(episode.publishedAt) : new Date()),
    levelId: episode?.levelId ?? '',
    duration: durationText(episode?.duration ?? null),
  });
  const busy = form.formState.isSubmitting;

  const refusalText = (kind: Kind, refusal: ReturnType<typeof checkAudio>) => {
    if (!refusal) return undefined;
    if (refusal.reason === 'type') return t(kind === 'audio' ? 'file.notAudio' : 'file.notImage');
    const sizes = { size: sizeText(refusal.bytes), max: sizeText(refusal.max) };
    return t(kind === 'audio' ? 'file.audioTooBig' : 'file.imageTooBig', sizes);
  };

  const choose = (kind: Kind, file: File) => {
    const refusal = refusalText(kind, kind === 'audio' ? checkAudio(file) : checkArtwork(file));
    setFileErrors((errors) => ({ ...errors, [kind]: refusal }));
    setFiles((chosen) => ({ ...chosen, [kind]: refusal ? undefined : file }));
  };

  /** The API's refusal of an upload, at the file's field. */
  const uploadErrorText = (kind: Kind, file: File, error: unknown) => {
    if (!isApiError(error)) return t('file.uploadFailed');
    if (error.status === 415) return t(kind === 'audio' ? 'file.notAudio' : 'file.notImage');
    if (error.status === 413) {
      const max = kind === 'audio' ? BONUS_AUDIO_MAX_BYTES : BONUS_ARTWORK_MAX_BYTES;
      const sizes = { size: sizeText(file.size), max: sizeText(max) };
      return t(kind === 'audio' ? 'file.audioTooBig' : 'file.imageTooBig', sizes);
    }
    if (error.status === 0) return t('file.uploadFailed');
    return apiErrorText(error, t('form.error'));
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (fileErrors.audio || fileErrors.artwork) return;
    const data = {
      title: values.title,
      description: values.description.trim(),
      publishedAt: fromLocalInput(values.publishedAt) ?? undefined,
      levelId: values.levelId || null,
      duration: parseDuration(values.duration) ?? null,
    };
    let current: BonusEpisode;
    try {
      current = await save.mutateAsync({ id: saved?.id, data });
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) setFailure(apiErrorText(error, t('form.error')));
      return;
    }
    setSaved(current);
    abort.current = new AbortController();
    for (const kind of ['audio', 'artwork'] as const) {
      const file = files[kind];
      if (!file) continue;
      const type = (kind === 'audio' ? audioTypeOf(file) : artworkTypeOf(file)) ?? file.type;
      setProgress({ what: kind, fraction: 0 });
      try {
        await uploadBonusFile(tipjarId, current.id, kind, file, {
          type,
          signal: abort.current.signal,
          onProgress: (fraction) => setProgress({ what: kind, fraction }),
        });
        setFiles((chosen) => ({ ...chosen, [kind]: undefined }));
      } catch (error) {
        setProgress(null);
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setFileErrors((errors) => ({ ...errors, [kind]: uploadErrorText(kind, file, error) }));
        setFailure(t('form.savedWithoutFile'));
        await queryClient.invalidateQueries({ queryKey: bonusKey(tipjarId) });
        return;
      }
    }
    setProgress(null);
    await queryClient.invalidateQueries({ queryKey: bonusKey(tipjarId) });
    notifySuccess(t(episode ? 'form.saved' : 'form.created'));
    onClose();
  });

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const chosenText = (file: File | undefined) =>
    file ? t('form.chosen', { name: file.name, size: sizeText(file.size) }) : undefined;
  const audioNow = saved?.audio
    ? t('form.audioCurrent', { kind: audioKind(saved.audio.type), size: sizeText(saved.audio.bytes) })
    : saved
      ? t('form.audioMissing')
      : undefined;

  return (
    <Dialog
      open
      onClose={busy ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{t(saved ? 'form.editTitle' : 'form.newTitle')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField label={t('form.title')} required {...field('title')} />
          <TextField
            label={t('form.description')}
            multiline
            minRows={3}
            {...field('description', { helperText: t('form.descriptionHelp') })}
          />
          <TextField
            label={t('form.publishedAt')}
            type="datetime-local"
            required
            {...field('publishedAt', { helperText: t('form.publishedAtHelp') })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('form.level')}
            select
            {...field('levelId', { helperText: levelsFailed ? t('form.levelsError') : undefined })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('form.allSupporters')}</option>
            {levels.map((level) => (
              <option key={level.id} value={level.id}>
                {t('form.levelOption', { name: level.name, amount: formatCents(level.amount, locale) })}
              </option>
            ))}
          </TextField>
          <TextField
            label={t('form.duration')}
            {...field('duration', { helperText: t('form.durationHelp'), htmlInput: { inputMode: 'numeric' } })}
          />
          <FileField
            name="audio"
            label={t('form.audio')}
            chooseLabel={t('form.chooseAudio')}
            accept={AUDIO_ACCEPT}
            help={t('form.audioHelp', { max: sizeText(BONUS_AUDIO_MAX_BYTES) })}
            current={chosenText(files.audio) ?? audioNow}
            error={fileErrors.audio}
            disabled={busy}
            onChoose={(file) => choose('audio', file)}
          />
          <FileField
            name="artwork"
            label={t('form.artwork')}
            chooseLabel={t('form.chooseArtwork')}
            accept={ARTWORK_ACCEPT}
            help={t('form.artworkHelp', { max: sizeText(BONUS_ARTWORK_MAX_BYTES) })}
            current={chosenText(files.artwork) ?? (saved?.hasArtwork ? t('form.artworkCurrent') : undefined)}
            error={fileErrors.artwork}
            disabled={busy}
            onChoose={(file) => choose('artwork', file)}
          />
          {progress && (
            <Box data-testid="upload-progress">
              <Typography variant="body2" id={`${titleId}-progress`}>
                {t('form.uploading', {
                  what: t(`form.what.${progress.what}`),
                  percent: Math.round(progress.fraction * 100),
                })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.round(progress.fraction * 100)}
                aria-labelledby={`${titleId}-progress`}
              />
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} color="inherit">
          {t('form.cancel')}
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={busy}>
          {busy ? t('form.saving') : t('form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
