import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isSearchPath, searchKeywordFromPath, searchPath, validateSearchText } from '@wenrun/shared';

interface SearchBoxProps {
  /** The normal header shows a trigger first; the about header shows the box at once. */
  collapsible: boolean;
}

export function SearchBox({ collapsible }: SearchBoxProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(!collapsible);
  const [text, setText] = useState(() => (isSearchPath(pathname) ? searchKeywordFromPath(pathname) : ''));
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();

  // SPEC.md §4: the text clears when navigation leaves the search pages.
  useEffect(() => {
    if (!isSearchPath(pathname)) {
      setText('');
      setError(null);
    }
  }, [pathname]);

  function open() {
    setExpanded(true);
    // The input exists only after this render.
    requestAnimationFrame(() => input.current?.focus());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateSearchText(text);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    navigate(searchPath(text));
  }

  if (!expanded) {
    return (
      <button type="button" className="header-search__trigger" onClick={open} aria-label="搜索课程或专家">
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16.5 16.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>搜索</span>
      </button>
    );
  }

  return (
    <form className="header-search" role="search" onSubmit={submit} noValidate>
      <div className="ui action input header-search__input">
        <label className="visually-hidden" htmlFor={`${errorId}-input`}>
          搜索课程或专家
        </label>
        <input
          id={`${errorId}-input`}
          ref={input}
          type="search"
          value={text}
          maxLength={200}
          placeholder="搜索课程、专家"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
        />
        <button type="submit" className="ui primary button">
          搜索
        </button>
      </div>
      {error && (
        <div id={errorId} className="header-search__error" role="alert">
          {error}
        </div>
      )}
    </form>
  );
}
