// Answers not yet confirmed by the server, kept in this browser per instance token, so that an answer given
// offline (or in a tab closed too early) is restored and sent when the link is opened again.
import type { AnswerChanges } from './api/save-answers';

export const unsavedAnswersStorageKey = (instanceToken: string) =>
  `bq.questionnaire.${instanceToken}.unsaved`;

const isChangeValue = (value: unknown) =>
  value === null || typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));

export function readUnsavedAnswers(instanceToken: string): AnswerChanges {
  try {
    const stored = window.localStorage.getItem(unsavedAnswersStorageKey(instanceToken));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([, value]) => isChangeValue(value)),
    ) as AnswerChanges;
  } catch {
    return {};
  }
}

export function writeUnsavedAnswers(instanceToken: string, changes: AnswerChanges): void {
  try {
    const key = unsavedAnswersStorageKey(instanceToken);
    if (Object.keys(changes).length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(changes));
  } catch {
    // Private mode or full storage: the answers then only live in this page until they are saved.
  }
}
