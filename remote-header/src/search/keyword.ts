/** The API matches every whitespace-separated term; the results page marks the same terms. */
export function keywordTerms(keyword: string): string[] {
  return [...new Set(keyword.toLowerCase().split(/\s+/u).filter(Boolean))];
}

/** One pattern matching any of the terms as plain text, longest first; `null` when there is nothing to mark. */
export function termPattern(terms: string[]): RegExp | null {
  if (terms.length === 0) return null;
  const escaped = [...terms]
    .sort((a, b) => b.length - a.length)
    .map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(${escaped.join('|')})`, 'giu');
}
