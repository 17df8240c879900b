import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, TextField } from '@mui/material';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '@/lib/notifications';

/**
 * Code to paste elsewhere (a feed tag, an HTML snippet): shown as written, read-only, with a copy button.
 * Where the clipboard is not available (an insecure page, a refused permission) the text is selected
 * and the maker is told to copy it themselves.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('share');
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notifySuccess(t('copied'));
    } catch {
      field.current?.focus();
      field.current?.select();
      notifyError(t('copyFailed'));
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        id={id}
        label={label}
        value={value}
        multiline
        fullWidth
        inputRef={field}
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false },
          input: { sx: { fontFamily: 'monospace', fontSize: '0.85rem' } },
        }}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        aria-label={`${t('copy')}: ${label}`}
      >
        {t('copy')}
      </Button>
    </Box>
  );
}
