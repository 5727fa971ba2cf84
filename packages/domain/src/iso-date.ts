// Reads the Date-or-ISO-string values the date helpers accept, by hand, so server and browser get the same instant.

// Date.parse reads zone-less timestamps as local time and non-ISO text however the engine likes, which would make
// a date shift between server (UTC) and browser; so only ISO 8601 is accepted and a missing zone means UTC.
const ISO_PATTERN =
  /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Returns the instant a Date or an ISO 8601 date/timestamp stands for, or null when it is invalid or not ISO.
 * A date-only string is midnight UTC; a timestamp without an offset is read as UTC.
 */
export function parseIsoDate(value: Date | string | null | undefined): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  if (typeof value !== 'string') return null;
  const match = ISO_PATTERN.exec(value.trim());
  if (!match) return null;
  const [
    ,
    yearText = '',
    monthText = '',
    dayText = '',
    hourText,
    minuteText,
    secondText,
    fractionText,
    zone,
  ] = match;
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  const hour = Number(hourText ?? 0);
  const minute = Number(minuteText ?? 0);
  const second = Number(secondText ?? 0);
  const millisecond = Number((fractionText ?? '').slice(0, 3).padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;

  // setUTCFullYear rather than Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millisecond);
  // Rolling over (31 April -> 1 May) means the day does not exist.
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;

  const offsetMinutes = zoneOffsetMinutes(zone);
  if (offsetMinutes === null) return null;
  const time = date.getTime() - offsetMinutes * 60_000;
  return Number.isNaN(time) ? null : new Date(time);
}

function zoneOffsetMinutes(zone: string | undefined): number | null {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  if (hours > 23 || minutes > 59) return null;
  return sign * (hours * 60 + minutes);
}
