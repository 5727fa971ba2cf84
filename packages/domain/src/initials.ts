// Display names of people: avatar initials and the "Last, First" full name of team members (spec section 3).

function clean(part: string | null | undefined): string {
  // NFC so a decomposed 'o' + combining diaeresis yields 'Ö' rather than a bare 'O'.
  return typeof part === 'string' ? part.trim().normalize('NFC') : '';
}

function initialOf(part: string): string {
  const first = [...part][0];
  if (first === undefined) return '';
  const upper = first.toUpperCase();
  // 'ß'.toUpperCase() is 'SS'; one letter in, one letter out.
  return [...upper].length === 1 ? upper : first;
}

/** 'Ölaf', 'Müller' -> 'ÖM'; blank parts are skipped, so a single name gives one letter. */
export function initials(firstName?: string | null, lastName?: string | null): string {
  return initialOf(clean(firstName)) + initialOf(clean(lastName));
}

/** 'Müller', 'Anna' -> 'Müller, Anna'; without the comma when either is blank. */
export function fullName(lastName?: string | null, firstName?: string | null): string {
  return [clean(lastName), clean(firstName)].filter((part) => part !== '').join(', ');
}
