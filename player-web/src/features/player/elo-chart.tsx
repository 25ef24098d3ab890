import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EloPoint } from '@ecup/domain';
import { useI18n } from '../../i18n/i18n.tsx';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = 28;

/** The rating over the season as a small SVG line (start, then the rating after each final game). */
export function EloChart({ start, history }: { start: number; history: EloPoint[] }) {
  const { t, numberFormat: number } = useI18n();
  const values = [start, ...history.map((point) => point.elo)];
  const now = values[values.length - 1]!;
  const high = Math.max(...values);
  const low = Math.min(...values);
  const span = Math.max(high - low, 1);
  const x = (i: number) => PAD + (values.length === 1 ? 0 : (i * (WIDTH - 2 * PAD)) / (values.length - 1));
  const y = (v: number) => HEIGHT - PAD - ((v - low) * (HEIGHT - 2 * PAD)) / span;
  const line = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const summary = t('player.chartSummary', {
    start: number.format(start),
    now: number.format(now),
    high: number.format(high),
  });
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        aria-hidden
        focusable="false"
        data-elo-chart
        sx={{ width: '100%', height: 'auto', display: 'block', color: 'primary.main' }}
      >
        <line x1={PAD} x2={WIDTH - PAD} y1={y(high)} y2={y(high)} stroke="currentColor" strokeOpacity={0.15} />
        <line x1={PAD} x2={WIDTH - PAD} y1={y(low)} y2={y(low)} stroke="currentColor" strokeOpacity={0.15} />
        <text x={2} y={y(high) + 4} fontSize={11} fill="currentColor" opacity={0.7}>
          {high}
        </text>
        <text x={2} y={y(low) + 4} fontSize={11} fill="currentColor" opacity={0.7}>
          {low}
        </text>
        <path d={line} fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinejoin="round" />
        <circle cx={x(values.length - 1)} cy={y(now)} r={4} fill="currentColor" />
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {history.length === 0 ? t('player.chartEmpty') : summary}
      </Typography>
    </Box>
  );
}
