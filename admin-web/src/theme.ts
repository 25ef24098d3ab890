import { createTheme, type ThemeOptions } from '@mui/material/styles';
import '@fontsource/rubik/400.css';
import '@fontsource/rubik/500.css';
import '@fontsource/rubik/700.css';

/**
 * The console's themes, matching player-web's palette (ui-brief "The console": same palette, dense tables).
 * Exported as a separate light and dark theme because that is what react-admin's `<Admin theme darkTheme>` takes.
 */
const navy = { 950: '#0b1a2e', 900: '#13243d', 800: '#1c3050' };

const shared: ThemeOptions = {
  typography: {
    fontFamily: '"Rubik", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    button: { fontWeight: 500, textTransform: 'none' },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiButton: { defaultProps: { size: 'small' } },
    MuiTable: { defaultProps: { size: 'small' } },
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiToolbar: { defaultProps: { variant: 'dense' } },
  },
};

export const darkTheme = createTheme({
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: '#2fbf5e', contrastText: navy[950] },
    secondary: { main: '#f5b700', contrastText: navy[950] },
    background: { default: navy[950], paper: navy[900] },
    text: { primary: '#e6edf7', secondary: '#9fb0c8' },
    divider: navy[800],
  },
});

export const lightTheme = createTheme({
  ...shared,
  palette: {
    mode: 'light',
    primary: { main: '#1b7a3d', contrastText: '#ffffff' },
    secondary: { main: '#8a6100', contrastText: '#ffffff' },
    background: { default: '#f4f7fb', paper: '#ffffff' },
    text: { primary: navy[950], secondary: '#4a5a70' },
  },
});
