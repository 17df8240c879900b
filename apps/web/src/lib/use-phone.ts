import { useMediaQuery, useTheme } from '@mui/material';

/**
 * Whether the window is phone-wide (below the theme's `sm`): a dialog of many facts then fills the
 * screen (`fullScreen`) instead of floating with margins that leave its values a third of the width.
 * `useTheme` answers the default theme where no provider is above (a component rendered alone).
 */
export function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}
