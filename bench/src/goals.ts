/** The verdict printed beside a figure that has a performance goal. */
export function mark(met: boolean): 'PASS' | 'MISS' {
  return met ? 'PASS' : 'MISS';
}

/** The value at quantile `q` (0-1) of some figures; NaN for none. */
export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
