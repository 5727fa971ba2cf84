import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types; its exports are checked here
import { durationsFromReports, journeyFiles, planShards, readDurations } from './journey-shards.mjs';

interface Shard {
  files: string[];
  seconds: number;
}

describe('journey shards', () => {
  it('runs every journey file in exactly one shard', () => {
    const files: string[] = journeyFiles();
    expect(files.length).toBeGreaterThan(20);
    const shards: Shard[] = planShards(files, readDurations(), 3);
    const planned = shards.flatMap((s) => s.files);
    expect([...planned].sort()).toEqual(files);
    expect(new Set(planned).size).toBe(files.length);
  });

  it('has a measured duration for every journey file (node scripts/journey-shards.mjs --update <reports>)', () => {
    expect(Object.keys(readDurations()).sort()).toEqual(journeyFiles());
  });

  it('balances by time, not by count: no shard longer than another by more than its longest file', () => {
    const durations = { 'a.spec.ts': 600, 'b.spec.ts': 500, 'c.spec.ts': 400, 'd.spec.ts': 60, 'e.spec.ts': 50, 'f.spec.ts': 40, 'g.spec.ts': 30, 'h.spec.ts': 20 };
    const shards: Shard[] = planShards(Object.keys(durations), durations, 3);
    expect(shards.map((s) => s.seconds)).toEqual([600, 560, 540]);
    expect(shards[2]!.files).toEqual(['c.spec.ts', 'd.spec.ts', 'e.spec.ts', 'g.spec.ts']);
    const real: Shard[] = planShards(journeyFiles(), readDurations(), 3);
    const longest = Math.max(...Object.values(readDurations() as Record<string, number>));
    const seconds = real.map((s) => s.seconds);
    expect(Math.max(...seconds) - Math.min(...seconds)).toBeLessThanOrEqual(longest);
  });

  it('counts a file without a measured duration as the median one', () => {
    const shards: Shard[] = planShards(['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'new.spec.ts'], { 'a.spec.ts': 100, 'b.spec.ts': 10, 'c.spec.ts': 30 }, 2);
    expect(shards.find((s) => s.files.includes('new.spec.ts'))!.seconds).toBe(30 + 30 + 10);
  });

  it("reads each journey's first try from Playwright's JSON report, per file", () => {
    const report = {
      suites: [
        {
          file: 'mail.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 12_400 }] }] }],
          suites: [{ specs: [{ tests: [{ results: [{ duration: 30_000 }, { duration: 29_000 }] }] }] }],
        },
        { file: 'sso.spec.ts', specs: [{ tests: [{ results: [{ duration: 5_600 }] }] }] },
      ],
    };
    expect(durationsFromReports([report])).toEqual({ 'mail.spec.ts': 42, 'sso.spec.ts': 6 });
  });
});
