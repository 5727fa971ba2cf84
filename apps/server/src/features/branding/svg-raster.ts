// An SVG drawn to PNG pixels with resvg (docs/decisions/0072): what the product stores and serves of an SVG logo, so
// no script, link or style in an SVG can ever reach a browser. The size is bounded whatever the file declares: fitted
// into 1280 x 320 pixels (a logo shown 160 pixels high on a 2x screen, sharp on a printed page).
// resvg fetches nothing over the network, but it does read local image files an <image href="/path"> names: only
// the sanitised SVG (svg-sanitiser.ts drops every <image> and every link but to the file's own #ids) is drawn.
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';

export const RASTER_MAX_WIDTH = 1280;
export const RASTER_MAX_HEIGHT = 320;

/** The PNG of an already sanitised SVG; throws when resvg cannot read or draw it. */
export function rasteriseSvg(svg: string | Buffer): Buffer {
  // Its own size first (width/height, else the viewBox), to fit by the side that limits.
  const measured = new Resvg(svg, { font: { loadSystemFonts: false }, logLevel: 'off' });
  const { width, height } = measured;
  if (!(width > 0 && height > 0)) throw new Error('the SVG has no size');
  const fitTo: ResvgRenderOptions['fitTo'] =
    width / height > RASTER_MAX_WIDTH / RASTER_MAX_HEIGHT ? { mode: 'width', value: RASTER_MAX_WIDTH } : { mode: 'height', value: RASTER_MAX_HEIGHT };
  // Text in a logo needs the machine's fonts; nothing else is read.
  return new Resvg(svg, { fitTo, font: { loadSystemFonts: true }, logLevel: 'off' }).render().asPng();
}
