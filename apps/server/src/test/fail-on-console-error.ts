// A console.error during a test fails it: an error someone logged is an error someone missed.
import { afterEach, vi } from 'vitest';

const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});
