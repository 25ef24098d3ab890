import test from 'ava';
import { createTheme, getContrastRatio } from '@mui/material/styles';
import { colorSchemes } from './palette.ts';

const AA = 4.5;

/** The colours pages write text in, on the surfaces they write it on: body text, links, trophies, Elo changes. */
const TEXT = ['text.primary', 'text.secondary', 'primary.main', 'secondary.main', 'error.main', 'success.main'];

for (const scheme of ['dark', 'light'] as const) {
  // The palette as MUI completes it for the scheme (its defaults for the colours the app leaves alone, such as success).
  const { palette } = createTheme({ palette: { mode: scheme, ...colorSchemes[scheme].palette } });
  const colour = (name: string) => {
    const [group, shade] = name.split('.') as [string, string];
    return (palette as unknown as Record<string, Record<string, string>>)[group]![shade]!;
  };

  test(`${scheme}: every text colour meets WCAG AA on the page and on paper`, (t) => {
    for (const name of TEXT) {
      for (const surface of ['default', 'paper'] as const) {
        const ratio = getContrastRatio(colour(name), palette.background[surface]);
        t.true(ratio >= AA, `${name} ${colour(name)} on background.${surface}: ${ratio.toFixed(2)}:1`);
      }
    }
  });

  test(`${scheme}: a button's or chip's text meets WCAG AA on its colour`, (t) => {
    for (const group of ['primary', 'secondary', 'error', 'success', 'warning', 'info'] as const) {
      const ratio = getContrastRatio(palette[group].contrastText, palette[group].main);
      t.true(ratio >= AA, `${group}.contrastText on ${group}.main: ${ratio.toFixed(2)}:1`);
    }
  });
}
