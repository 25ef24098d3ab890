import { createTheme } from '@mui/material/styles';
import { MOBILE_BREAKPOINT_PX, TABLE_CARDS_BREAKPOINT_PX } from '@ecup/domain';
import './fonts.css';

/**
 * The player app's one theme (ui-brief "Identity"): dark by default with a remembered light option,
 * deep navy surfaces, pitch-green primary for actions, gold secondary for trophies.
 * Every text/background pair below meets WCAG AA (4.5:1) in its scheme.
 */
const navy = { 950: '#0b1a2e', 900: '#13243d', 800: '#1c3050' };

export const theme = createTheme({
  // md is the spec's mobile breakpoint (768 px): the sign-in dropdown and inline nav links from there up;
  // sm is where tables turn into stacked cards (ui-brief).
  breakpoints: { values: { xs: 0, sm: TABLE_CARDS_BREAKPOINT_PX, md: MOBILE_BREAKPOINT_PX, lg: 1200, xl: 1536 } },
  cssVariables: { colorSchemeSelector: 'data-color-scheme' },
  defaultColorScheme: 'dark',
  colorSchemes: {
    dark: {
      palette: {
        primary: { main: '#2fbf5e', contrastText: navy[950] },
        secondary: { main: '#f5b700', contrastText: navy[950] },
        background: { default: navy[950], paper: navy[900] },
        text: { primary: '#e6edf7', secondary: '#9fb0c8' },
        divider: navy[800],
      },
    },
    light: {
      palette: {
        primary: { main: '#1b7a3d', contrastText: '#ffffff' },
        secondary: { main: '#8a6100', contrastText: '#ffffff' },
        background: { default: '#f4f7fb', paper: '#ffffff' },
        text: { primary: navy[950], secondary: '#4a5a70' },
      },
    },
  },
  typography: {
    fontFamily: '"Rubik", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    h1: { fontWeight: 700, letterSpacing: '-0.01em' },
    button: { fontWeight: 500, textTransform: 'none' },
  },
  shape: { borderRadius: 10 },
  components: {
    // A visible focus ring on everything reachable by keyboard (ui-brief "Motion and accessibility").
    MuiButtonBase: {
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-focusVisible': {
            outline: `3px solid ${(theme.vars ?? theme).palette.secondary.main}`,
            outlineOffset: 2,
          },
        }),
      },
    },
    MuiLink: {
      styleOverrides: {
        root: ({ theme }) => ({
          '&:focus-visible': {
            outline: `3px solid ${(theme.vars ?? theme).palette.secondary.main}`,
            outlineOffset: 2,
            borderRadius: 2,
          },
        }),
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: ({ theme }) => ({
          backgroundColor: (theme.vars ?? theme).palette.background.paper,
          borderBottom: `1px solid ${(theme.vars ?? theme).palette.divider}`,
        }),
      },
    },
  },
});
