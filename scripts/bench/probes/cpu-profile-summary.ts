// What a V8 .cpuprofile spent its self time on, by package (or our own file) and by function,
// as the probes print it: the share of samples, highest first.
import path from 'node:path';

type ProfileNode = { callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number };
export type CpuProfile = { nodes: ProfileNode[]; samples: number[] };

function packageOf(url: string, where: string, functionName: string): string {
  if (url === '') return `(${functionName})`;
  if (where.startsWith('nm:'))
    return where
      .split('/')
      .slice(0, where.startsWith('nm:@') ? 2 : 1)
      .join('/');
  if (where.startsWith('node:')) return 'node core';
  return path.relative(process.cwd(), where);
}

/** Self time grouped two ways; `top` lists the heaviest entries as "  12.3%  name" lines. */
export function summariseCpuProfile(profile: CpuProfile) {
  const total = profile.samples.length;
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, 'nm:');
    const key = `${functionName || '(anon)'} ${where}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + node.hitCount);
    const pkg = packageOf(url, where, functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.hitCount);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  return { total, byPackage: (n: number) => top(byPackage, n), byFunction: (n: number) => top(byFunction, n) };
}
