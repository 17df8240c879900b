import { createTheme, type PaletteColor, type PaletteColorOptions } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    accent: PaletteColor;
  }
  interface PaletteOptions {
    accent?: PaletteColorOptions;
  }
}

/** The sidebar's mobile breakpoint (docs/product.md §9): below 960 px menus are temporary drawers. */
export const SIDEBAR_BREAKPOINT = 960;

/**
 * The brand orange (docs/product.md §9) as text on white is 2.5:1; where the theme would write text in it (text and
 * outlined buttons, links, a selected toggle, a focused field's label) it uses this darker shade (5.8:1 on white, 5.4:1 on the
 * selected toggle's tint), so those pass WCAG AA. The palette colour itself stays as specified.
 */
const PRIMARY_TEXT = '#a0500f';

/**
 * White on the brand teal (docs/product.md §9) #4E8381 is 4.29:1, just under WCAG AA (4.5:1) for text; filled secondary
 * buttons and chips use this slightly darker shade of it (6.0:1). The palette colour stays as specified.
 */
const SECONDARY_FILL = '#3d6866';

/**
 * A contained primary button under the pointer: dark text (#1b1b1b) on this orange is 4.9:1 (WCAG AA). MUI's own
 * darker shade of the brand orange (#a96029) left it at 3.6:1. The storefront's and the landing page's CSS use the same.
 */
export const PRIMARY_HOVER = '#d06f2c';

export const theme = createTheme({
  // 'md' is the sidebar breakpoint, so `theme.breakpoints.up('md')` means "desktop sidebar".
  breakpoints: { values: { xs: 0, sm: 600, md: SIDEBAR_BREAKPOINT, lg: 1280, xl: 1920 } },
  palette: {
    // Text on orange/green is dark for contrast (WCAG AA).
    primary: { main: '#f28a3d', dark: PRIMARY_HOVER, contrastText: '#1b1b1b' },
    secondary: { main: '#4E8381', contrastText: '#ffffff' },
    accent: { main: '#FBBD51', light: '#fcd083', dark: '#c99740', contrastText: '#1b1b1b' },
    success: { main: '#7ED957', contrastText: '#1b1b1b' },
    // MUI's info and warning with AA text (4.8:1 white on this blue, 5.5:1 dark on the orange); the
    // tip jar status badges use them.
    info: { main: '#0277bd', contrastText: '#ffffff' },
    warning: { main: '#ed6c02', contrastText: '#1b1b1b' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2.4rem', fontWeight: 700 },
    h2: { fontSize: '1.8rem', fontWeight: 700 },
    h3: { fontSize: '1.4rem', fontWeight: 600 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        containedSecondary: { backgroundColor: SECONDARY_FILL, '&:hover': { backgroundColor: '#325654' } },
        textPrimary: { color: PRIMARY_TEXT },
        outlinedPrimary: { color: PRIMARY_TEXT },
      },
    },
    MuiChip: { styleOverrides: { colorSecondary: { backgroundColor: SECONDARY_FILL } } },
    MuiFormLabel: {
      styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: PRIMARY_TEXT } } },
    },
    MuiToggleButton: {
      styleOverrides: { root: { '&.Mui-selected.MuiToggleButton-primary': { color: PRIMARY_TEXT } } },
    },
    // A chosen tab's label (the storefront's log in / create account tabs): the orange itself is 2.5:1 on white.
    MuiTab: { styleOverrides: { root: { '&.Mui-selected.MuiTab-textColorPrimary': { color: PRIMARY_TEXT } } } },
    MuiLink: { styleOverrides: { root: { color: PRIMARY_TEXT, textDecorationColor: PRIMARY_TEXT } } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    MuiDialog: {
      styleOverrides: {
        // An opening dialog focuses its paper (so a keyboard user starts inside it); the paper is no
        // control, so it draws no focus ring — its buttons and fields still do.
        paper: { '&:focus, &:focus-visible': { outline: 'none' } },
      },
    },
  },
});
