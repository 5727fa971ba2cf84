import { describe, expect, it } from 'vitest';
import { withoutIdentity } from './without-identity';

const ed = { firstName: 'Ed', lastName: 'Lee', email: 'ed.lee@example.com', phone: '+49 170 1234567' };

describe('withoutIdentity', () => {
  it('erases whole words only, so the words around a short name survive', () => {
    expect(withoutIdentity('Client invested in 2019; the loss was confirmed by Ed Lee.', ed)).toBe(
      'Client invested in 2019; the loss was confirmed by [erased].',
    );
    expect(withoutIdentity('Edited with ED on the phone; Lee’s wife agreed. Fleet, sleek, Edward.', ed)).toBe(
      'Edited with [erased] on the phone; [erased]’s wife agreed. Fleet, sleek, Edward.',
    );
  });

  it('erases the e-mail and phone as given, and names in any script at word boundaries', () => {
    expect(withoutIdentity('Mail ed.lee@example.com or call +49 170 1234567.', ed)).toBe('Mail [erased] or call [erased].');
    const jurgen = { firstName: 'Jürgen', lastName: 'Müller', email: 'jm@example.com', phone: null };
    expect(withoutIdentity('Jürgen Müller and Müllers; jürgen said so.', jurgen)).toBe('[erased] and Müllers; [erased] said so.');
  });
});
