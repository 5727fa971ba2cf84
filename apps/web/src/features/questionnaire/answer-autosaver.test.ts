import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { RETRY_DELAYS_MS, SAVE_DELAY_MS, createAnswerAutosaver, type SaveState } from './answer-autosaver';
import type { AnswerChanges } from './api/save-answers';
import { unsavedAnswersStorageKey } from './unsaved-answers';

const TOKEN = 'tok-a';
const stored = () =>
  JSON.parse(window.localStorage.getItem(unsavedAnswersStorageKey(TOKEN)) ?? 'null') as unknown;

function setup(send: (changes: AnswerChanges) => Promise<unknown>) {
  const states: SaveState[] = [];
  const ends: string[] = [];
  const saver = createAnswerAutosaver(TOKEN, send, {
    onStateChange: (state) => states.push(state),
    onEnd: (end) => ends.push(end),
  });
  saver.start();
  return { saver, states, ends };
}

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('answer autosaver', () => {
  it('sends answers given in quick succession together, one call at a time', async () => {
    const send = vi.fn(async (_changes: AnswerChanges) => ({}));
    const { saver, states } = setup(send);
    saver.change('q1', 3);
    saver.change('q2', 'yes');
    expect(stored()).toEqual({ q1: 3, q2: 'yes' });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(send.mock.calls).toEqual([[{ q1: 3, q2: 'yes' }]]);
    expect(states.at(-1)).toBe('saved');
    expect(stored()).toBeNull();
    saver.stop();
  });

  it('keeps an answer changed while its first value was being sent', async () => {
    let release: () => void = () => {};
    const send = vi.fn(
      (_changes: AnswerChanges) =>
        new Promise((resolve) => {
          release = () => resolve({});
        }),
    );
    const { saver } = setup(send);
    saver.change('q1', 3);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    saver.change('q1', 5);
    release();
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(send.mock.calls.map(([changes]) => changes)).toEqual([{ q1: 3 }, { q1: 5 }]);
    expect(stored()).toBeNull();
    saver.stop();
  });

  it('retries a failed save with growing pauses', async () => {
    const send = vi.fn(async (_changes: AnswerChanges): Promise<unknown> => {
      throw new ApiError(0, { errorKey: 'error.network' });
    });
    const { saver, states } = setup(send);
    saver.change('q1', 3);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(states.at(-1)).toBe('error');
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1] - 1);
    expect(send).toHaveBeenCalledTimes(2);
    send.mockResolvedValue({});
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(3);
    expect(states.at(-1)).toBe('saved');
    expect(stored()).toBeNull();
    saver.stop();
  });

  it('pushes answers restored from this browser when it starts', async () => {
    window.localStorage.setItem(unsavedAnswersStorageKey(TOKEN), JSON.stringify({ q2: 'no', bad: { x: 1 } }));
    const send = vi.fn(async (_changes: AnswerChanges) => ({}));
    const { saver } = setup(send);
    expect(saver.unsavedChanges()).toEqual({ q2: 'no' });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledWith({ q2: 'no' });
    saver.stop();
  });

  it('ends the page and forgets the answers when the questionnaire can no longer take them', async () => {
    const send = vi.fn(async (_changes: AnswerChanges): Promise<unknown> => {
      throw new ApiError(410, { errorKey: 'error.interaction.expired' });
    });
    const { saver, ends } = setup(send);
    saver.change('q1', 3);
    expect(await saver.saveNow()).toBe(false);
    expect(ends).toEqual(['expired']);
    expect(stored()).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    saver.stop();
  });

  it('reports an offline browser at once and sends when it is back online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const send = vi.fn(async (_changes: AnswerChanges) => ({}));
    const { saver, states } = setup(send);
    saver.change('q1', 3);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(states.at(-1)).toBe('error');
    expect(send).not.toHaveBeenCalled();
    expect(stored()).toEqual({ q1: 3 });
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledWith({ q1: 3 });
    expect(states.at(-1)).toBe('saved');
    saver.stop();
  });
});
