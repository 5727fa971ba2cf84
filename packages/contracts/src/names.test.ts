// Every request schema of the contracts with a name field (firstName, lastName, name, ...) refuses control
// characters and bidi controls with the one errorKey; found by walking the contracts, so a new schema is covered.
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_IN_NAMES, NAME_CONTROL_CHARACTERS_KEY, cleanName, isCleanName } from './names';


const here = dirname(fileURLToPath(import.meta.url));
const modules = await Promise.all(
  readdirSync(here)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map(async (f) => [f, (await import(`./${f}`)) as Record<string, unknown>] as const),
);

const nameFields = modules.flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([exportName, value]) => /Request$/.test(exportName) && value instanceof z.ZodObject)
    .flatMap(([exportName, value]) =>
      Object.keys((value as z.ZodObject).shape)
        .filter((key) => /name$/i.test(key))
        .map((key) => ({ label: `${file} ${exportName}.${key}`, schema: value as z.ZodObject, key })),
    ),
);

describe('names refuse control characters', () => {
  it('finds the name fields of every request schema', () => {
    expect(nameFields.map((f) => f.label).sort()).toEqual([
      'branding.ts ZUpdateBrandingRequest.firmName',
      'clients.ts ZCreateClientRequest.firstName',
      'clients.ts ZCreateClientRequest.lastName',
      'clients.ts ZUpdateClientRequest.firstName',
      'clients.ts ZUpdateClientRequest.lastName',
      'passkeys.ts ZRegisterPasskeyRequest.name',
      'passkeys.ts ZRenamePasskeyRequest.name',
      'public-links.ts ZPublicStartRequest.firstName',
      'public-links.ts ZPublicStartRequest.lastName',
      'repeated-measurements.ts ZCreateRepeatedMeasurementRequest.name',
      'signup.ts ZSelfAssessmentSignupRequest.firstName',
      'signup.ts ZSelfAssessmentSignupRequest.lastName',
      'signup.ts ZSignupRequest.firstName',
      'signup.ts ZSignupRequest.lastName',
      'teams.ts ZCreateTeamRequest.name',
      'weights.ts ZCreateWeightProfileRequest.name',
      'weights.ts ZUpdateWeightProfileRequest.name',
    ]);
  });

  it.each(nameFields.map((f) => [f.label, f] as const))('%s refuses each control character, anywhere in the name', (_label, { schema, key }) => {
    for (const c of FORBIDDEN_IN_NAMES) {
      for (const value of [`Ann${c}a`, `Anna${c}`, `${c}Anna`]) {
        const result = schema.safeParse({ [key]: value });
        const issues = result.success ? [] : result.error.issues.filter((i) => i.path.join('.') === key);
        expect(issues.map((i) => i.message), JSON.stringify(value)).toContain(NAME_CONTROL_CHARACTERS_KEY);
      }
      const clean = schema.safeParse({ [key]: 'Anne-Marie O\'Brien-Käßmann' });
      expect((clean.success ? [] : clean.error.issues).filter((i) => i.path.join('.') === key)).toEqual([]);
    }
  });

  it('lets letters of every script, spaces, apostrophes, hyphens and dots through', () => {
    for (const name of ['Jürgen Käßmann-6167', "O'Brien", 'J. R. R.', 'Zoë', 'محمد', '山田 太郎', 'Visit http://evil.example']) expect(isCleanName(name)).toBe(true);
  });

  it('cleans a name from elsewhere (Google) to the same rule: controls become spaces', () => {
    for (const c of FORBIDDEN_IN_NAMES) expect(cleanName(`Ann${c}a ${c}`)).toBe('Ann a');
    expect(cleanName('Jürgen  Käßmann')).toBe('Jürgen Käßmann');
  });
});
