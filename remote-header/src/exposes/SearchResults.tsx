import { SearchPage } from '../search/SearchPage';
import '../search/search.css';

export interface SearchResultsProps {
  /** The decoded search text (the shell reads it from `/search/{key}`); rendered as text, never as HTML. */
  keyword: string;
}

/** Each keyword gets a fresh page: no result, page number or error of the previous keyword survives. */
export default function SearchResults({ keyword }: SearchResultsProps) {
  return <SearchPage key={keyword} keyword={keyword} />;
}
