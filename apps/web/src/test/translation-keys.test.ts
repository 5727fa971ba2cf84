// Every translation key the web app uses exists in the shipped texts, so no raw key reaches a user.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_SORTS,
  EXPIRATION_STATUSES,
  INTERACTION_STATUSES,
  LOCK_STATUSES,
} from '@bq/contracts/clients';
import { CLIENT_GROUPS } from '@bq/domain/client-rules';
import { errorKeyToTranslationKey } from '@bq/domain/error-keys';
import { LOCALES } from '@bq/domain/locales';
import { PASSWORD_MIN_LENGTH } from '@bq/domain/password-policy';
import { PLAN_TYPES, PRODUCT_TYPES, PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { CLIENT_STATUS_FILTERS } from '../features/clients/client-list-search';
import { enUsTexts } from './i18n';

const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const KEY_PATTERNS = [
  /\bt\(\s*'([^']+)'/g,
  /\b(?:labelKey|titleKey|roleKey|descriptionKey|fallbackKey|key): '([^']+)'/g,
  /\b(?:titleKey|descriptionKey)="([^"]+)"/g,
  /\b(?:crumb|later|laterRelease)\('([^']+)'/g,
  /\bpublicLater\('[^']+', '([^']+)'/g,
  /message: '((?:settings|validation)\.[^']+)'/g,
];

function staticKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of KEY_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const key = match[1] ?? '';
        if (/^[A-Za-z_]+[.A-Za-z_]*$/.test(key) && (key.includes('.') || key.startsWith('ERROR_')))
          keys.add(key);
      }
    }
  }
  return [...keys];
}

const dynamicKeys = [
  ...PRODUCT_TYPES.flatMap((type) => [PRODUCT_TYPE_INFO[type].nameKey, `product.${type}.description`]),
  ...PLAN_TYPES.map((plan) => `plan.${plan}`),
  ...LOCALES.map((locale) => `locale.${locale}.formats`),
  ...['length', 'upper', 'lower', 'digit', 'symbol'].map((hint) => `settings.password.hints.${hint}`),
  ...['noPermission', 'notInAccount'].flatMap((reason) => [
    `productAccess.${reason}.title`,
    `productAccess.${reason}.text`,
  ]),
  'shell.credits_one',
  'shell.credits_other',
  'reminders.button_one',
  'reminders.button_other',
  'twoFactor.recoveryLeft_one',
  'twoFactor.recoveryLeft_other',
  'shell.nav.open',
  'shell.nav.close',
  'validation.email',
  'validation.min_length',
  'validation.max_length',
  'validation.invalid',
  ...CLIENT_GROUPS.map((group) => `clientGroup.${group}`),
  ...INTERACTION_STATUSES.map((status) => `interactionStatus.${status}`),
  ...LOCK_STATUSES.map((status) => `lockStatus.${status}`),
  ...EXPIRATION_STATUSES.map((status) => `expirationStatus.${status}`),
  ...CLIENT_STATUS_FILTERS.map((status) => `clients.status.${status}`),
  ...CLIENT_SORTS.map((sort) => `clients.list.sort.${sort}`),
  ...['first', 'previous', 'next', 'last'].map((control) => `clients.list.pageControl.${control}`),
  ...['ascending', 'descending'].map((order) => `clients.list.order.${order}`),
  ...['noMatch', 'noActive'].flatMap((state) => [`clients.${state}.title`, `clients.${state}.text`]),
  // The client contract's messages and the client API's errors, as the form and toasts translate them.
  ...[
    'error.validation.required',
    'error.validation.invalid_email',
    'error.validation.phone',
    'error.validation.too_long',
    'error.validation.control_characters',
    'error.client.duplicate',
    'error.client.limit_reached',
  ].map((errorKey) => errorKeyToTranslationKey(errorKey) ?? errorKey),
];

describe('translation keys', () => {
  it('finds the keys in the source (sanity check of the scan)', () => {
    expect(staticKeys()).toEqual(
      expect.arrayContaining(['login.title', 'shell.menu.logout', 'page.teams.title']),
    );
  });

  it.each(
    [...staticKeys(), ...dynamicKeys].filter((key) => !['shell.credits', 'reminders.button', 'twoFactor.recoveryLeft'].includes(key)),
  )('%s has an EN_US text', (key) => {
    // t(key, { count }) reads key_one and key_other: a plural key has those two instead of its own text.
    const plural = Boolean(enUsTexts[`${key}_one`] && enUsTexts[`${key}_other`]);
    expect(enUsTexts[key] || plural, key).toBeTruthy();
  });

  it('puts the password minimum into the length hint', () => {
    expect(enUsTexts['settings.password.hints.length']).toContain('{{min}}');
    expect(PASSWORD_MIN_LENGTH).toBe(12);
  });
});
