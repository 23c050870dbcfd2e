import { describe, expect, it } from 'vitest';
import {
  bestThresholdAccuracy,
  crossValidatedThresholdAccuracy,
} from '../../../scripts/bench/load/threshold-accuracy.ts';

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

/** A seeded generator (mulberry32): the same simulated runs every time. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** 100 times of a request: a floor, then a long tail (exponential), as a loaded server answers; `shift` ms slower. */
const times = (random: () => number, shift = 0) =>
  Array.from({ length: 100 }, () => 140 + shift - 30 * Math.log(1 - random()));

/** Over many simulated runs of two samples of one distribution: the mean, and how often each estimate passes 0.6. */
function byChance(runs: number) {
  const random = seeded(15);
  let sum = 0;
  const over = { crossValidated: 0, best: 0 };
  for (let run = 0; run < runs; run += 1) {
    const [a, b] = [times(random), times(random)];
    const accuracy = crossValidatedThresholdAccuracy(a, b);
    sum += accuracy;
    if (accuracy > 0.6) over.crossValidated += 1;
    if (bestThresholdAccuracy(a, b) > 0.6) over.best += 1;
  }
  return { mean: sum / runs, crossValidated: over.crossValidated / runs, best: over.best / runs };
}

describe('the cross-validated single-threshold accuracy of two samples of times', () => {
  it('is 1 for samples that never overlap, either way round, and 0.5 for the same times', () => {
    expect(crossValidatedThresholdAccuracy([1, 2, 3, 4], [10, 11, 12, 13])).toBe(1);
    expect(crossValidatedThresholdAccuracy([10, 11, 12, 13], [1, 2, 3, 4])).toBe(1);
    expect(crossValidatedThresholdAccuracy([5, 5, 5, 5], [5, 5, 5, 5])).toBe(0.5);
  });

  it('judges the threshold on the tries it was not chosen on', () => {
    // The even tries split at 3 (a low); the odd ones lie the other way round: the threshold fails them all.
    expect(crossValidatedThresholdAccuracy([1, 6, 2, 7], [4, 0, 5, 1])).toBe(0);
  });

  it('is near 1 for clearly different times: a PIN check twice as slow tells nearly every try', () => {
    const random = seeded(7);
    expect(crossValidatedThresholdAccuracy(times(random), times(random, 150))).toBeGreaterThan(0.95);
  });

  it('is a coin for samples of one distribution, and passes 0.6 by chance far more rarely than the best threshold', () => {
    const chance = byChance(2000);
    expect(chance.mean).toBeGreaterThan(0.47);
    expect(chance.mean).toBeLessThan(0.51);
    // Eleven rows a run: a false FAIL in about one run of ten at most, where the best threshold gave one in four.
    expect(chance.crossValidated).toBeLessThan(0.01);
    expect(chance.best).toBeGreaterThan(0.02);
  });
});
