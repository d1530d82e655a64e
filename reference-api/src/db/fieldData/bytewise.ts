/**
 * Text in the order of its UTF-8 bytes (code point order), as SQLite's BINARY and PostgreSQL's "C" collation order
 * it: the tie-break of builds and clients, so no locale decides which is shown or left out. JavaScript's `<` compares
 * UTF-16 code units, which differs only where a surrogate (a code point past U+FFFF) meets U+E000–U+FFFF.
 */
export function bytewise(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const [x, y] = [a.charCodeAt(index), b.charCodeAt(index)];
    if (x !== y) return rankOf(x) - rankOf(y);
  }
  return a.length - b.length;
}

/** A code unit's place in code point order: surrogates after the rest of the basic plane. */
const rankOf = (unit: number) => (unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit);
