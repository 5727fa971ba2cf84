// `npm start` rebuilds a part only when its sources changed: the fingerprint must see every change of content,
// ignore outputs, dependencies and tests, and a part counts as built only once its stamp is written.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fingerprint, isUpToDate, writeStamp } from './build-stamp.mjs';

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bq-stamp-'));
  write('app/src/main.ts', 'export const a = 1;');
  write('shared/src/x.ts', 'export const x = 1;');
  write('package-lock.json', '{}');
  mkdirSync(join(root, 'app/dist'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const inputs = ['app', 'shared', 'package-lock.json'];

describe('the build stamp of npm start', () => {
  it('a part never built is not up to date; after its stamp is written it is', () => {
    const print = fingerprint(root, inputs);
    expect(isUpToDate(join(root, 'app/dist'), print)).toBe(false);
    writeStamp(join(root, 'app/dist'), print);
    expect(isUpToDate(join(root, 'app/dist'), fingerprint(root, inputs))).toBe(true);
  });

  it('a changed, added or removed source file, or a changed lockfile, needs a new build', () => {
    const print = fingerprint(root, inputs);
    write('shared/src/x.ts', 'export const x = 2;');
    const changed = fingerprint(root, inputs);
    expect(changed).not.toBe(print);
    write('app/src/new.ts', '');
    const added = fingerprint(root, inputs);
    expect(added).not.toBe(changed);
    rmSync(join(root, 'app/src/new.ts'));
    expect(fingerprint(root, inputs)).toBe(changed);
    write('package-lock.json', '{"v":2}');
    expect(fingerprint(root, inputs)).not.toBe(changed);
  });

  it('outputs, dependencies and tests do not count', () => {
    const print = fingerprint(root, inputs);
    write('app/dist/main.js', 'built');
    write('app/node_modules/x/index.js', 'dep');
    write('app/src/main.test.ts', 'test');
    expect(fingerprint(root, inputs)).toBe(print);
  });
});
