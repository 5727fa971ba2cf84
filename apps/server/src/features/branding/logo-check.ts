// An uploaded logo, checked and re-encoded before it is stored (docs/decisions/0055): the type is read from the bytes,
// never from the name or the declared type; a PNG is decoded and written anew (only its pixels survive: no text chunks,
// no trailing data, no colour profile), an SVG is rebuilt from an allow-list (svg-sanitiser.ts) and drawn to a PNG
// (svg-raster.ts, docs/decisions/0072): what is stored is always a PNG. Runs on a reader thread (untrusted-files).
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import { BRANDING_ERRORS, LOGO_MAX_BYTES, LOGO_MAX_SIDE } from '@bq/contracts/branding';
import { AppError } from '../../app-error';
import { UnsafeSvgError, sanitiseSvg } from './svg-sanitiser';
import { rasteriseSvg } from './svg-raster';

export interface CheckedLogo {
  data: Buffer;
  type: 'image/png';
  hash: string;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const checked = (data: Buffer, type: CheckedLogo['type']): CheckedLogo => ({ data, type, hash: createHash('sha256').update(data).digest('hex') });

function reencodePng(upload: Buffer): CheckedLogo {
  // The size from the header first: a small file can declare a huge image that would not fit in memory decoded.
  const width = upload.length >= 24 ? upload.readUInt32BE(16) : 0;
  const height = upload.length >= 24 ? upload.readUInt32BE(20) : 0;
  if (upload.toString('latin1', 12, 16) !== 'IHDR' || width === 0 || height === 0) {
    throw new AppError(BRANDING_ERRORS.logoInvalid, 400, 'The PNG file cannot be read');
  }
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) {
    throw new AppError(BRANDING_ERRORS.logoTooLarge, 400, `The logo may be at most ${LOGO_MAX_SIDE} pixels wide and high`);
  }
  let image: PNG;
  try {
    image = PNG.sync.read(upload);
  } catch {
    throw new AppError(BRANDING_ERRORS.logoInvalid, 400, 'The PNG file cannot be read');
  }
  return checked(PNG.sync.write(image, { colorType: 6 }), 'image/png');
}

function rasterisedSvg(upload: Buffer): CheckedLogo {
  let svg: string;
  try {
    svg = sanitiseSvg(upload.toString('utf8'));
  } catch (err) {
    if (err instanceof UnsafeSvgError) throw new AppError(BRANDING_ERRORS.logoUnsafe, 400, `The SVG file is not accepted: ${err.message}`);
    throw err;
  }
  try {
    return checked(rasteriseSvg(svg), 'image/png');
  } catch {
    throw new AppError(BRANDING_ERRORS.logoInvalid, 400, 'The SVG file cannot be drawn');
  }
}

export function checkLogo(upload: Buffer): CheckedLogo {
  if (upload.length > LOGO_MAX_BYTES) throw new AppError(BRANDING_ERRORS.logoTooLarge, 413, `The logo may be at most ${LOGO_MAX_BYTES / 1024} KB`);
  if (upload.subarray(0, 8).equals(PNG_SIGNATURE)) return reencodePng(upload);
  const head = upload.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('<') && /<svg[\s>]/i.test(upload.toString('utf8'))) return rasterisedSvg(upload);
  throw new AppError(BRANDING_ERRORS.logoType, 415, 'The logo must be an SVG or PNG file');
}
