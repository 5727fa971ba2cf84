// What `npm start` builds: each part (web app, server) is rebuilt only when the files it is built from changed since
// its last build. A part's fingerprint is a SHA-256 over the paths and contents of its inputs (not their times, so a
// fresh checkout of the same files is still recognised); it is written into the part's dist/ after a build that
// succeeded, so an interrupted or failed build is never taken for a finished one.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const STAMP_FILE = '.build-stamp';

/** Folders never read as inputs: outputs, dependencies, and what tests and tools leave behind. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-sourcemaps', '.vite', 'coverage', 'test-results']);
/** Tests are not part of any build: changing one does not make the next start rebuild. */
const SKIPPED_FILE = /\.test\.(ts|tsx|mjs)$/;

/** The files of an input: the file itself, or every file under the folder. */
function filesUnder(path, out) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    out.push(path);
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) filesUnder(full, out);
    } else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) {
      out.push(full);
    }
  }
}

/** The fingerprint of these inputs (files or folders, relative to root). */
export function fingerprint(root, inputs) {
  const files = [];
  for (const input of inputs) filesUnder(join(root, input), files);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** True when the part's dist/ holds a finished build of exactly these inputs. */
export function isUpToDate(distDir, print) {
  const stamp = join(distDir, STAMP_FILE);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === print;
}

/** Records that dist/ now holds the build of these inputs (call only after the build succeeded). */
export function writeStamp(distDir, print) {
  writeFileSync(join(distDir, STAMP_FILE), `${print}\n`);
}
