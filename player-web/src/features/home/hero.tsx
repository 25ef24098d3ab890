import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SportsEsports from '@mui/icons-material/SportsEsports';
import { useClient } from '../../providers/client-context.tsx';
import { Placeholder } from '../../components/placeholder.tsx';
import { useSeason } from '../../providers/season-context.tsx';
import { bannerFrame } from '../../components/banner-frame.ts';
import { useI18n } from '../../i18n/i18n.tsx';

const ctaSx = { px: 5, py: 1.5, fontSize: '1.15rem', fontWeight: 700, letterSpacing: '0.06em', minWidth: 220 };

/**
 * The call to action of docs/product.md#screens-and-routes: PLAY NOW (to /play) for a signed-in player, JOIN NOW (to /register) otherwise.
 * While a stored session is being checked a placeholder holds the place, so the wrong button never flashes.
 */
function CallToAction() {
  const { t } = useI18n();
  const { state } = useClient();
  if (state.user) {
    return (
      <Button component={RouterLink} to="/play" variant="contained" size="large" sx={ctaSx}>
        {t('home.playNow')}
      </Button>
    );
  }
  if (state.authenticating) {
    return <Placeholder width={220} height={54} />;
  }
  return (
    <Button component={RouterLink} to="/register" variant="contained" size="large" sx={ctaSx}>
      {t('home.joinNow')}
    </Button>
  );
}

/**
 * The season's name above the heading, drawn as MUI's small outlined Chip draws it (a static label: the Chip
 * component's code would be on the home page for one word).
 */
function SeasonLabel({ name }: { name: string }) {
  return (
    <Box
      component="span"
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        maxWidth: '100%',
        height: 24,
        mb: 2,
        pl: 0.5,
        pr: 0.875,
        gap: 0.375,
        border: `1px solid ${theme.vars ? theme.vars.palette.Chip.defaultBorder : theme.palette.divider}`,
        borderRadius: 3,
        fontSize: theme.typography.pxToRem(13),
        fontWeight: 500,
        lineHeight: 1.5,
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
        '& svg': { fontSize: 18, color: theme.vars ? theme.vars.palette.Chip.defaultIconColor : 'inherit' },
      })}
    >
      <SportsEsports aria-hidden />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {name}
      </Box>
    </Box>
  );
}

/** The top of the home page: the product name as the page's heading, what it is, and the one primary action. */
export function Hero() {
  const { t } = useI18n();
  const { productName, season } = useSeason();
  return (
    <Box
      sx={(theme) => {
        const pitch = (opacity: number) => theme.alpha((theme.vars ?? theme).palette.primary.main, opacity);
        return {
          ...bannerFrame,
          backgroundImage: `radial-gradient(ellipse at 85% 50%, ${pitch(0.16)}, transparent 60%)`,
          px: { xs: 2.5, sm: 6 },
          py: { xs: 5, sm: 8 },
          // A faint halfway line and centre circle: the pitch, drawn in the primary colour.
          '&::before, &::after': {
            content: '""',
            position: 'absolute',
            pointerEvents: 'none',
            borderColor: pitch(0.2),
            borderStyle: 'solid',
          },
          '&::before': { top: 0, bottom: 0, right: { xs: '-40px', sm: '18%' }, borderWidth: '0 0 0 2px' },
          '&::after': {
            width: { xs: 160, sm: 240 },
            height: { xs: 160, sm: 240 },
            top: '50%',
            right: { xs: '-120px', sm: 'calc(18% - 120px)' },
            transform: 'translateY(-50%)',
            borderWidth: 2,
            borderRadius: '50%',
          },
        };
      }}
    >
      <Box sx={{ position: 'relative', maxWidth: 560 }}>
        {season?.name ? <SeasonLabel name={season.name} /> : null}
        <Typography
          variant="h1"
          sx={{
            fontSize: { xs: '2.5rem', sm: '3.5rem', md: '4.25rem' },
            lineHeight: 1.05,
            mb: 1.5,
            textWrap: 'balance',
            overflowWrap: 'break-word',
          }}
        >
          {productName}
        </Typography>
        <Typography variant="h6" component="p" color="primary" sx={{ fontWeight: 500, mb: 1.5 }}>
          {t('home.tagline')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4, fontSize: '1.05rem', maxWidth: 480 }}>
          {t('home.lead')}
        </Typography>
        <CallToAction />
      </Box>
    </Box>
  );
}
