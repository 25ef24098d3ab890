import type { ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CSSObject } from '@mui/material/styles';
import Instagram from '@mui/icons-material/Instagram';
import YouTube from '@mui/icons-material/YouTube';
import X from '@mui/icons-material/X';
import { useSeason } from '../providers/season-context.tsx';
import { LANGUAGES, type Lang } from '../i18n/dictionary.ts';
import { useI18n } from '../i18n/i18n.tsx';

const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', sv: 'Svenska' };

/**
 * Partners as our own text wordmarks (ui-brief: no third-party trademarks as images). A wordmark in a brand colour
 * gives a lighter shade for the dark scheme, so it keeps 4.5:1 on the footer there too.
 */
const PARTNERS: { name: string; style: CSSObject; dark?: CSSObject }[] = [
  { name: 'Gothia Cup', style: { fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase' } },
  { name: 'Coca-Cola', style: { fontStyle: 'italic', fontWeight: 700, color: '#e4002b' }, dark: { color: '#ff6b7a' } },
  { name: 'PlayStation', style: { fontWeight: 500, letterSpacing: '0.02em' } },
];

const SOCIAL = [
  { name: 'Instagram', href: 'https://www.instagram.com/ecup', icon: <Instagram /> },
  { name: 'YouTube', href: 'https://www.youtube.com/@ecup', icon: <YouTube /> },
  { name: 'X', href: 'https://x.com/ecup', icon: <X /> },
];

/**
 * The remembered language switch: the browser's own select (a phone shows its native picker), so the footer of
 * every page does not carry MUI's menu-based select. Styled like the app's small outlined fields.
 */
function LanguageSelect() {
  const { t, lang, setLang } = useI18n();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography component="label" htmlFor="language" variant="body2">
        {t('footer.language')}
      </Typography>
      <Box
        component="select"
        id="language"
        value={lang}
        onChange={(e: ChangeEvent<HTMLSelectElement>) => setLang(e.target.value as Lang)}
        sx={{
          minHeight: 40,
          minWidth: 120,
          px: 1.5,
          font: 'inherit',
          color: 'text.primary',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'text.secondary',
          borderRadius: 1,
          cursor: 'pointer',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </Box>
    </Stack>
  );
}

/** Footer of docs/product.md#screens-and-routes: partner marks and social links, plus the remembered language switch. */
export function AppFooter() {
  const { t } = useI18n();
  const { productName } = useSeason();
  return (
    <Box
      component="footer"
      sx={{
        mt: 8,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        py: 4,
        // Below the fold on every page (the main area is at least a screen tall): laid out when it scrolls near.
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 320px',
      }}
    >
      <Container maxWidth="lg">
        <Stack spacing={3}>
          <Box>
            <Typography variant="overline" color="text.secondary" component="h2">
              {t('footer.partners')}
            </Typography>
            <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
              {PARTNERS.map((partner) => (
                <Typography
                  key={partner.name}
                  component="span"
                  sx={(theme) => ({
                    fontSize: '1.15rem',
                    ...partner.style,
                    ...(partner.dark ? theme.applyStyles('dark', partner.dark) : {}),
                  })}
                >
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
              <LanguageSelect />
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
