import { describe, expect, it } from 'vitest';
import { bestThresholdAccuracy } from '../../../scripts/bench/load/threshold-accuracy.ts';

describe('the best single-threshold accuracy of two samples of times', () => {
  it('is 1 when every time of one sample lies below every time of the other, either way round', () => {
    expect(bestThresholdAccuracy([1, 2, 3], [4, 5, 6])).toBe(1);
    expect(bestThresholdAccuracy([4, 5, 6], [1, 2, 3])).toBe(1);
  });

  it('is a coin (0.5) for the same times, and for samples that interleave evenly', () => {
    expect(bestThresholdAccuracy([5, 5, 5, 5], [5, 5, 5, 5])).toBe(0.5);
    expect(bestThresholdAccuracy([1, 4, 5, 8], [2, 3, 6, 7])).toBe(0.625);
    expect(bestThresholdAccuracy([1, 3, 5, 7], [2, 4, 6, 8])).toBe(0.625);
  });

  it('counts the best threshold: one slow try in ten does not hide a shift of the rest', () => {
    const fast = [10, 11, 12, 13, 14, 15, 16, 17, 18, 40];
    const slow = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29];
    expect(bestThresholdAccuracy(fast, slow)).toBe(0.95);
  });

  it('never splits equal times: a tie at the threshold is told apart by no classifier', () => {
    expect(bestThresholdAccuracy([1, 2, 2], [2, 2, 3])).toBe(2 / 3);
  });
});
