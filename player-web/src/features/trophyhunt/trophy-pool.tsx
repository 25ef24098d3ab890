import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useI18n } from '../../i18n/i18n.tsx';
import { poolFill } from './trophy-hunt.ts';

/** The trophy in a 120 × 150 box: the bowl (the vessel that fills), the stem and base, and the handles. */
const BOWL = 'M24 10 H96 V40 C96 70 80 88 60 92 C40 88 24 70 24 40 Z';
const FOOT = ['M53 90 H67 L69 112 H51 Z', 'M38 112 H82 V124 H38 Z', 'M28 124 H92 V138 H28 Z'];
const HANDLES = ['M24 20 H12 C10 44 16 56 30 62', 'M96 20 H108 C110 44 104 56 90 62'];
/** The bowl fills from its bottom to its rim. */
const FILL_TOP = 10;
const FILL_BOTTOM = 92;

/**
 * A trophy whose bowl is filled from the bottom to the share of the pool that is left (docs/product.md#screens-and-routes: "drawn as a fill
 * level"), in gold. Decorative: the meter around it carries the numbers.
 */
function TrophyGauge({ fill }: { fill: number }) {
  const clipId = `pool-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const height = FILL_BOTTOM - FILL_TOP;
  const level = (1 - fill) * height;
  return (
    <Box
      component="svg"
      viewBox="0 0 120 150"
      aria-hidden
      focusable="false"
      sx={{
        display: 'block',
        width: { xs: 104, sm: 128 },
        height: 'auto',
        flex: 'none',
        color: 'secondary.main',
        overflow: 'visible',
        '& .pool-level': {
          '@media (prefers-reduced-motion: no-preference)': { transition: 'transform 700ms ease-out' },
        },
      }}
    >
      <defs>
        <clipPath id={clipId}>
          <path d={BOWL} />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect x="0" y="0" width="120" height="150" fill="#000" opacity={0.22} />
        <g className="pool-level" style={{ transform: `translateY(${level}px)` }}>
          <rect x="0" y={FILL_TOP} width="120" height={height} fill="currentColor" />
          {/* A lighter band on the left: light on metal. */}
          <rect x="32" y={FILL_TOP} width="9" height={height} fill="#fff" opacity={0.3} />
          {fill > 0 && fill < 1 && <rect x="0" y={FILL_TOP} width="120" height="2.5" fill="#fff" opacity={0.6} />}
        </g>
      </g>
      <path d={BOWL} fill="none" stroke="currentColor" strokeWidth={3.5} strokeLinejoin="round" />
      {FOOT.map((d) => (
        <path key={d} d={d} fill="currentColor" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" />
      ))}
      {HANDLES.map((d) => (
        <path key={d} d={d} fill="none" stroke="currentColor" strokeWidth={5} strokeLinecap="round" />
      ))}
    </Box>
  );
}

/**
 * This week's pool: the trophy filled to trophies left out of the pool size, the number beside it, and the words
 * "12 of 25 trophies left" for everyone (a meter for screen readers).
 */
export function TrophyPool({ left, size, labelledBy }: { left: number; size: number; labelledBy: string }) {
  const { t, numberFormat: number } = useI18n();
  const text = t('trophy.pool.left', { left: number.format(left), size: number.format(size) });
  return (
    <Box
      role="meter"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={size}
      aria-valuenow={left}
      aria-valuetext={text}
      data-trophies-left={left}
      sx={{ display: 'flex', alignItems: 'center', gap: { xs: 2.5, sm: 3.5 } }}
    >
      <TrophyGauge fill={poolFill(left, size)} />
      <Box sx={{ minWidth: 0 }}>
        <Typography
          component="p"
          aria-hidden
          sx={{
            fontSize: { xs: '3.5rem', sm: '4.5rem' },
            fontWeight: 700,
            lineHeight: 1,
            color: 'secondary.main',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {number.format(left)}
        </Typography>
        <Typography component="p" color="text.secondary" sx={{ mt: 0.5, fontWeight: 500 }}>
          {t('trophy.pool.of', { size: number.format(size) })}
        </Typography>
      </Box>
    </Box>
  );
}
