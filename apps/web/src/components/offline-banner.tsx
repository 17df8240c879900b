import { Alert, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online';

/**
 * While the browser is offline (docs/product.md §8): a bar fixed at the bottom of the window, above the
 * top bar, the sidebar and dialogs of every layout, so nothing covers it. Its invisible copy stays in the
 * page's flow (place this after the page), so the page's end can still be scrolled above the bar.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  const text = t('offline');
  return (
    <>
      <Box aria-hidden="true" sx={{ visibility: 'hidden' }}>
        <Alert severity="warning" square>
          {text}
        </Alert>
      </Box>
      <Alert
        severity="warning"
        square
        role="status"
        data-testid="offline-banner"
        sx={{
          position: 'fixed',
          insetInline: 0,
          bottom: 0,
          // Above the app bar, drawer and dialogs; the toasts (top-right) keep theirs.
          zIndex: (theme) => theme.zIndex.modal + 50,
          boxShadow: 3,
        }}
      >
        {text}
      </Alert>
    </>
  );
}
