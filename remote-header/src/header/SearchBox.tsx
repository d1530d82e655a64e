import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from 'semantic-ui-react';
import { useNavigate } from 'react-router-dom';
import { searchPath, validateSearchText } from '@wenrun/shared';
import { SearchIcon } from './icons';
import { SearchForm } from './SearchForm';
import { useSearchText } from './useSearchText';

/** The phone layout of header.css, where an open search box covers the whole bar. */
const NARROW_SCREEN = '(max-width: 767px)';

function onNarrowScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN).matches;
}

interface SearchBoxProps {
  /**
   * `always`: a trigger first, the box once it is clicked (the normal header, docs/SPEC.md §4).
   * `narrow`: the box at once on wide screens, a trigger on phones (the about header).
   */
  collapse: 'always' | 'narrow';
}

export function SearchBox({ collapse }: SearchBoxProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { text, setText, error, setError } = useSearchText(input);
  const trigger = useRef<Button>(null);
  const focusNext = useRef<'input' | 'trigger' | null>(null);
  const id = useId();

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

  function onTextChange(typed: string) {
    setText(typed);
    if (error) setError(null);
  }

  return (
    <div className={`header-search header-search--${collapse}${open ? ' is-open' : ''}`}>
      {!open && (
        <Button ref={trigger} type="button" className="header-search__trigger" onClick={openBox} aria-label="搜索课程或专家">
          <SearchIcon />
          <span className="header-search__trigger-text">搜索</span>
        </Button>
      )}
      {(open || collapse === 'narrow') && (
        <SearchForm id={id} input={input} text={text} error={error} onTextChange={onTextChange} onSubmit={submit}
          onKeyDown={onKeyDown} onClose={closeBox}
        />
      )}
    </div>
  );
}
