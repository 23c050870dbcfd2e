/**
 * One-threshold classifiers of two samples of times: each calls every time at or
 * below its threshold one PIN and every time above it the other (either way
 * round). 0.5 is a coin; 1 tells every try apart.
 */

type Threshold = { at: number; aLow: boolean; accuracy: number };

/** The best threshold on the two samples, found after seeing them: every threshold and both ways round tried. */
function bestThreshold(a: number[], b: number[]): Threshold {
  const all = [...a.map((x) => ({ x, fromA: true })), ...b.map((x) => ({ x, fromA: false }))].sort((p, q) => p.x - q.x);
  const total = all.length;
  let aBelow = 0;
  let bBelow = 0;
  // No threshold at all: everything called one PIN.
  let best: Threshold = { at: Infinity, aLow: true, accuracy: total ? Math.max(a.length, b.length) / total : 0.5 };
  for (let i = 0; i < total; i += 1) {
    if (all[i]!.fromA) aBelow += 1;
    else bBelow += 1;
    // A threshold between equal times would split what no classifier can.
    if (i + 1 < total && all[i + 1]!.x === all[i]!.x) continue;
    const at = i + 1 < total ? (all[i]!.x + all[i + 1]!.x) / 2 : Infinity;
    const aLow = (aBelow + (b.length - bBelow)) / total;
    if (aLow > best.accuracy) best = { at, aLow: true, accuracy: aLow };
    if (1 - aLow > best.accuracy) best = { at, aLow: false, accuracy: 1 - aLow };
  }
  return best;
}

/** The share of the tries `threshold` names right. */
function accuracyOf({ at, aLow }: Threshold, a: number[], b: number[]): number {
  const right = a.filter((x) => x <= at === aLow).length + b.filter((x) => x <= at !== aLow).length;
  return right / (a.length + b.length);
}

/**
 * The accuracy of the best single threshold on two equal samples, chosen after
 * seeing both: what one try tells someone who knows both distributions, but an
 * optimistic estimate of it, since the threshold is fitted to the very tries it is
 * judged on (two samples of one distribution score well above 0.5).
 */
export function bestThresholdAccuracy(a: number[], b: number[]): number {
  return bestThreshold(a, b).accuracy;
}

const half = (values: number[], parity: 0 | 1) => values.filter((_, i) => i % 2 === parity);

/**
 * The same accuracy estimated honestly, by 2-fold cross-validation: the threshold is
 * chosen on one half of the tries (the even-numbered of each sample: tries made in
 * turn, so each half spans the whole run) and judged on the other half, then the
 * other way round, and the two accuracies averaged. Two samples of one distribution
 * score about 0.5; samples that never overlap score 1.
 */
export function crossValidatedThresholdAccuracy(a: number[], b: number[]): number {
  const folds = ([0, 1] as const).map((train) => {
    const test = train === 0 ? 1 : 0;
    return accuracyOf(bestThreshold(half(a, train), half(b, train)), half(a, test), half(b, test));
  });
  return (folds[0]! + folds[1]!) / 2;
}
