/**
 * Waits for something the test cannot be told of, only look at (a load's answers, which balancer holds an address),
 * looking every 20 ms: resolves with the first value `found` gives other than undefined, and fails naming `what` once
 * `withinMs` have gone by without one.
 */
export async function until<T>(what: string, withinMs: number, found: () => T | undefined): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${withinMs} ms 内没有${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
