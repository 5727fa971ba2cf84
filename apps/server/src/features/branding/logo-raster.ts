// The logo as a PNG, the only form it is served in (docs/decisions/0072). Uploads are stored as PNG; a logo stored as
// SVG before that (sanitised on upload, so it loads nothing) is rasterised here (svg-raster.ts) and kept per logo
// hash: a page view or a bulk send draws it once.
import type { AccountBrand } from './branding-service';
import { rasteriseSvg } from './svg-raster';

const KEPT = 200;
const rasterised = new Map<string, Buffer | null>();

function rasterise(svg: Buffer): Buffer | null {
  try {
    return rasteriseSvg(svg);
  } catch {
    // An old SVG resvg cannot draw is not shown at all (it is never served as SVG).
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
