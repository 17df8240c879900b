import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
  loading = false,
  disabled = false,
  cancelLabel,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  /** The action cannot be taken (the text says why); only cancelling is possible. */
  disabled?: boolean;
  /** The way out, when "Cancel" would be ambiguous (e.g. the action itself is cancelling something). */
  cancelLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelLabel ?? t('actions.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={loading || disabled}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
