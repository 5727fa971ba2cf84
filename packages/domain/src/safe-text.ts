// Text PostgreSQL and every later reader can store and show: no NUL byte (PostgreSQL refuses it in text and
// jsonb) and no lone UTF-16 surrogate (not a character; it cannot be written as UTF-8). Used by the server's
// input guard on every request and usable by any form.

/** A NUL, a high surrogate without its low half, or a low surrogate without its high half. */
// eslint-disable-next-line no-control-regex -- the NUL control character is exactly what this looks for
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isSafeText(text: string): boolean {
  return !UNSAFE.test(text);
}

/**
 * The first place in a parsed value (object, array, string; record keys count) that holds unsafe text, as a
 * dotted path below `root` ("body.answers.q1"), or null. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findUnsafeText(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], `${path}.${i}`]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (!isSafeText(key)) return path;
        stack.push([inner, `${path}.${key}`]);
      }
    }
  }
  return null;
}
