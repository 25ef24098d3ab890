export { PlayerResultPanel } from './player-result-panel.tsx';
export { StaffResultSummary } from './staff-result-summary.tsx';
export { ScoreFields } from './score-fields.tsx';
export { useScoreForm } from './use-score-form.ts';
