// The autosave of the participant's answers, free of React: every change is kept in localStorage until the
// server confirms it and sent shortly after it was given (changes in quick succession travel together, one call
// at a time). A failed call is retried with growing pauses, and at once when the browser is back online;
// an answer the server can never take (the link expired, the questionnaire was submitted) ends the page.
import { ApiError, NETWORK_ERROR_KEY } from '../../lib/api-client';
import type { AnswerChanges } from './api/save-answers';
import type { AnswerValue } from './questionnaire-model';
import { questionnaireEndOf, type QuestionnaireEnd } from './questionnaire-end';
import { readUnsavedAnswers, writeUnsavedAnswers } from './unsaved-answers';

/** idle: nothing changed yet; error: the last call failed (retried unless `failedForGood`). */
export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

export const SAVE_DELAY_MS = 250;
export const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000] as const;

export interface AutosaverEvents {
  onStateChange: (state: SaveState, failedForGood: boolean) => void;
  onEnd: (end: QuestionnaireEnd) => void;
}

export interface AnswerAutosaver {
  /** Changes not confirmed by the server yet (restored from localStorage at creation). */
  unsavedChanges: () => AnswerChanges;
  change: (itemKey: string, value: AnswerValue) => void;
  /** Sends everything unsaved now; true once the server has all of it. */
  saveNow: () => Promise<boolean>;
  /** Starts saving (and pushes what was restored); stop ends timers and listeners. */
  start: () => void;
  stop: () => void;
}

export function createAnswerAutosaver(
  instanceToken: string,
  send: (changes: AnswerChanges) => Promise<unknown>,
  events: AutosaverEvents,
): AnswerAutosaver {
  let unsaved = readUnsavedAnswers(instanceToken);
  let running: Promise<boolean> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let active = false;
  let ended = false;

  const hasUnsaved = () => Object.keys(unsaved).length > 0;

  function keep(changes: AnswerChanges) {
    unsaved = changes;
    writeUnsavedAnswers(instanceToken, unsaved);
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void saveNow(), delayMs);
  }

  function failed(error: unknown): false {
    const end = questionnaireEndOf(error);
    if (end) {
      // Nothing can be saved any more; keeping the answers would only push them in vain next time.
      ended = true;
      keep({});
      events.onEnd(end);
      return false;
    }
    if (error instanceof ApiError && error.status === 400) {
      // The server refuses these answers (the questionnaire changed since the page was opened): retrying
      // cannot help, and the page has to be reloaded.
      keep({});
      events.onStateChange('error', true);
      return false;
    }
    events.onStateChange('error', false);
    const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)] ?? SAVE_DELAY_MS;
    failures += 1;
    if (active) schedule(delay);
    return false;
  }

  async function drain(): Promise<boolean> {
    let sent = false;
    while (hasUnsaved()) {
      if (ended) return false;
      const batch = unsaved;
      // Offline the call would fail (or hang) anyway; say so at once and wait for the 'online' event.
      if (!navigator.onLine) return failed(new ApiError(0, { errorKey: NETWORK_ERROR_KEY }));
      events.onStateChange('saving', false);
      try {
        await send(batch);
      } catch (error) {
        return failed(error);
      }
      sent = true;
      failures = 0;
      // Answers changed again while the call was under way stay unsaved.
      const rest = { ...unsaved };
      for (const [key, value] of Object.entries(batch)) if (rest[key] === value) delete rest[key];
      keep(rest);
    }
    if (sent) events.onStateChange('saved', false);
    return !ended;
  }

  function saveNow(): Promise<boolean> {
    clearTimeout(timer);
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  }

  const onOnline = () => {
    if (hasUnsaved()) void saveNow();
  };

  return {
    unsavedChanges: () => unsaved,
    change(itemKey, value) {
      keep({ ...unsaved, [itemKey]: value });
      if (ended) return;
      events.onStateChange('saving', false);
      schedule(SAVE_DELAY_MS);
    },
    saveNow,
    start() {
      active = true;
      window.addEventListener('online', onOnline);
      if (hasUnsaved()) void saveNow();
    },
    stop() {
      active = false;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    },
  };
}
