// Keeps every character of a PDF inside the embedded DejaVu faces. react-pdf draws a character that the chosen font
// lacks (most emoji, CJK) with Helvetica, a base font it does not embed and that lacks it too: the reader sees a box
// or nothing, and the file is no longer self-contained. So, before layout, each user-visible character (grapheme)
// that one of the four faces cannot draw becomes one visible substitute, U+FFFD "�", which they all have: the
// reader can tell that something stood there (docs/decisions/0015). Coverage is read from the font files themselves.
import { createRequire } from 'node:module';
import { openSync } from 'fontkit';
import { FONT_FILES } from './fonts';

/** Drawn in place of a character the embedded fonts cannot draw. */
export const SUBSTITUTE = '\uFFFD';

/**
 * Invisible joiners and selectors (ZWJ, variation selectors, emoji tags): they only steer how the characters around
 * them look, so a grapheme is printable when the rest of it is; they are dropped.
 */
function isSteering(codePoint: number): boolean {
  return (
    codePoint === 0x200c ||
    codePoint === 0x200d ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    (codePoint >= 0xe0020 && codePoint <= 0xe007f) ||
    (codePoint >= 0xe0100 && codePoint <= 0xe01ef)
  );
}
/** Line breaks and tabs are layout, not glyphs. */
const LAYOUT = /^[\n\r\t]$/;

const resolveFromHere = createRequire(import.meta.url).resolve;
let coverage: Set<number> | null = null;

/** The code points all four faces draw (a bold or italic run must not fall back either). */
export function embeddedCoverage(): ReadonlySet<number> {
  if (coverage) return coverage;
  const sets = FONT_FILES.map((file) => {
    const font = openSync(resolveFromHere(`dejavu-fonts-ttf/ttf/${file}`));
    // A .ttf holds one font; a collection (.ttc) would be a packaging mistake worth failing loudly on.
    if (!('characterSet' in font)) throw new Error(`${file} is a font collection, not a font`);
    return new Set(font.characterSet);
  });
  coverage = new Set([...sets[0]!].filter((codePoint) => sets.every((set) => set.has(codePoint))));
  return coverage;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The text with every grapheme the embedded fonts cannot draw replaced by SUBSTITUTE. */
export function printable(text: string): string {
  // Printable ASCII (and line breaks) is always covered: the common case costs one test.
  if (/^[\x20-\x7e\n\r\t]*$/.test(text)) return text;
  const covered = embeddedCoverage();
  // Most text (German, typographic punctuation) is covered character by character: no need to segment it.
  let allCovered = true;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (isSteering(codePoint) || (!covered.has(codePoint) && !LAYOUT.test(char))) {
      allCovered = false;
      break;
    }
  }
  if (allCovered) return text;
  let out = '';
  for (const { segment } of segmenter.segment(text)) {
    if (LAYOUT.test(segment)) {
      out += segment;
      continue;
    }
    const visible = [...segment].filter((char) => !isSteering(char.codePointAt(0)!)).join('');
    if (visible === '') continue;
    const drawable = [...visible].every((char) => covered.has(char.codePointAt(0)!));
    // A space the fonts lack is still a space; anything else becomes the visible substitute.
    out += drawable ? visible : /^\s+$/u.test(visible) ? ' ' : SUBSTITUTE;
  }
  return out;
}

/** Every string inside a content object made printable; numbers, booleans and structure stay as they are. */
export function printableContent<T>(value: T): T {
  if (typeof value === 'string') return printable(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => printableContent(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, printableContent(item)]),
    ) as T;
  }
  return value;
}
