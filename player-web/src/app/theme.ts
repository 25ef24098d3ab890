import { createTheme, type Theme } from '@mui/material/styles';
import { MOBILE_BREAKPOINT_PX, TABLE_CARDS_BREAKPOINT_PX } from '@ecup/domain';
import './fonts.css';
import { colorSchemes } from './palette.ts';

/**
 * The player app's one theme (ui-brief "Identity"): dark by default with a remembered light option, its colours
 * from palette.ts. Made when the app first draws, not while its code starts: making it takes a moment on a phone,
 * and the start is one task the browser cannot interrupt.
 */
let made: ReturnType<typeof createTheme> | undefined;

/** The visible focus ring of everything reachable by keyboard (ui-brief "Motion and accessibility"). */
const focusRing = (theme: Theme) => ({
  outline: `3px solid ${(theme.vars ?? theme).palette.secondary.main}`,
  outlineOffset: 2,
});
export const appTheme = () => (made ??= makeTheme());

const makeTheme = () =>
  createTheme({
    // md is the spec's mobile breakpoint (768 px): the sign-in dropdown and inline nav links from there up;
    // sm is where tables turn into stacked cards (ui-brief).
    breakpoints: { values: { xs: 0, sm: TABLE_CARDS_BREAKPOINT_PX, md: MOBILE_BREAKPOINT_PX, lg: 1200, xl: 1536 } },
    cssVariables: { colorSchemeSelector: 'data-color-scheme' },
    defaultColorScheme: 'dark',
    colorSchemes,
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
          root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme) }),
        },
      },
      MuiLink: {
        styleOverrides: {
          root: ({ theme }) => ({ '&:focus-visible': { ...focusRing(theme), borderRadius: 2 } }),
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
