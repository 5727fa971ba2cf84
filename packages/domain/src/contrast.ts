// WCAG 2.x contrast of brand colours (docs/decisions/0055): the participant pages put white text on the primary and
// accent colours (buttons, the header) and use both as text colour on white, so each must reach AA for normal text
// (4.5:1) against white. Shared by the settings form (a hint while typing) and the server (the refusal).
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const AA_TEXT_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of #rrggbb (WCAG 2.2, 1.4.3). */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** True when text in this colour on white, and white text on it, are both readable (AA, normal text). */
export function passesTextContrast(hex: string): boolean {
  return HEX_COLOR.test(hex) && contrastRatio(hex, '#ffffff') >= AA_TEXT_CONTRAST;
}
