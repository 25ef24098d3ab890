import Box from '@mui/material/Box';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { streakOf } from './trophy-hunt.ts';

/**
 * Wins in a row on a held trophy: "1/3" written out, with one small trophy per win to secure it, gold for the wins
 * so far (the number is always there, so colour is never the only cue). Screen readers hear "1 of 3 wins in a row".
 */
export function Streak({ wins }: { wins: number }) {
  const { t } = useI18n();
  const streak = streakOf(wins);
  return (
    <Box
      component="span"
      data-streak={`${streak.wins}/${streak.of}`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}
    >
      <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
        {Array.from({ length: streak.of }, (_, index) => (
          <EmojiEvents
            key={index}
            sx={{
              fontSize: '1.15rem',
              color: index < streak.wins ? 'secondary.main' : 'text.disabled',
              opacity: index < streak.wins ? 1 : 0.6,
            }}
          />
        ))}
      </Box>
      <Box component="span" aria-hidden sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {t('trophy.streak', streak)}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {t('trophy.streakLong', streak)}
      </Box>
    </Box>
  );
}
