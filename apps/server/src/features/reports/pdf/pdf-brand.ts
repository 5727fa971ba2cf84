// The firm's branding as the PDF renderer draws it (docs/decisions/0055): its name in place of the account's, its
// primary colour for headings and frames, its logo (as PNG: react-pdf draws no SVG files, so an SVG logo comes rasterised, branding/logo-raster.ts) and whether the platform's
// "powered by" line shows. Sent to the worker thread with the job, so the renderer does no I/O.
export interface PdfBrand {
  firmName: string | null;
  primaryColor: string | null;
  logoPng: Uint8Array | null;
  poweredBy: boolean;
}

/** react-pdf's image source for the logo bytes, and its width at `height` points (from the PNG header's size). */
export function logoSource(brand: PdfBrand | undefined, height: number): { src: { data: Buffer; format: 'png' }; width: number; height: number } | null {
  if (!brand?.logoPng) return null;
  const data = Buffer.from(brand.logoPng);
  // In a row, react-pdf gives an image without a width none: the width follows from the aspect ratio.
  const aspect = data.readUInt32BE(16) / Math.max(1, data.readUInt32BE(20));
  return { src: { data, format: 'png' }, width: Math.min(height * aspect, height * 8), height };
}
