import { Avatar, Box, Button, CircularProgress, TextField } from '@mui/material';
import { FeedUrlSchema, type ValidationKey } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewFeed } from '@/features/feeds/api/preview-feed';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-errors';
import type { FeedFieldProps } from '@/lib/feed-slot';

/**
 * "Podcast feed (RSS)" + Fetch: reads the feed through the API (which fetches it safely and stores its
 * artwork) and hands the prefill to the form. Anyone may fetch, a new maker before the account exists
 * too (the API limits fetches per caller, decision 082).
 */
export function FeedField({ value, onChange, onPrefill, artworkUrl, error }: FeedFieldProps) {
  const { t } = useTranslation(['feeds', 'validation', 'errors']);
  const preview = usePreviewFeed();
  const [failure, setFailure] = useState<string | null>(null);
  const [fetched, setFetched] = useState<string | null>(null);

  const fetchFeed = async () => {
    setFailure(null);
    setFetched(null);
    const url = value.trim();
    const checked = FeedUrlSchema.safeParse(url);
    if (!checked.success) return setFailure(t('validation:feedBadUrl'));
    try {
      const answer = await preview.mutateAsync(checked.data);
      onPrefill(answer);
      setFetched(t('feeds:field.fetched', { name: answer.name, count: answer.episodeCount }));
    } catch (caught) {
      const key = isApiError(caught) ? caught.fields?.url?.key : undefined;
      setFailure(key ? t(`validation:${key as ValidationKey}`) : apiErrorText(caught));
    }
  };

  const helper = failure ?? error ?? fetched ?? t('feeds:field.hint');
  return (
    // On a phone the Fetch button goes under the field, so the field keeps room for an address.
    <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, columnGap: 2, alignItems: 'flex-start' }}>
      {artworkUrl && (
        <Avatar
          src={artworkUrl}
          alt={t('feeds:field.artworkAlt')}
          variant="rounded"
          sx={{ width: 56, height: 56, mt: 2 }}
          data-testid="feed-artwork"
        />
      )}
      <TextField
        label={t('feeds:field.label')}
        type="url"
        name="rssUrl"
        value={value}
        onChange={(event) => {
          setFailure(null);
          onChange(event.target.value);
        }}
        onKeyDown={(event) => {
          // Enter fetches instead of submitting the whole form.
          if (event.key === 'Enter') {
            event.preventDefault();
            void fetchFeed();
          }
        }}
        error={Boolean(failure ?? error)}
        helperText={helper}
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        sx={{ flex: '1 1 200px', minWidth: 0 }}
      />
      <Button
        variant="outlined"
        onClick={() => void fetchFeed()}
        disabled={preview.isPending || !value.trim()}
        sx={{ mt: { xs: 0, sm: 3 }, flexShrink: 0 }}
        startIcon={preview.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
      >
        {t('feeds:field.fetch')}
      </Button>
    </Box>
  );
}
