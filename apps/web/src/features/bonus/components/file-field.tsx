import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { useId, useRef } from 'react';

/**
 * A file to upload, as a labelled field: the heading, what is taken (help), what is there now or was
 * chosen, the choose button (a native button that opens the hidden file input) and the field's error.
 * The input is cleared after each choice, so choosing the same file again is seen.
 */
export function FileField({
  name,
  label,
  chooseLabel,
  accept,
  help,
  current,
  error,
  disabled,
  onChoose,
}: {
  name: string;
  label: string;
  chooseLabel: string;
  accept: string;
  help: string;
  /** What the field holds now: the chosen file, or the episode's current file. */
  current?: string;
  error?: string | null;
  disabled?: boolean;
  onChoose: (file: File) => void;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box role="group" aria-labelledby={`${id}-label`} data-testid={`file-${name}`}>
      <Typography id={`${id}-label`} variant="subtitle2" component="p">
        {label}
      </Typography>
      <Typography id={helpId} variant="body2" color="text.secondary">
        {help}
      </Typography>
      {current && (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {current}
        </Typography>
      )}
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<UploadFileIcon />}
        disabled={disabled}
        aria-describedby={error ? `${helpId} ${errorId}` : helpId}
        aria-invalid={error ? true : undefined}
        onClick={() => input.current?.click()}
        sx={{ mt: 1 }}
      >
        {chooseLabel}
      </Button>
      {/* The file picker itself: opened by the button (a native button, named by its text), out of the page's flow. */}
      <input
        ref={input}
        type="file"
        name={name}
        accept={accept}
        hidden
        tabIndex={-1}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onChoose(file);
        }}
      />
      {error && (
        <FormHelperText id={errorId} error role="alert">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
