import { describe, expect, it } from 'vitest';
import { clientDisplayName } from './client-display-name';

describe('clientDisplayName', () => {
  it('shows a listed client as "last name, first name"', () => {
    expect(clientDisplayName({ firstName: 'Olivia', lastName: 'Bennett', anonymize: false, anonymizedName: null, anonymizationKind: 'NAME' })).toBe('Bennett, Olivia');
  });

  it('shows an anonymised client as the user text plus number, never the name', () => {
    expect(clientDisplayName({ firstName: '', lastName: '', anonymize: true, anonymizedName: 'Client 5', anonymizationKind: 'NUMBER' })).toBe('Client 5');
  });

  it('shows one run of stars for a masked client', () => {
    expect(clientDisplayName({ firstName: '*****', lastName: '*****', anonymize: false, anonymizedName: null, anonymizationKind: 'STARS' })).toBe('*****');
  });

  it('reads rows without anonymisation fields by name', () => {
    expect(clientDisplayName({ firstName: 'Anna', lastName: 'Müller' })).toBe('Müller, Anna');
  });
});
