import { termPattern } from './keyword';

interface HighlightProps {
  text: string;
  terms: string[];
}

/** Marks the searched terms inside a result's text. Everything stays text: nothing is parsed as HTML. */
export function Highlight({ text, terms }: HighlightProps) {
  const pattern = termPattern(terms);
  if (!pattern) return <>{text}</>;
  // With one capturing group, split puts the matches at the odd indexes.
  const parts = text.split(pattern);
  return <>{parts.map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part))}</>;
}
