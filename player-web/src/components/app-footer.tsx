import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Instagram from '@mui/icons-material/Instagram';
import YouTube from '@mui/icons-material/YouTube';
import X from '@mui/icons-material/X';
import { useSeason } from '../app/season-context.tsx';
import { LANGUAGES, type Lang } from '../i18n/dictionary.ts';
import { useI18n } from '../i18n/i18n.tsx';

const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', sv: 'Svenska' };

/** Partners as our own text wordmarks (ui-brief: no third-party trademarks as images). */
const PARTNERS = [
  { name: 'Gothia Cup', style: { fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase' as const } },
  { name: 'Coca-Cola', style: { fontStyle: 'italic' as const, fontWeight: 700, color: '#e4002b' } },
  { name: 'PlayStation', style: { fontWeight: 500, letterSpacing: '0.02em' } },
];

const SOCIAL = [
  { name: 'Instagram', href: 'https://www.instagram.com/ecup', icon: <Instagram /> },
  { name: 'YouTube', href: 'https://www.youtube.com/@ecup', icon: <YouTube /> },
  { name: 'X', href: 'https://x.com/ecup', icon: <X /> },
];

/** Footer of spec §2: partner marks and social links, plus the remembered language switch. */
export function AppFooter() {
  const { t, lang, setLang } = useI18n();
  const { productName } = useSeason();
  return (
    <Box component="footer" sx={{ mt: 8, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 4 }}>
      <Container maxWidth="lg">
        <Stack spacing={3}>
          <Box>
            <Typography variant="overline" color="text.secondary" component="h2">
              {t('footer.partners')}
            </Typography>
            <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
              {PARTNERS.map((partner) => (
                <Typography key={partner.name} component="span" sx={{ fontSize: '1.15rem', ...partner.style }}>
                  {partner.name}
                </Typography>
              ))}
            </Stack>
          </Box>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Stack direction="row" spacing={0.5} aria-label={t('footer.follow', { product: productName })} role="group">
              {SOCIAL.map((s) => (
                <IconButton
                  key={s.name}
                  component="a"
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={s.name}
                >
                  {s.icon}
                </IconButton>
              ))}
            </Stack>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Link component={RouterLink} to="/rules" color="inherit">
                {t('footer.rules')}
              </Link>
              <Link component={RouterLink} to="/terms" color="inherit">
                {t('footer.terms')}
              </Link>
              <TextField
                select
                size="small"
                id="language"
                label={t('footer.language')}
                value={lang}
                onChange={(e) => setLang(e.target.value as Lang)}
                sx={{ minWidth: 140 }}
              >
                {LANGUAGES.map((l) => (
                  <MenuItem key={l} value={l} lang={l}>
                    {LANGUAGE_NAMES[l]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('footer.rights', { year: new Date().getFullYear(), product: productName })}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}
