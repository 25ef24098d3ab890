import { BarChart } from '@mui/x-charts/BarChart';
import type { AdminDashboardDay } from '@ecup/domain';

/** Counts per day as bars (its own module so the charts library loads with the dashboard, not with the console). */
export default function DayChart({ days, label, color }: { days: AdminDashboardDay[]; label: string; color: string }) {
  return (
    <BarChart
      height={240}
      xAxis={[{ scaleType: 'band', data: days.map((d) => d.date.slice(5)), tickLabelMinGap: 8 }]}
      yAxis={[{ tickMinStep: 1, width: 40 }]}
      series={[{ data: days.map((d) => d.count), label, color }]}
      hideLegend
      margin={{ top: 10, right: 10, bottom: 0, left: 0 }}
    />
  );
}
