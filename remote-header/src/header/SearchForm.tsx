import type { FormEvent, KeyboardEvent, RefObject } from 'react';
import { Button, Input } from 'semantic-ui-react';
import type { FieldError } from '@wenrun/shared';
import { CloseIcon } from './icons';

interface SearchFormProps {
  /** The box's `useId`, kept by the box so the ids stay where the server rendered them. */
  id: string;
  input: RefObject<HTMLInputElement>;
  text: string;
  error: FieldError;
  onTextChange: (text: string) => void;
  onSubmit: (event: FormEvent) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onClose: () => void;
}

/** The open search box: the labelled field, its submit and close buttons, and the error under it. */
export function SearchForm({ id, input, text, error, onTextChange, onSubmit, onKeyDown, onClose }: SearchFormProps) {
  const errorId = `${id}-error`;
  return (
    <form className="header-search__form" role="search" aria-label="站内搜索" onSubmit={onSubmit}
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
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" primary className="header-search__submit">
          搜索
        </Button>
      </Input>
      <Button type="button" className="header-search__close" onClick={onClose} aria-label="收起搜索框">
        <CloseIcon />
      </Button>
      {error && (
        <div id={errorId} className="header-search__error" role="alert">
          {error}
        </div>
      )}
    </form>
  );
}
