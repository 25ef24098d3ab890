import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { TROPHY_POOL_SIZE, TROPHY_WINS_TO_SECURE } from '@ecup/domain';
import { bannerFrame } from '../../components/banner-frame.ts';
import { useI18n } from '../../i18n/i18n.tsx';

/**
 * The sponsor's red, used only in this area (ui-brief). White on it is 4.8:1, and it is never used for small text
 * on the navy surfaces.
 */
export const SPONSOR_RED = '#e4002b';
const SPONSOR_RED_DARK = '#a8001f';
const TROPHY_GOLD = '#f5b700';

/**
 * The sponsor's name as our own simple text wordmark (ui-brief: no third-party trademarks as images): white italic
 * type on a red tag, part of the page heading.
 */
function Wordmark() {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1.25,
        py: 0.25,
        mr: 0.5,
        borderRadius: 1.5,
        bgcolor: SPONSOR_RED,
        color: '#fff',
        fontStyle: 'italic',
        fontWeight: 700,
        letterSpacing: '-0.01em',
        transform: 'skewX(-6deg)',
        boxShadow: `0 2px 0 ${SPONSOR_RED_DARK}`,
      }}
    >
      Coca-Cola
    </Box>
  );
}

/**
 * The top of the page: the sponsored look (a red stripe and, from 600 px, a red panel with a gold trophy), the
 * wordmark in the heading and the rules in one line. Text never sits on the red.
 */
export function SponsorBand() {
  const { t } = useI18n();
  return (
    <Box
      component="header"
      sx={(theme) => ({
        ...bannerFrame,
        backgroundImage: `radial-gradient(ellipse at 0% 0%, ${theme.alpha(SPONSOR_RED, 0.18)}, transparent 55%)`,
        px: { xs: 2.5, sm: 5 },
        pt: { xs: 4, sm: 5 },
        pb: { xs: 3.5, sm: 5 },
        // The sponsor's stripe along the top.
        '&::before': {
          content: '""',
          position: 'absolute',
          top: 0,
          left: 0,
          right: 0,
          height: 6,
          bgcolor: SPONSOR_RED,
        },
        // From 600 px: a slanted red panel on the right for the trophy to stand on.
        '&::after': {
          content: '""',
          display: { xs: 'none', sm: 'block' },
          position: 'absolute',
          top: 0,
          bottom: 0,
          right: 0,
          width: { sm: '30%', md: '32%' },
          background: `linear-gradient(160deg, ${SPONSOR_RED} 0%, ${SPONSOR_RED_DARK} 100%)`,
          clipPath: 'polygon(22% 0, 100% 0, 100% 100%, 0 100%)',
        },
      })}
    >
      <EmojiEvents
        aria-hidden
        sx={{
          display: { xs: 'none', sm: 'block' },
          position: 'absolute',
          zIndex: 1,
          right: { sm: '7%', md: '9%' },
          top: '50%',
          transform: 'translateY(-50%) rotate(-8deg)',
          fontSize: { sm: 170, md: 200 },
          // The bright gold in both schemes: it stands on the red, not on the page.
          color: TROPHY_GOLD,
          filter: 'drop-shadow(0 8px 14px rgba(0,0,0,0.4))',
        }}
      />
      <Box sx={{ position: 'relative', zIndex: 2, maxWidth: { xs: 'none', sm: '62%' } }}>
        <Typography
          component="p"
          sx={{
            typography: 'overline',
            fontWeight: 700,
            letterSpacing: '0.12em',
            color: 'text.secondary',
            mb: 1,
          }}
        >
          {t('trophy.kicker')}
        </Typography>
        <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.75rem' }, lineHeight: 1.2, mb: 1.5 }}>
          <Wordmark />{' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {t('trophy.titleRest')}
          </Box>
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 540 }}>
          {t('trophy.intro', { size: TROPHY_POOL_SIZE, wins: TROPHY_WINS_TO_SECURE })}
        </Typography>
      </Box>
    </Box>
  );
}
