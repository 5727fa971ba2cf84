// The logo as a PNG for the places that draw no SVG (docs/decisions/0055, addendum): mail programs, most of which show
// no SVG, and react-pdf, which draws no SVG files. An SVG logo (already sanitised on upload, so it loads nothing) is
// rasterised with resvg, a maintained renderer without a browser, at a height that stays sharp in a mail header
// (40 px on a 2x screen) and on a printed PDF page, and kept per logo hash: a bulk send renders it once.
import { Resvg } from '@resvg/resvg-js';
import type { AccountBrand } from './branding-service';

const HEIGHT_PX = 160;
const KEPT = 200;
const rasterised = new Map<string, Buffer | null>();

function rasterise(svg: Buffer): Buffer | null {
  try {
    return new Resvg(svg, { fitTo: { mode: 'height', value: HEIGHT_PX }, font: { loadSystemFonts: true } }).render().asPng();
  } catch {
    // An SVG resvg cannot draw shows on the web pages only, as before this existed.
    return null;
  }
}

/** The logo's PNG bytes: a PNG as stored, an SVG rasterised; null without a logo or when it cannot be drawn. */
export function logoAsPng(logo: AccountBrand['logo']): Buffer | null {
  if (!logo) return null;
  if (logo.type === 'image/png') return logo.data;
  if (!rasterised.has(logo.hash)) {
    if (rasterised.size >= KEPT) rasterised.delete(rasterised.keys().next().value!);
    rasterised.set(logo.hash, rasterise(logo.data));
  }
  return rasterised.get(logo.hash) ?? null;
}
