import { BarChart } from '@mui/x-charts/BarChart';
import type { AdminCountryStatsRecord } from '@ecup/domain';

export type CountryMetric = 'players' | 'games' | 'average_elo';

/**
 * One metric per country as horizontal bars, largest first (its own module so the charts library loads with this
 * page, not with the console).
 */
export default function CountryChart({
  rows,
  metric,
  label,
  color,
}: {
  rows: AdminCountryStatsRecord[];
  metric: CountryMetric;
  label: string;
  color: string;
}) {
  const top = [...rows].sort((a, b) => (b[metric] ?? 0) - (a[metric] ?? 0)).slice(0, 15);
  return (
    <BarChart
      layout="horizontal"
      height={Math.max(160, top.length * 28 + 40)}
      yAxis={[{ scaleType: 'band', data: top.map((row) => row.name), width: 140 }]}
      xAxis={[{ tickMinStep: 1 }]}
      series={[{ data: top.map((row) => row[metric] ?? 0), label, color }]}
      hideLegend
      margin={{ top: 10, right: 20, bottom: 0, left: 0 }}
    />
  );
}
