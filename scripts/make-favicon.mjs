// Writes apps/web/public/favicon.ico from apps/web/public/favicon.svg (docs/decisions/0035): the logo rendered by
// Chromium at 16, 32 and 48 px and packed as PNG images into one ICO file (PNG inside ICO: every browser, and
// Windows since Vista). The .ico is committed; run this again only when the logo changes:
//   node scripts/make-favicon.mjs   (CHROMIUM=<path> if Chromium is not /usr/bin/chromium)
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright';

const SIZES = [16, 32, 48];
const svg = readFileSync(new URL('../apps/web/public/favicon.svg', import.meta.url));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const images = [];
try {
  const page = await browser.newPage();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img style="display:block" width="${size}" height="${size}" ` +
        `src="data:image/svg+xml;base64,${svg.toString('base64')}"></body></html>`,
    );
    await page.waitForFunction('document.images[0]?.complete');
    images.push({ size, png: await page.screenshot({ omitBackground: true, type: 'png' }) });
  }
} finally {
  await browser.close();
}

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the PNGs.
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach(({ size, png }, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(size, entry);
  header.writeUInt8(size, entry + 1);
  header.writeUInt8(0, entry + 2);
  header.writeUInt8(0, entry + 3);
  header.writeUInt16LE(1, entry + 4);
  header.writeUInt16LE(32, entry + 6);
  header.writeUInt32LE(png.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
const ico = Buffer.concat([header, ...images.map((image) => image.png)]);
writeFileSync(new URL('../apps/web/public/favicon.ico', import.meta.url), ico);
console.log(`apps/web/public/favicon.ico: ${images.length} images (${SIZES.join(', ')} px), ${ico.length} bytes`);
