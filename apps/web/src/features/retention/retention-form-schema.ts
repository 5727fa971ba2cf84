// The retention form's fields as typed (strings), checked with the contract's rules and turned into its numbers.
import { z } from 'zod';
import { ZRetentionSettings } from '@bq/contracts/retention';

export type RetentionField = 'advisoryYears' | 'selectionMonths';

const wholeNumber = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN);

export const ZRetentionForm = z
  .object({ advisoryYears: z.string(), selectionMonths: z.string() })
  .transform(({ advisoryYears, selectionMonths }) => ({ advisoryYears: Number(advisoryYears), selectionMonths: wholeNumber(selectionMonths) }))
  .pipe(ZRetentionSettings);
