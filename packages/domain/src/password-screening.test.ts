import { describe, expect, it } from 'vitest';
import { commonPasswordForms, containsPersonalData, personalDataPieces } from './password-screening';

describe('commonPasswordForms', () => {
  it.each([
    ['Password123!', 'password'],
    ['!!Password2024', 'password'],
    ['PASSWORD', 'password'],
    ['P@ssw0rd2024!', 'password'],
    ['Sunshine-2026!', 'sunshine'],
  ])('reduces %j to the core %j', (password, core) => {
    expect(commonPasswordForms(password)).toContain(core);
  });

  it('reads "1" both as i and as l', () => {
    expect(commonPasswordForms('W1ll1am99!')).toEqual(expect.arrayContaining(['william']));
    expect(commonPasswordForms('Pr1nce$$2024')).toEqual(expect.arrayContaining(['prince']));
  });

  it('keeps inner digits and symbols that are not look-alikes', () => {
    expect(commonPasswordForms('Correct-Horse-Battery-9')).toEqual(['correct-horse-battery']);
  });

  it('has no form when fewer than four letters are left in the core', () => {
    expect(commonPasswordForms('Xyz8394729174!')).toEqual([]);
    expect(commonPasswordForms('123456789012')).toEqual([]);
  });
});

describe('containsPersonalData', () => {
  const person = { email: 'Lukas.Becker@example.com', firstName: 'Lukas', lastName: 'Becker-Öztürk' };

  it.each([
    'lukas.becker-2026!',
    'Secret-LUKAS-2026',
    'My-becker-Pass-1',
    'Öztürk-Pass-2026!',
    'ÖZTÜRK-pass-2026!',
  ])('finds personal data in %j', (password) => {
    expect(containsPersonalData(password, person)).toBe(true);
  });

  it('accepts a password without the address or the names', () => {
    expect(containsPersonalData('Blue-Kettle-Ferry-42', person)).toBe(false);
  });

  it('ignores an e-mail local part under 4 characters and names under 3', () => {
    expect(personalDataPieces({ email: 'abc@example.com', firstName: 'Al', lastName: 'Wu' })).toEqual([]);
    expect(containsPersonalData('abc-Al-Wu-Pass-2026!', { email: 'abc@example.com', firstName: 'Al', lastName: 'Wu' })).toBe(false);
    expect(containsPersonalData('Secret-Ann-2026!', { firstName: 'Ann' })).toBe(true);
    expect(containsPersonalData('Secret-abcd-2026!', { email: 'abcd@example.com' })).toBe(true);
  });

  it('is empty-handed without personal data', () => {
    expect(containsPersonalData('Anything-Goes-2026!', {})).toBe(false);
  });
});
