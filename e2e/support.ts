// Shared helpers for the browser journeys: the shipped texts (so assertions read like the UI), sign-in,
// screenshots kept as artifacts, and a guard that fails a test on any uncaught page error.
import { readFileSync } from 'node:fs';
import { expect, type Page, test as base } from '@playwright/test';

const DATA = 'apps/server/src/features/translations/data';
type Texts = Record<string, string>;
function load(locale: string): Texts {
  return {
    ...(JSON.parse(readFileSync(`${DATA}/${locale}/BQUI.json`, 'utf8')) as Texts),
    ...(JSON.parse(readFileSync(`${DATA}/${locale}/ERROR.json`, 'utf8')) as Texts),
  };
}
export const EN = load('EN_US');
export const DE = load('DE_DE');

export const ADMIN = { email: 'admin@demo.example', password: 'Demo-Admin-2026!' };
export const ADVISER = { email: 'adviser@demo.example', password: 'Demo-Adviser-2026!' };

export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true });
}

export async function signIn(page: Page, who: { email: string; password: string }, texts: Texts = EN) {
  await page.getByLabel(texts['login.email']!, { exact: true }).fill(who.email);
  await page.getByLabel(texts['login.password']!, { exact: true }).fill(who.password);
  await page.getByRole('button', { name: texts['login.submit']!, exact: true }).click();
}

export async function openLoginAndSignIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await signIn(page, who);
  await expect(page).toHaveURL(/\/product\//);
}
