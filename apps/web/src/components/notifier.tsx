import { Alert, Box, LinearProgress, Snackbar } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { notifications } from '@/lib/notifications';

/** Shows the notification queue: one at a time, top-right, no confirm button (docs/product.md §4, §9). */
export function Notifier() {
  const current = useSyncExternalStore(notifications.subscribe, notifications.getCurrent, notifications.getCurrent);
  return (
    <Snackbar
      key={current?.id}
      open={Boolean(current)}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      // The queue owns the 3000 ms timer; the Snackbar only shows.
      autoHideDuration={null}
    >
      {current ? (
        <Alert
          severity={current.color}
          variant="filled"
          role={current.color === 'error' ? 'alert' : 'status'}
          sx={{ minWidth: 280 }}
        >
          {current.content}
          {current.showProgress && (
            <Box sx={{ mt: 1 }}>
              <LinearProgress color="inherit" />
            </Box>
          )}
        </Alert>
      ) : (
        <span />
      )}
    </Snackbar>
  );
}
