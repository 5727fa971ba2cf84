// The built product as a browser receives it (issue 12 items 11-12): the real web build's files compressed and
// cached, index.html revalidated, no source maps, and translations fetched once per language.
import { DE, EN, expect, test } from './support';

test.describe('delivery of the built web app', () => {
  test('the scripts of the page arrive pre-compressed and cached for a year; the page itself is revalidated', async ({
    page,
    request,
  }) => {
    const scripts: { url: string; encoding?: string; cacheControl?: string }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        const headers = response.headers();
        scripts.push({
          url: response.url(),
          encoding: headers['content-encoding'],
          cacheControl: headers['cache-control'],
        });
      }
    });
    const document = await page.goto('/login');
    await expect(page.getByRole('heading', { name: EN['login.title'] })).toBeVisible();
    expect(document?.headers()['cache-control']).toBe('no-cache');
    expect(document?.headers()['content-encoding']).toBe('br');

    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.url).toMatch(/\/assets\/[\w.-]+-[\w-]{8}\.js$/);
      expect(script.encoding, script.url).toBe('br');
      expect(script.cacheControl, script.url).toBe('public, max-age=31536000, immutable');
    }

    // Source maps are neither referenced nor downloadable.
    const entry = scripts[0]!.url;
    const source = await (await request.get(entry)).text();
    expect(source).not.toContain('sourceMappingURL');
    const map = await request.get(`${entry}.map`);
    expect(map.status()).toBe(404);

    // An API answer is compressed on the fly.
    const translations = await request.get('/api/i18ns?language=EN_US&textTypeParameter=BQUI,ERROR', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(translations.headers()['content-encoding']).toBe('br');
  });

  test('translations are fetched once per language, however often the language changes', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/i18ns'))
        fetched.push(new URL(request.url()).searchParams.get('language')!);
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: EN['login.title'] })).toBeVisible();
    const picker = page.getByTestId('language-select');
    await picker.selectOption('DE_DE');
    await expect(page.getByRole('heading', { name: DE['login.title'] })).toBeVisible();
    await picker.selectOption('EN_US');
    await expect(page.getByRole('heading', { name: EN['login.title'] })).toBeVisible();
    await picker.selectOption('DE_DE');
    await expect(page.getByRole('heading', { name: DE['login.title'] })).toBeVisible();
    await picker.selectOption('EN_US');
    await expect(page.getByRole('heading', { name: EN['login.title'] })).toBeVisible();
    expect(fetched.sort()).toEqual(['DE_DE', 'EN_US']);
  });
});
