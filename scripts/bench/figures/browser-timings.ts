import type { BenchContext, Measurement } from '../types.ts';

/** Figures 2 to 5 (filled in next). */
export async function browserFigures(_context: BenchContext): Promise<Measurement[]> {
  return [];
}
