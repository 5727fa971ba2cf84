// A QR code as vector shapes (one SVG path of its dark modules), so it prints sharp at any size and any printer
// resolution; the symbol comes from the qrcode package (ISO/IEC 18004), error correction M (15 % of the symbol may
// be smudged or covered and it still reads).
import { Path, Rect, Svg } from '@react-pdf/renderer';
import { create } from 'qrcode';
import { COLORS } from './theme';

/** Light modules around the symbol that a scanner needs to find it (the standard asks for four). */
const QUIET_ZONE = 4;

/** The dark modules of the symbol for a text as path data in module units, runs of a row merged into one box. */
export function qrPath(text: string): { modules: number; d: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const parts: string[] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      const x = start + QUIET_ZONE;
      const y = row + QUIET_ZONE;
      parts.push(`M${x} ${y}h${col - start}v1h-${col - start}z`);
    }
  }
  return { modules: n, d: parts.join('') };
}

export function QrCode({ value, size, color = COLORS.ink }: { value: string; size: number; color?: string }) {
  const { modules, d } = qrPath(value);
  const extent = modules + 2 * QUIET_ZONE;
  return (
    <Svg width={size} height={size} viewBox={`0 0 ${extent} ${extent}`}>
      <Rect x={0} y={0} width={extent} height={extent} fill={COLORS.white} />
      <Path d={d} fill={color} />
    </Svg>
  );
}
