import { Box, Button, FormControlLabel, Grid, Paper, Switch, TextField } from '@mui/material';
import {
  type FeedPreview,
  FeedUrlSchema,
  formatCents,
  formatEuroAmount,
  MAX_TIP_CENTS,
  MIN_TIP_CENTS,
  NameSchema,
  UpdateTipjarDataSchema,
} from '@podpot/domain';
import { useCallback, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { BackofficeTipjar } from '@/features/tipjars/api/get-tipjar-by-slug';
import { useUpdateTipjar } from '@/features/tipjars/api/update-tipjar';
import { parsePresetAmounts } from '@/features/tipjars/rules';
import type { FeedFieldComponent } from '@/lib/feed-slot';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import { notifySuccess } from '@/lib/notifications';
import { useLocale } from '@/lib/use-locale';

const urlRule = UpdateTipjarDataSchema.shape.podcastUrl;
/** An https URL, or empty for none. */
const OptionalUrlSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || urlRule.safeParse(value).success, { message: 'url' });

const SettingsFormSchema = z.object({
  name: NameSchema,
  description: z.string().trim().max(2000),
  podcastUrl: OptionalUrlSchema,
  rssUrl: z
    .string()
    .trim()
    .refine((value) => value === '' || FeedUrlSchema.safeParse(value).success, { message: 'feedBadUrl' }),
  imageUrl: OptionalUrlSchema,
  presetAmounts: z.string().refine(
    (value) => {
      const cents = parsePresetAmounts(value);
      return (
        cents !== null &&
        cents.length >= 1 &&
        cents.length <= 6 &&
        cents.every((c) => c >= MIN_TIP_CENTS && c <= MAX_TIP_CENTS)
      );
    },
    { message: 'amountRange' },
  ),
  thankYouMessage: z.string().trim().max(1000),
  notifyOnTip: z.boolean(),
});
type SettingsForm = z.infer<typeof SettingsFormSchema>;

/**
 * A tip jar's public details and notifications, as its admins edit them (backoffice settings).
 * `feedField`: the feed field with its Fetch button (lib/feed-slot.ts), which prefills the texts.
 */
export function TipjarSettingsForm({
  tipjar,
  feedField: FeedField,
}: {
  tipjar: BackofficeTipjar;
  feedField?: FeedFieldComponent;
}) {
  const { t } = useTranslation(['tipjar', 'common', 'validation']);
  const locale = useLocale();
  const update = useUpdateTipjar(tipjar.id);
  const { form, field } = useDomainForm<SettingsForm>(SettingsFormSchema, {
    name: tipjar.name,
    description: tipjar.description,
    podcastUrl: tipjar.podcastUrl ?? '',
    rssUrl: tipjar.rssUrl ?? '',
    imageUrl: tipjar.imageUrl ?? '',
    presetAmounts: tipjar.presetAmounts.map((cents) => formatEuroAmount(cents, locale)).join(' '),
    thankYouMessage: tipjar.thankYouMessage,
    notifyOnTip: tipjar.notifyOnTip,
  });
  const rssUrl = useWatch({ control: form.control, name: 'rssUrl' });
  const [artwork, setArtwork] = useState<{ id: string | null; url: string | null }>({
    id: tipjar.artworkId,
    url: tipjar.artworkUrl,
  });
  // The feed fills the texts and the artwork; saving keeps them (the maker may change them first).
  const onPrefill = useCallback(
    (preview: FeedPreview) => {
      const options = { shouldDirty: true, shouldValidate: true };
      if (preview.name) form.setValue('name', preview.name, options);
      if (preview.description) form.setValue('description', preview.description, options);
      if (preview.website?.startsWith('https://') && !form.getValues('podcastUrl')) {
        form.setValue('podcastUrl', preview.website, options);
      }
      if (preview.artworkId) setArtwork({ id: preview.artworkId, url: preview.artworkUrl });
    },
    [form],
  );

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        name: values.name,
        description: values.description,
        podcastUrl: values.podcastUrl || null,
        rssUrl: values.rssUrl || null,
        imageUrl: values.imageUrl || null,
        artworkId: artwork.id,
        presetAmounts: parsePresetAmounts(values.presetAmounts) ?? [],
        thankYouMessage: values.thankYouMessage,
        notifyOnTip: values.notifyOnTip,
      });
      notifySuccess(t('common:toasts.tipjarUpdated'));
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  });

  const amounts = field('presetAmounts', { helperText: t('settings.presetAmountsHint') });
  const range = { min: formatCents(MIN_TIP_CENTS, locale), max: formatCents(MAX_TIP_CENTS, locale) };

  return (
    <Paper sx={{ p: 3, mb: 3 }}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('settings.title')}>
        {/* Two columns from md up (a wide screen is not half empty), one on a phone; rows read left to right. */}
        <Grid container columnSpacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField label={t('settings.name')} required {...field('name')} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label={t('settings.presetAmounts')}
              {...amounts}
              helperText={amounts.error ? t('settings.presetAmountsError', range) : amounts.helperText}
            />
          </Grid>
          <Grid size={12}>
            <TextField label={t('settings.description')} multiline minRows={3} {...field('description')} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label={t('settings.podcastUrl')}
              type="url"
              {...field('podcastUrl', { helperText: t('settings.urlHint') })}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            {FeedField ? (
              <FeedField
                value={rssUrl ?? ''}
                onChange={(url) => form.setValue('rssUrl', url, { shouldDirty: true })}
                onPrefill={onPrefill}
                artworkUrl={artwork.url}
                error={field('rssUrl').error ? field('rssUrl').helperText?.toString() : undefined}
              />
            ) : (
              <TextField label={t('settings.rssUrl')} type="url" {...field('rssUrl')} />
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label={t('settings.imageUrl')}
              type="url"
              {...field('imageUrl', { helperText: t('settings.urlHint') })}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label={t('settings.thankYouMessage')}
              multiline
              minRows={2}
              {...field('thankYouMessage', { helperText: t('settings.thankYouHint') })}
            />
          </Grid>
        </Grid>
        <Controller
          control={form.control}
          name="notifyOnTip"
          render={({ field: notify }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={notify.value}
                  onChange={(event) => notify.onChange(event.target.checked)}
                  name={notify.name}
                />
              }
              label={t('settings.notifyOnTip')}
            />
          )}
        />
        <Box sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {t('common:actions.save')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
