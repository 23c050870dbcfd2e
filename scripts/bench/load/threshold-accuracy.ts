/**
 * The best one-threshold classifier's accuracy on two equal samples: the share of
 * tries it names right when it calls every time at or below the threshold one PIN
 * and every time above it the other (either way round), the threshold chosen after
 * seeing both samples. 0.5 is a coin; 1 tells every try apart.
 */
export function bestThresholdAccuracy(a: number[], b: number[]): number {
  const all = [...a.map((x) => ({ x, fromA: true })), ...b.map((x) => ({ x, fromA: false }))].sort((p, q) => p.x - q.x);
  const total = all.length;
  let aBelow = 0;
  let bBelow = 0;
  let best = 0.5;
  for (let i = 0; i < total; i += 1) {
    if (all[i]!.fromA) aBelow += 1;
    else bBelow += 1;
    // A threshold between equal times would split what no classifier can.
    if (i + 1 < total && all[i + 1]!.x === all[i]!.x) continue;
    const aLow = (aBelow + (b.length - bBelow)) / total;
    best = Math.max(best, aLow, 1 - aLow);
  }
  return best;
}
