import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
const [, , file, x, y, w, h, out] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
await page.setContent(`<body style="margin:0"><img style="display:block" src="data:image/png;base64,${readFileSync(file).toString('base64')}"></body>`);
await page.screenshot({ path: out, clip: { x: Number(x), y: Number(y), width: Number(w), height: Number(h) }, fullPage: true });
await browser.close();
