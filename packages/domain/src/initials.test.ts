import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fullName, initials } from './initials';

describe('initials', () => {
  it.each<[string | null | undefined, string | null | undefined, string]>([
    ['Anna', 'Müller', 'AM'],
    ['anna', 'müller', 'AM'],
    ['ölaf', 'über', 'ÖÜ'],
    ['Élodie', 'ángel', 'ÉÁ'],
    ['o\u0308laf', 'x', 'ÖX'],
    ['Anna', '', 'A'],
    ['', 'Müller', 'M'],
    ['  ', ' müller ', 'M'],
    [null, 'Smith', 'S'],
    ['John', undefined, 'J'],
    [null, null, ''],
    [undefined, undefined, ''],
    ['', '', ''],
    ['ßtefan', 'x', 'ßX'],
    ['łukasz', 'żak', 'ŁŻ'],
    ['ирина', 'петрова', 'ИП'],
    ['😀nna', 'b', '😀B'],
    ['1st', 'x', '1X'],
  ])('%j %j -> %j', (first, last, expected) => expect(initials(first, last)).toBe(expected));

  it('works with no arguments', () => {
    expect(initials()).toBe('');
  });

  it('gives at most two code points', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (first, last) => {
        expect([...initials(first, last)].length).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('fullName', () => {
  it.each<[string | null | undefined, string | null | undefined, string]>([
    ['Müller', 'Anna', 'Müller, Anna'],
    [' Müller ', ' Anna ', 'Müller, Anna'],
    ['Müller', '', 'Müller'],
    ['', 'Anna', 'Anna'],
    ['Müller', null, 'Müller'],
    [undefined, 'Anna', 'Anna'],
    ['  ', '  ', ''],
    [null, null, ''],
    ['van der Berg', 'Jan Piet', 'van der Berg, Jan Piet'],
  ])('%j %j -> %j', (last, first, expected) => expect(fullName(last, first)).toBe(expected));

  it('works with no arguments', () => {
    expect(fullName()).toBe('');
  });
});
