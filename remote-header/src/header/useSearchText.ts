import { useEffect, useState, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { isSearchPath, searchKeywordFromPath, takeTypedValue, type FieldError } from '@wenrun/shared';

function keywordOf(pathname: string): string {
  return isSearchPath(pathname) ? searchKeywordFromPath(pathname) : '';
}

/** The search box's text and its error as the visitor moves between pages, and what they typed before hydration. */
export function useSearchText(input: RefObject<HTMLInputElement>) {
  const { pathname } = useLocation();
  const [text, setText] = useState(() => keywordOf(pathname));
  const [error, setError] = useState<FieldError>(null);
  const [shownPath, setShownPath] = useState(pathname);

  // docs/SPEC.md §4: leaving the search pages clears the text; on a search page the box holds that page's keyword.
  // Between two other pages what is typed stays: a page whose code is still on its way is shown later than the
  // click, and the visitor may have typed meanwhile.
  if (shownPath !== pathname) {
    setShownPath(pathname);
    if (isSearchPath(shownPath) || isSearchPath(pathname)) setText(keywordOf(pathname));
    setError(null);
  }

  useEffect(() => takeTypedValue(input.current, text, setText), [input, text]);

  return { text, setText, error, setError };
}
