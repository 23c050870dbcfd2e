/** The value below which `p` percent of `values` fall (nearest rank); NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}
