/**
 * The player app's colours (ui-brief "Identity"): deep navy surfaces, pitch-green primary for actions, gold
 * secondary for trophies, in a dark scheme (the default) and a light one. Every text colour the pages use on a
 * surface, and every button's or chip's text on its colour, meets WCAG AA (4.5:1) in its scheme (palette.test.ts).
 */
const navy = { 950: '#0b1a2e', 900: '#13243d', 800: '#1c3050' };

export const colorSchemes = {
  dark: {
    palette: {
      primary: { main: '#2fbf5e', contrastText: navy[950] },
      secondary: { main: '#f5b700', contrastText: navy[950] },
      // MUI's dark error red (#f44336) reaches only 4.2:1 on the paper, where a profile shows a lost game's Elo change.
      error: { main: '#ff6b6b', contrastText: navy[950] },
      background: { default: navy[950], paper: navy[900] },
      text: { primary: '#e6edf7', secondary: '#9fb0c8' },
      divider: navy[800],
    },
  },
  light: {
    palette: {
      primary: { main: '#1b7a3d', contrastText: '#ffffff' },
      secondary: { main: '#8a6100', contrastText: '#ffffff' },
      // MUI's light orange and blue (#ed6c02, #0288d1) carry white chip labels (waiting, playing) at 3.1 and 3.9:1.
      warning: { main: '#a85200', contrastText: '#ffffff' },
      info: { main: '#01579b', contrastText: '#ffffff' },
      background: { default: '#f4f7fb', paper: '#ffffff' },
      text: { primary: navy[950], secondary: '#4a5a70' },
    },
  },
};
