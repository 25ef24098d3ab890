import { NavLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import { useI18n } from '../../i18n/i18n.tsx';
import type { MessageKey } from '../../i18n/catalogue.ts';
import './tabs-i18n.ts';

const TABS: { to: string; label: MessageKey }[] = [
  { to: '/ranking', label: 'rankingTabs.players' },
  { to: '/ranking/countries', label: 'rankingTabs.countries' },
  { to: '/ranking/clubs', label: 'rankingTabs.clubs' },
  { to: '/seasons', label: 'rankingTabs.seasons' },
];

/** "Players" | "Countries" | "Clubs" | "Seasons": links at the top of the ranking and season pages, the current one marked. */
export function RankingTabs() {
  const { t } = useI18n();
  return (
    <Box
      component="nav"
      aria-label={t('rankingTabs.label')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        mb: 3,
        '& a': {
          px: 2,
          py: 1.25,
          color: 'text.secondary',
          fontWeight: 600,
          textDecoration: 'none',
          borderBottom: '3px solid transparent',
          mb: '-1px',
        },
        '& a:hover': { color: 'text.primary' },
        '& a.active': { color: 'primary.main', borderBottomColor: 'currentColor' },
      }}
    >
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end>
          {t(tab.label)}
        </NavLink>
      ))}
    </Box>
  );
}
