// Polls until `check` answers something truthy (a mail arrived, a state was reached) and returns it, or fails naming
// what it waited for. Each test file keeps its own patience (timeout) and pace (interval).
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  opts: { timeoutMs: number; intervalMs: number },
): Promise<T> {
  const end = Date.now() + opts.timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
}
