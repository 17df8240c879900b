import VerifiedIcon from '@mui/icons-material/Verified';
import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { canVerifyFeed, FEED_CODE_PATTERN, type TipjarStatus, type ValidationKey } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmFeedVerification, useStartFeedVerification } from '@/features/feeds/api/feed-verification';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { notifySuccess } from '@/lib/notifications';
import { useLocale } from '@/lib/use-locale';

/** The failure of a feed call as the maker reads it: the field's catalog text, else the code's. */
function useFailureText() {
  const { t } = useTranslation(['validation', 'errors']);
  return (error: unknown) => {
    const key = isApiError(error) ? Object.values(error.fields ?? {})[0]?.key : undefined;
    return key ? t(`validation:${key as ValidationKey}`) : apiErrorText(error);
  };
}

/**
 * Backoffice settings: ownership of the tip jar's feed. "Verify ownership" mails a code to the owner
 * address in the feed; entering it gives the storefront its "verified podcast" mark. Only a paid tip jar
 * may (decision 064): before, the section says so; the API's day limits show as their field's text.
 */
export function FeedVerification({
  tipjar,
}: {
  tipjar: { id: string; rssUrl: string | null; feedVerified: boolean; status: TipjarStatus };
}) {
  const { t } = useTranslation(['feeds']);
  const locale = useLocale();
  const failureText = useFailureText();
  const start = useStartFeedVerification(tipjar.id);
  const confirm = useConfirmFeedVerification(tipjar.id);
  const [sent, setSent] = useState<{ sentTo: string; expiresAt: string } | null>(null);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const send = async () => {
    setFailure(null);
    try {
      setSent(await start.mutateAsync());
      setCode('');
    } catch (error) {
      setFailure(failureText(error));
    }
  };
  const submit = async () => {
    setFailure(null);
    try {
      await confirm.mutateAsync(code.trim());
      setSent(null);
      notifySuccess(t('feeds:verify.done'));
    } catch (error) {
      setFailure(failureText(error));
    }
  };

  return (
    <Paper sx={{ p: 3, mb: 3 }} component="section" aria-labelledby="feed-verify-title">
      <Typography id="feed-verify-title" variant="h3" component="h2" gutterBottom>
        {t('feeds:verify.title')}
      </Typography>
      {tipjar.feedVerified ? (
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="feed-verified">
          <VerifiedIcon color="secondary" aria-hidden />
          {t('feeds:verify.verified')}
        </Typography>
      ) : !tipjar.rssUrl ? (
        <Typography variant="body2">{t('feeds:verify.noFeed')}</Typography>
      ) : !canVerifyFeed(tipjar) ? (
        <Alert severity="info" data-testid="feed-verify-unpaid">
          {t('feeds:verify.unpaid')}
        </Alert>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('feeds:verify.intro')}
          </Typography>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          {sent && (
            <Box
              component="form"
              noValidate
              aria-label={t('feeds:verify.codeForm')}
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
              sx={{
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                gap: 1,
                alignItems: 'flex-start',
                mb: 2,
              }}
            >
              <TextField
                label={t('feeds:verify.code')}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                helperText={t('feeds:verify.sent', {
                  email: sent.sentTo,
                  time: formatDateTime(sent.expiresAt, locale),
                })}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
              />
              <Button
                type="submit"
                variant="contained"
                disabled={!FEED_CODE_PATTERN.test(code.trim()) || confirm.isPending}
                sx={{ mt: { xs: 0, sm: 3 }, flexShrink: 0 }}
              >
                {t('feeds:verify.confirm')}
              </Button>
            </Box>
          )}
          <Button variant={sent ? 'text' : 'outlined'} onClick={() => void send()} disabled={start.isPending}>
            {t(sent ? 'feeds:verify.resend' : 'feeds:verify.start')}
          </Button>
        </>
      )}
    </Paper>
  );
}
