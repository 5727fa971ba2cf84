// DejaVu Sans for every PDF: it covers umlauts, the euro sign, typographic quotes and dashes, which the PDF base
// fonts do not; characters it lacks (most emoji) are replaced before layout (printable-text.ts). The files come from the npm package dejavu-fonts-ttf and are found through Node's module
// resolution, so the same code works from source (tsx, vitest) and from the bundle (dist/main.js keeps npm
// packages external) without any font installed on the machine.
import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

export const FONT_FAMILY = 'DejaVu Sans';

const resolveFromHere = createRequire(import.meta.url).resolve;
const fontFile = (name: string) => resolveFromHere(`dejavu-fonts-ttf/ttf/${name}`);

/** The four faces: regular, bold, italic, bold italic (printable-text.ts checks characters against all of them). */
export const FONT_FILES = [
  'DejaVuSans.ttf',
  'DejaVuSans-Bold.ttf',
  'DejaVuSans-Oblique.ttf',
  'DejaVuSans-BoldOblique.ttf',
] as const;

let registered = false;

/** Registers the font family once per process; react-pdf keeps the parsed fonts between renders. */
export function registerFonts(): void {
  if (registered) return;
  const [regular, bold, italic, boldItalic] = FONT_FILES;
  Font.register({
    family: FONT_FAMILY,
    fonts: [
      { src: fontFile(regular) },
      { src: fontFile(bold), fontWeight: 'bold' },
      { src: fontFile(italic), fontStyle: 'italic' },
      { src: fontFile(boldItalic), fontWeight: 'bold', fontStyle: 'italic' },
    ],
  });
  // react-pdf hyphenates with English patterns by default, which splits German compounds at odd places
  // ("Risikobe-reitschaft") and breaks names; whole words only.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
