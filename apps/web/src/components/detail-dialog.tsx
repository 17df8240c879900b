import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList } from '@/components/fact-list';
import { usePhone } from '@/lib/use-phone';

/**
 * The dialog of one (monthly) tip: a loading bar, a load error, its facts (`rows`, as a description
 * list) and its message, then `children`; `rows` is undefined while there is no tip to show.
 */
export function DetailDialog({
  titleId,
  title,
  maxWidth,
  open,
  onClose,
  loading,
  error,
  errorText,
  rows,
  messageLabel,
  message,
  noMessage,
  children,
}: {
  titleId: string;
  title: ReactNode;
  maxWidth: 'sm' | 'md';
  open: boolean;
  onClose: () => void;
  loading: boolean;
  error: boolean;
  errorText: string;
  rows: [string, ReactNode][] | undefined;
  messageLabel: string;
  message: string | undefined;
  noMessage: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth} fullScreen={phone}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Focusable: on a phone the facts scroll, and a keyboard user must be able to scroll them. */}
      <DialogContent tabIndex={0}>
        {loading && <LinearProgress aria-label={t('loading')} />}
        {error && <Alert severity="error">{errorText}</Alert>}
        {rows && (
          <>
            <FactList facts={rows} />
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              {messageLabel}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }} color={message ? 'text.primary' : 'text.secondary'}>
              {message || noMessage}
            </Typography>
            {children}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
