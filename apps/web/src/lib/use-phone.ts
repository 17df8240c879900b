import { type Theme, useMediaQuery } from '@mui/material';

/**
 * Whether the window is phone-wide (below the theme's `sm`): a dialog of many facts then fills the
 * screen (`fullScreen`) instead of floating with margins that leave its values a third of the width.
 */
export function usePhone(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}
