import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Datagrid, List, NumberField, TextField, TextInput, useListContext } from 'react-admin';
import type { AdminCountryStatsRecord } from '@ecup/domain';
import type { CountryMetric } from './country-chart.tsx';

const CountryChart = lazy(() => import('./country-chart.tsx'));

const METRICS: { id: CountryMetric; label: string }[] = [
  { id: 'players', label: 'Players' },
  { id: 'games', label: 'Games' },
  { id: 'average_elo', label: 'Average Elo' },
];

const filters = [<TextInput key="q" source="q" label="Country" alwaysOn />];

/** The bar chart over the rows the table shows, one metric at a time (the 15 largest). */
function ChartPanel() {
  const { data, isPending } = useListContext<AdminCountryStatsRecord>();
  const [metric, setMetric] = useState<CountryMetric>('players');
  const theme = useTheme();
  const chosen = METRICS.find((m) => m.id === metric)!;
  return (
    <Box component="section" aria-label="Chart" sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {chosen.label} per country (top 15)
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={metric}
          onChange={(_, value: CountryMetric | null) => value && setMetric(value)}
          aria-label="Metric"
        >
          {METRICS.map((m) => (
            <ToggleButton key={m.id} value={m.id}>
              {m.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {isPending || !data ? (
        <CircularProgress size={24} sx={{ m: 2 }} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">No players yet.</Typography>
      ) : (
        <Suspense fallback={<CircularProgress size={24} sx={{ m: 2 }} />}>
          <CountryChart
            rows={data}
            metric={metric}
            label={chosen.label}
            color={metric === 'average_elo' ? theme.palette.secondary.main : theme.palette.primary.main}
          />
        </Suspense>
      )}
    </Box>
  );
}

/** Players, active players, games and average Elo per country (canSeeCountryStats): a chart over the table. */
export function CountryStatsList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'players', order: 'DESC' }}
      perPage={250}
      pagination={false}
      title="Country stats"
    >
      <ChartPanel />
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" label="Country" />
        <TextField source="code" sortable={false} sx={{ textTransform: 'uppercase' }} />
        <NumberField source="players" />
        <NumberField source="active_players" label="Active players" />
        <NumberField source="games" />
        <NumberField source="average_elo" label="Average Elo" emptyText="–" options={{ useGrouping: false }} />
      </Datagrid>
    </List>
  );
}
