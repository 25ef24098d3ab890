import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { useI18n } from '../i18n/i18n.tsx';

/** Switches between the dark and light schemes; MUI remembers the choice in localStorage (ui-brief "Identity"). */
export function ColorSchemeToggle() {
  const { t } = useI18n();
  const { mode, systemMode, setMode } = useColorScheme();
  const current = mode === 'system' ? systemMode : mode;
  if (!current) return null;
  const next = current === 'dark' ? 'light' : 'dark';
  const label = t(next === 'light' ? 'theme.toLight' : 'theme.toDark');
  return (
    <IconButton color="inherit" aria-label={label} title={label} onClick={() => setMode(next)}>
      {next === 'light' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}
