// DejaVu Sans for every PDF: it covers umlauts, the euro sign, typographic quotes and dashes, which the PDF base
// fonts do not. The files come from the npm package dejavu-fonts-ttf and are found through Node's module
// resolution, so the same code works from source (tsx, vitest) and from the bundle (dist/main.js keeps npm
// packages external) without any font installed on the machine.
import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

export const FONT_FAMILY = 'DejaVu Sans';

const resolveFromHere = createRequire(import.meta.url).resolve;
const fontFile = (name: string) => resolveFromHere(`dejavu-fonts-ttf/ttf/${name}`);

let registered = false;

/** Registers the font family once per process; react-pdf keeps the parsed fonts between renders. */
export function registerFonts(): void {
  if (registered) return;
  Font.register({
    family: FONT_FAMILY,
    fonts: [
      { src: fontFile('DejaVuSans.ttf') },
      { src: fontFile('DejaVuSans-Bold.ttf'), fontWeight: 'bold' },
      { src: fontFile('DejaVuSans-Oblique.ttf'), fontStyle: 'italic' },
      { src: fontFile('DejaVuSans-BoldOblique.ttf'), fontWeight: 'bold', fontStyle: 'italic' },
    ],
  });
  // react-pdf hyphenates with English patterns by default, which splits German compounds at odd places
  // ("Risikobe-reitschaft") and breaks names; whole words only.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
