// The common-password list shipped with the server (data/common-passwords.txt.gz, see data/SOURCE.md): read once,
// offline, into a set of the forms @bq/domain/password-screening compares, so a look-up costs a few hash probes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { commonPasswordForms } from '@bq/domain/password-screening';
import { paths } from '../../paths';

let forms: Set<string> | undefined;

export function commonPasswordSet(): Set<string> {
  if (!forms) {
    const text = gunzipSync(readFileSync(join(paths.passwordRulesData, 'common-passwords.txt.gz'))).toString('utf8');
    const set = new Set<string>();
    for (const entry of text.split('\n')) for (const form of commonPasswordForms(entry)) set.add(form);
    forms = set;
  }
  return forms;
}

/** Whether the password is a common or breached one, or a trivial variant of one (decision 0032). */
export function isCommonPassword(password: string): boolean {
  const set = commonPasswordSet();
  return commonPasswordForms(password).some((form) => set.has(form));
}
