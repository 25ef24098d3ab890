import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import SportsEsports from '@mui/icons-material/SportsEsports';

export interface HomePageProps {
  productName: string;
  /** The season's own name, e.g. "2020"; absent when the season could not be loaded. */
  seasonName?: string | undefined;
}

/** The home page (spec section 2, route /): the product name as the heading and what the product is. */
export function HomePage({ productName, seasonName }: HomePageProps) {
  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 4, sm: 8 } }}>
      <Box
        sx={(theme) => ({
          position: 'relative',
          overflow: 'hidden',
          borderRadius: 3,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          px: { xs: 2.5, sm: 6 },
          py: { xs: 5, sm: 8 },
          // A faint halfway line and centre circle: the pitch, drawn in the primary colour.
          '&::before, &::after': {
            content: '""',
            position: 'absolute',
            pointerEvents: 'none',
            borderColor: theme.alpha((theme.vars ?? theme).palette.primary.main, 0.18),
            borderStyle: 'solid',
          },
          '&::before': { top: 0, bottom: 0, right: { xs: '-40px', sm: '18%' }, borderWidth: '0 0 0 2px' },
          '&::after': {
            width: { xs: 160, sm: 220 },
            height: { xs: 160, sm: 220 },
            top: '50%',
            right: { xs: '-120px', sm: 'calc(18% - 110px)' },
            transform: 'translateY(-50%)',
            borderWidth: 2,
            borderRadius: '50%',
          },
        })}
      >
        <Box sx={{ position: 'relative', maxWidth: 520 }}>
          {seasonName ? (
            <Chip
              icon={<SportsEsports />}
              label={seasonName}
              variant="outlined"
              size="small"
              sx={{ mb: 2, fontWeight: 500 }}
            />
          ) : null}
          <Typography
            variant="h1"
            sx={{
              fontSize: { xs: '2.25rem', sm: '3.5rem', md: '4rem' },
              lineHeight: 1.1,
              mb: 2,
              textWrap: 'balance',
              overflowWrap: 'break-word',
            }}
          >
            {productName}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
            Online 1v1 console football tournament
          </Typography>
        </Box>
      </Box>
    </Container>
  );
}
