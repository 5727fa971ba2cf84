// Test i18n: the shipped EN_US texts (the same files the server seeds), so tests assert what users read.
import bqui from '../../../server/src/features/translations/data/EN_US/BQUI.json';
import errors from '../../../server/src/features/translations/data/EN_US/ERROR.json';
import { initI18nWith } from '../lib/i18n';

export const enUsTexts: Record<string, string> = { ...bqui, ...errors };

export function initTestI18n(): Promise<void> {
  return initI18nWith('EN_US', enUsTexts);
}
