/**
 * mulberry32: a small, fast generator of numbers in [0, 1) that, unlike Math.random, gives the same sequence for
 * the same seed. Good enough for demo images and test inputs; not for anything secret. Node and test tooling
 * import this file directly: nothing in the browser needs it, so the public surface leaves it out.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
