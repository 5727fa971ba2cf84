// Delivery of the web app and the API as a browser sees it: compressed responses, the .br/.gz files of the web
// build, a year of caching for hashed assets, none for index.html, and no source maps (issue 12 item 11).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTICIPANT_PATH } from '../../../web/src/participant/participant-paths';
import { createTestApp, type TestApp } from '../test/test-app';
import { PARTICIPANT_PAGE } from './spa';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-AbCd1234.js"></script></head><body>${'<!-- filler -->'.repeat(100)}<div id="root"></div></body></html>`;

const PARTICIPANT = `<!doctype html><html><head><script type="module" src="/assets/participant-IjKl9012.js"></script></head><body><div id="root"></div></body></html>`;

const WEB_PUBLIC = join(import.meta.dirname, '../../../web/public');
const PUBLIC_FILES = ['robots.txt', 'favicon.ico'];
let dist: string;
let t: TestApp;

beforeAll(async () => {
  // A web build as apps/web/vite.config.ts writes it: hashed assets with .br and .gz beside them, no maps in dist.
  dist = mkdtempSync(join(tmpdir(), 'bq-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  const write = (name: string, content: string, precompress: boolean) => {
    writeFileSync(join(dist, name), content);
    if (!precompress) return;
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(content));
  };
  write('index.html', INDEX, true);
  write('participant.html', PARTICIPANT, true);
  write('assets/index-AbCd1234.js', SCRIPT, true);
  write('assets/small-EfGh5678.js', 'export const small = 1;\n', false);
  // A map left in dist by an older build: still never served.
  write('assets/index-AbCd1234.js.map', '{"version":3,"sources":["secret-source.ts"]}', false);
  write('.vite/manifest.json', '{"secret-manifest":true}', false);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  // The real files of apps/web/public, which the web build copies into dist as they are.
  for (const name of PUBLIC_FILES) copyFileSync(join(WEB_PUBLIC, name), join(dist, name));
  t = await createTestApp({ WEB_DIST_DIR: dist });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('compression', () => {
  it('compresses a JSON API response with brotli, or gzip when the browser offers only that', async () => {
    const url = '/api/i18ns?language=EN_US&textTypeParameter=BQUI';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<unknown[]>().length).toBeGreaterThan(50);

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends the pre-compressed file of a JS asset, as brotli or gzip, and the plain file otherwise', async () => {
    const br = await get('/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(SCRIPT);

    const gzip = await get('/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(SCRIPT);

    const plain = await get('/assets/index-AbCd1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);
  });

  it('compresses a file without a pre-compressed variant on the fly', async () => {
    const res = await get('/assets/small-EfGh5678.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe('export const small = 1;\n');
  });
});

describe('caching', () => {
  it('caches hashed assets for a year as immutable, also in their compressed form', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get('/assets/index-AbCd1234.js', { 'accept-encoding': encoding });
      expect(res.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
  });

  it('makes the browser revalidate index.html, whether asked for directly or as the fallback of a page URL', async () => {
    for (const url of ['/index.html', '/login', '/product/BQ_RISK', '/']) {
      const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString('utf8'), url).toBe(INDEX);
    }
  });

  it('caches other files of the web app (the favicon) for an hour', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('the participant entry (docs/decisions/0054)', () => {
  it('sends participant.html for a questionnaire link, revalidated on every load; other pages get the app', async () => {
    for (const url of ['/q/AbCdEf123', '/q/AbCdEf123/', '/q/AbCdEf123?x=1']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('/assets/participant-IjKl9012.js');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/q', '/q/a/b', '/login']) {
      expect((await get(url)).body).toContain('/assets/index-AbCd1234.js');
    }
  });

  it('sends participant.html for a certificate check link; the email check /verify/{token} stays in the app', async () => {
    for (const url of ['/verify/certificate/vt_AbC-123', '/verify/certificate/vt_AbC-123/']) {
      expect((await get(url)).body).toContain('/assets/participant-IjKl9012.js');
    }
    for (const url of ['/verify/AbCdEf123', '/verify/certificate/', '/verify/certificate/a/b']) {
      expect((await get(url)).body).toContain('/assets/index-AbCd1234.js');
    }
  });

  it('sends participant.html for the three public report pages', async () => {
    for (const url of ['/performance/report/AbC-123', '/bqa/report/AbC-123/', '/bqaRecommendations/report/AbC-123?x=1']) {
      expect((await get(url)).body).toContain('/assets/participant-IjKl9012.js');
    }
    for (const url of ['/bqa/report/', '/bqa/report/a/b', '/bqp/report/AbC-123']) {
      expect((await get(url)).body).toContain('/assets/index-AbCd1234.js');
    }
  });

  it('sends participant.html for a mailed report link and the demo password page', async () => {
    for (const url of ['/report/rdl_AbC-123/download', '/demo/password-set/AbCdEf123/']) {
      expect((await get(url)).body).toContain('/assets/participant-IjKl9012.js');
    }
    for (const url of ['/report/rdl_AbC-123', '/demo/password-set/']) {
      expect((await get(url)).body).toContain('/assets/index-AbCd1234.js');
    }
  });

  it('sends participant.html for a certificate (/bqp/certificate/{token}); other BQP pages stay in the app', async () => {
    for (const url of ['/bqp/certificate/AbCdEf123', '/bqp/certificate/AbCdEf123/', '/bqp/certificate/AbCdEf123?x=1']) {
      expect((await get(url)).body).toContain('/assets/participant-IjKl9012.js');
    }
    for (const url of ['/bqp/certificate/', '/bqp/certificate/a/b', '/bqp/clients']) {
      expect((await get(url)).body).toContain('/assets/index-AbCd1234.js');
    }
  });

  it('knows the same participant paths as the web app, which reads their tokens (participant-paths.ts)', () => {
    expect(PARTICIPANT_PAGE.source.replace(/[()]/g, '')).toBe(PARTICIPANT_PATH.source.replace(/[()]/g, ''));
  });
});

describe('what is not served', () => {
  it('answers 404 for source maps, even one left in the web build', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await get('/assets/index-AbCd1234.js.map', { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorKey).toBe('error.not_found');
      expect(res.payload).not.toContain('secret-source');
    }
  });

  it('answers 404 for a missing hashed asset instead of the app page', async () => {
    const res = await get('/assets/gone-ZzZz9999.js');
    expect(res.statusCode).toBe(404);
  });

  it('does not serve the build manifest', async () => {
    const res = await get('/.vite/manifest.json');
    expect(res.payload).not.toContain('secret-manifest');
  });
});

describe('HEAD', () => {
  it('answers HEAD like GET on the start page, a deep page and a static asset, without a body', async () => {
    for (const url of ['/', '/BQ_RISK/client/abc/dashboard/def', '/q/AbCdEf123', '/assets/index-AbCd1234.js', '/favicon.ico', '/robots.txt']) {
      const got = await get(url);
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(got.headers['content-type']);
      expect(head.headers['cache-control'], url).toBe(got.headers['cache-control']);
      expect(head.payload, url).toBe('');
    }
  });

  it('still answers 404 to HEAD of an unknown API path or a missing asset', async () => {
    for (const url of ['/api/nothing-here', '/assets/gone-ZzZz9999.js']) {
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode, url).toBe(404);
    }
  });
});

describe('robots.txt and favicon.ico', () => {
  it('serves robots.txt as plain text that keeps crawlers off the token pages and allows the rest', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.payload).toBe(readFileSync(join(WEB_PUBLIC, 'robots.txt'), 'utf8'));
    expect(res.payload).not.toContain('<html');
    const disallowed = [...res.payload.matchAll(/^Disallow: (\S+)$/gm)].map((m) => m[1]);
    for (const path of ['/q/', '/report/', '/performance/report/', '/bqa/report/', '/bqaRecommendations/report/', '/bqp/certificate/', '/verify/', '/demo/', '/password/', '/api/']) {
      expect(disallowed).toContain(path);
    }
    expect(res.payload).toMatch(/^User-agent: \*$/m);
    expect(res.payload).toMatch(/^Allow: \/$/m);
  });

  it('serves favicon.ico as an icon (ICO with the 16, 32 and 48 px logo), not the app page', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    const ico = res.rawPayload;
    expect(ico.equals(readFileSync(join(WEB_PUBLIC, 'favicon.ico')))).toBe(true);
    // ICONDIR: reserved 0, type 1 (icon), then the image count; each entry's width, and a PNG at its offset.
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const widths = Array.from({ length: count }, (_, i) => ico.readUInt8(6 + 16 * i));
    expect(widths).toEqual([16, 32, 48]);
    for (let i = 0; i < count; i++) {
      const offset = ico.readUInt32LE(6 + 16 * i + 12);
      expect(ico.subarray(offset, offset + 8).toString('hex')).toBe('89504e470d0a1a0a');
    }
  });
});
