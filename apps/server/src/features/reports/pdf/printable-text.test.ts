// The characters a PDF may contain: whatever the embedded DejaVu faces draw stays, anything else (most emoji, CJK)
// becomes one visible substitute per character as a reader sees it.
import { describe, expect, it } from 'vitest';
import { embeddedCoverage, printable, printableContent, SUBSTITUTE as X } from './printable-text';

describe('printable', () => {
  it('keeps German, the euro sign, typographic punctuation, other European scripts and line breaks', () => {
    const text =
      'Jürgen Müller-Lüdenscheidt, Straße · 1.234,50 € – „Zitat“ … Ørsted, Łódź, Ελλάδα, Жанна\nZeile 2\tTab';
    expect(printable(text)).toBe(text);
  });

  it('replaces each emoji or character the fonts lack with one substitute, whole sequences included', () => {
    expect(printable('Anna 🌻 Schmidt')).toBe(`Anna ${X} Schmidt`);
    // A family (joined by ZWJ), a flag (two regional indicators) and a skin tone are one character each to a reader.
    expect(printable('👨‍👩‍👧 🇩🇪 👍🏽!')).toBe(`${X} ${X} ${X}!`);
    expect(printable('王小明')).toBe(`${X}${X}${X}`);
  });

  it('keeps a symbol the fonts have and drops the selector that asks for its emoji look', () => {
    expect(printable('Danke ❤️ ✓')).toBe('Danke ❤ ✓');
  });

  it('leaves nothing a face cannot draw, whatever comes in', () => {
    const covered = embeddedCoverage();
    const sample = 'Zoë 🎉 ☃ 𝔘 ₿ 한국 \u{1F600} \u0301e ✅';
    for (const char of printable(sample)) {
      if (char !== '\n') expect(covered.has(char.codePointAt(0)!), char).toBe(true);
    }
  });

  it('maps every string of a content object and keeps the rest', () => {
    expect(
      printableContent({
        name: 'Ida 🌷',
        count: 3,
        ok: true,
        none: null,
        list: ['🍀', 'x'],
        nested: { note: 'a🍕b' },
      }),
    ).toEqual({
      name: `Ida ${X}`,
      count: 3,
      ok: true,
      none: null,
      list: [X, 'x'],
      nested: { note: `a${X}b` },
    });
  });
});
