// NUL bytes and lone surrogates are found anywhere in a parsed request; real characters (emoji pairs, umlauts) pass.
import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText } from './safe-text';

describe('isSafeText', () => {
  it('refuses a NUL and a lone high or low surrogate, accepts pairs and ordinary text', () => {
    expect(isSafeText('Jürgen Müller 😀 €')).toBe(true);
    expect(isSafeText('')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('a\ud800b')).toBe(false);
    expect(isSafeText('\ud800')).toBe(false);
    expect(isSafeText('a\udc00')).toBe(false);
    expect(isSafeText('\ude00\ud83d')).toBe(false);
  });
});

describe('findUnsafeText', () => {
  it('names the first field with unsafe text, keys included', () => {
    expect(findUnsafeText({ a: 'x', b: [1, 'ok', { c: 'y\u0000' }] }, 'body')).toBe('body.b.2.c');
    expect(findUnsafeText({ answers: { 'q\ud800': 1 } }, 'body')).toBe('body.answers');
    expect(findUnsafeText('text\u0000', 'body')).toBe('body');
    expect(findUnsafeText({ a: 'fine', n: 3, b: null, t: true }, 'query')).toBeNull();
  });

  it('walks a body nested 100,000 levels deep without exhausting the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep, 'body')).toMatch(/^body(\.0)+$/);
  });
});
