/**
 * How keywords and indexed text are cut up. The trigram index answers terms of 3+ characters; shorter terms are
 * looked up among every 1- and 2-character substring of the text (the `search_grams` table).
 */
export const TRIGRAM_MIN = 3;
const MAX_TERMS = 8;

export function normalize(value: string): string {
  return value.toLowerCase();
}

/** Characters, not UTF-16 units: an emoji is one character here as it is for SQLite's trigram tokenizer. */
export function characterCount(value: string): number {
  return [...value].length;
}

/** Whitespace separates terms; every term must match (AND). Repeats are dropped and the count is capped. */
export function splitTerms(keyword: string): string[] {
  return [...new Set(normalize(keyword).split(/\s+/u).filter(Boolean))].slice(0, MAX_TERMS);
}

/** An FTS5 string literal: the term is matched as a substring, never read as query syntax (AND, NEAR, *, ^ ...). */
export function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** Every distinct 1- and 2-character substring that contains no whitespace (terms never do). */
export function shortGrams(texts: string[]): Set<string> {
  const grams = new Set<string>();
  for (const text of texts) {
    const chars = [...normalize(text)];
    chars.forEach((char, index) => {
      if (/\s/u.test(char)) return;
      grams.add(char);
      const next = chars[index + 1];
      if (next !== undefined && !/\s/u.test(next)) grams.add(char + next);
    });
  }
  return grams;
}
