// The scripts a light entry (participant.html, signin.html) may load, read from the build's own manifests: the
// entry's file and its static imports in the light build's manifest (.vite/participant-manifest.json; the Preact
// runtime it shares with the sign-in page is one of them), and nothing the evaluator app's build wrote
// (.vite/manifest.json). A name pattern would not do: the bundler names a shared chunk after its first module.
import { readFileSync } from 'node:fs';

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
const DIST = 'apps/web/dist';
const read = (name: string) => JSON.parse(readFileSync(`${DIST}/.vite/${name}`, 'utf8')) as Manifest;

/** Paths ("/assets/…js") of the entry's script and every chunk it imports statically. */
export function lightEntryScripts(entry: 'participant.html' | 'signin.html'): Set<string> {
  const manifest = read('participant-manifest.json');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return files;
}

/** Paths of every script the evaluator app's build wrote. */
export function evaluatorAppScripts(): Set<string> {
  return new Set(Object.values(read('manifest.json')).map((chunk) => `/${chunk.file}`).filter((file) => file.endsWith('.js')));
}
