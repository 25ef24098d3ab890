export { seedBase, seasonPrizesText } from './base.ts';
export { seedDemo, DEMO_ACCOUNTS, type SeedDemoOptions, type SeedDemoSummary } from './demo.ts';
export { removeDemo, findDemoUserIds, demoPresent, type RemoveDemoSummary } from './remove-demo.ts';
