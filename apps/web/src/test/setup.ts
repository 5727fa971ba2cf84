// Setup of the web test project: jest-dom matchers, the browser APIs Mantine needs that jsdom lacks, and the
// rule that a console.error fails the test (React warnings are bugs).
// Type-only: brings the matcher types; the matchers themselves are registered below with expect.extend.
import type {} from '@testing-library/jest-dom/vitest';
import * as matchers from '@testing-library/jest-dom/matchers';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, expect, vi } from 'vitest';

expect.extend(matchers);

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window))
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub });
// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on it for fonts that finish loading.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } });
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `console.error was called:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});

// A Mantine transition still running when a file's last test ends sets its state from a timer (up to its duration,
// 250 ms by default) after cleanup; if the file's jsdom is already gone then, React throws "window is not defined"
// outside any test. Let such timers run out before the environment is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 350)));

