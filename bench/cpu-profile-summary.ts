// The functions and packages with the most self time in a V8 CPU profile (node --cpu-prof), over the last seconds of
// the process (its load window), for bench/profile.ts and the burst bench's BENCH_BURST_CPU_PROF.
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time per function and per package (node_modules/<name>, node:internal, or the app's own code), over the
 * samples of the load window only (the last `seconds` before the server stopped), so start-up does not count.
 */
export function summariseCpuProfile(profile: Profile, loadSeconds: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const windowEnd = profile.endTime - 300_000;
  const windowStart = windowEnd - loadSeconds * 1_000_000;
  const self = new Map<number, number>();
  let at = profile.startTime;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < windowStart || at > windowEnd) return;
    if (byId.get(id)!.callFrame.functionName === '(idle)') idle += delta;
    else self.set(id, (self.get(id) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`busy ${((100 * total) / (total + idle)).toFixed(0)} % of the load window (the rest idle, waiting for I/O)`);
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^file:\/\//, '');
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where);
    const group = m ? m[1]! : where.startsWith('node:') ? 'node:internal' : where === '' ? `(${functionName || 'native'})` : 'app';
    pkg.set(group, (pkg.get(group) ?? 0) + us);
    const key = `${functionName || '(anonymous)'}  ${where.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
  console.log('\nself time by package:');
  for (const line of top(pkg, 15)) console.log(line);
  console.log('\nself time by function:');
  for (const line of top(fn, 30)) console.log(line);
}
