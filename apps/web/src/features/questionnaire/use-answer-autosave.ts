// The participant's answers in the page: shown at once, saved by the answer autosaver, restored from what the
// server has plus what this browser still holds unsaved.
import { useCallback, useEffect, useRef, useState } from 'react';
import { createAnswerAutosaver, type SaveState } from './answer-autosaver';
import { saveAnswers, type AnswerChanges } from './api/save-answers';
import type { AnswerValue, Answers } from './questionnaire-model';
import type { QuestionnaireEnd } from './questionnaire-end';

function applyChanges(answers: Answers, changes: AnswerChanges): Answers {
  const next = { ...answers };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

export interface AnswerAutosave {
  answers: Answers;
  saveState: SaveState;
  /** The last answer was refused for good; only reloading the page helps. */
  failedForGood: boolean;
  setAnswer: (itemKey: string, value: AnswerValue) => void;
  saveNow: () => Promise<boolean>;
  /** Takes the server's answers again (keeping what is still unsaved here) and returns the result. */
  resetTo: (savedAnswers: Answers) => Answers;
}

export function useAnswerAutosave(
  instanceToken: string,
  savedAnswers: Answers,
  onEnd: (end: QuestionnaireEnd) => void,
): AnswerAutosave {
  const latest = useRef({ onEnd });
  useEffect(() => {
    latest.current = { onEnd };
  });
  const [status, setStatus] = useState<{ saveState: SaveState; failedForGood: boolean }>({
    saveState: 'idle',
    failedForGood: false,
  });
  const [saver] = useState(() =>
    createAnswerAutosaver(instanceToken, (changes) => saveAnswers(instanceToken, changes), {
      onStateChange: (saveState, failedForGood) => setStatus({ saveState, failedForGood }),
      onEnd: (end) => latest.current.onEnd(end),
    }),
  );
  const [answers, setAnswers] = useState(() => applyChanges(savedAnswers, saver.unsavedChanges()));

  useEffect(() => {
    saver.start();
    return () => saver.stop();
  }, [saver]);

  const setAnswer = useCallback(
    (itemKey: string, value: AnswerValue) => {
      setAnswers((current) => ({ ...current, [itemKey]: value }));
      saver.change(itemKey, value);
    },
    [saver],
  );

  const resetTo = useCallback(
    (fromServer: Answers) => {
      const merged = applyChanges(fromServer, saver.unsavedChanges());
      setAnswers(merged);
      return merged;
    },
    [saver],
  );

  return { answers, ...status, setAnswer, saveNow: saver.saveNow, resetTo };
}
