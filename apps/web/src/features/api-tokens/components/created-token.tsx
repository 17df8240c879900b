import '@/features/api-tokens/i18n';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, TextField } from '@mui/material';
import type { CreatedApiToken } from '@podpot/domain';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '@/lib/notifications';

/**
 * A token just made, shown this once with a copy button. Where the clipboard is not available the
 * text is selected and the maker is told to copy it themselves.
 */
export function CreatedToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const { t } = useTranslation('apitokens');
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      notifySuccess(t('created.copied'));
    } catch {
      field.current?.focus();
      field.current?.select();
      notifyError(t('created.copyFailed'));
    }
  };
  return (
    <Alert severity="success" sx={{ mt: 2, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <Box component="p" sx={{ m: 0, mb: 1, fontWeight: 600 }}>
        {t('created.title', { name: created.name })}
      </Box>
      <Box component="p" sx={{ m: 0, mb: 1.5 }}>
        {t('created.once')}
      </Box>
      <TextField
        label={t('created.label')}
        value={created.token}
        fullWidth
        inputRef={field}
        slotProps={{
          htmlInput: {
            readOnly: true,
            spellCheck: false,
            onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.currentTarget.select(),
          },
          input: { sx: { fontFamily: 'monospace', fontSize: '0.85rem' } },
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('created.copy')}
        </Button>
        <Button size="small" onClick={onDone}>
          {t('created.done')}
        </Button>
      </Box>
    </Alert>
  );
}
