import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Input } from 'semantic-ui-react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  isSearchPath,
  searchKeywordFromPath,
  searchPath,
  takeTypedValue,
  validateSearchText,
  type FieldError,
} from '@wenrun/shared';
import { CloseIcon, SearchIcon } from './icons';

/** The phone layout of header.css, where an open search box covers the whole bar. */
const NARROW_SCREEN = '(max-width: 767px)';

function onNarrowScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN).matches;
}

function keywordOf(pathname: string): string {
  return isSearchPath(pathname) ? searchKeywordFromPath(pathname) : '';
}

interface SearchBoxProps {
  /**
   * `always`: a trigger first, the box once it is clicked (the normal header, docs/SPEC.md §4).
   * `narrow`: the box at once on wide screens, a trigger on phones (the about header).
   */
  collapse: 'always' | 'narrow';
}

export function SearchBox({ collapse }: SearchBoxProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(() => keywordOf(pathname));
  const [error, setError] = useState<FieldError>(null);
  const [shownPath, setShownPath] = useState(pathname);
  const input = useRef<HTMLInputElement>(null);
  const trigger = useRef<Button>(null);
  const focusNext = useRef<'input' | 'trigger' | null>(null);
  const id = useId();

  // docs/SPEC.md §4: leaving the search pages clears the text; on a search page the box holds that page's keyword.
  // Between two other pages what is typed stays: a page whose code is still on its way is shown later than the
  // click, and the visitor may have typed meanwhile.
  if (shownPath !== pathname) {
    setShownPath(pathname);
    if (isSearchPath(shownPath) || isSearchPath(pathname)) setText(keywordOf(pathname));
    setError(null);
  }

  useEffect(() => takeTypedValue(input.current, text, setText), [text]);

  // The element to focus exists only after the render that opens or closes the box.
  useEffect(() => {
    const target = focusNext.current === 'input' ? input.current : focusNext.current === 'trigger' ? trigger.current : null;
    focusNext.current = null;
    target?.focus();
  }, [open]);

  function openBox() {
    focusNext.current = 'input';
    setOpen(true);
  }

  function closeBox() {
    focusNext.current = 'trigger';
    setOpen(false);
    setError(null);
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
    // On a phone the open box hides the bar; the results are what the visitor wants to see now.
    if (onNarrowScreen()) closeBox();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && (collapse === 'always' || onNarrowScreen())) {
      event.preventDefault();
      closeBox();
    }
  }

  const errorId = `${id}-error`;
  return (
    <div className={`header-search header-search--${collapse}${open ? ' is-open' : ''}`}>
      {!open && (
        <Button
          ref={trigger}
          type="button"
          className="header-search__trigger"
          onClick={openBox}
          aria-label="搜索课程或专家"
        >
          <SearchIcon />
          <span className="header-search__trigger-text">搜索</span>
        </Button>
      )}
      {(open || collapse === 'narrow') && (
        <form className="header-search__form" role="search" aria-label="站内搜索" onSubmit={submit}
          noValidate
        >
          <label className="visually-hidden" htmlFor={`${id}-input`}>
            搜索课程或专家
          </label>
          <Input action error={Boolean(error)} className="header-search__input">
            {/* Semantic's Input given its element as a child (its documented form), not by props: the element is what
                reads a query typed before the page was hydrated (takeTypedValue), which Input's own ref cannot. */}
            <input
              id={`${id}-input`}
              ref={input}
              type="search"
              value={text}
              placeholder="搜索课程、专家"
              enterKeyHint="search"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setText(event.target.value);
                if (error) setError(null);
              }}
              onKeyDown={onKeyDown}
            />
            <Button type="submit" primary className="header-search__submit">
              搜索
            </Button>
          </Input>
          <Button type="button" className="header-search__close" onClick={closeBox} aria-label="收起搜索框">
            <CloseIcon />
          </Button>
          {error && (
            <div id={errorId} className="header-search__error" role="alert">
              {error}
            </div>
          )}
        </form>
      )}
    </div>
  );
}
