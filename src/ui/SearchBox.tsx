import type { InputGroupProps } from '@blueprintjs/core';
import { InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';

/** Milliseconds the search waits after the last keystroke (spec 001 §5). */
export const SEARCH_DEBOUNCE_MS = 400;

export interface SearchBoxProps {
  /** The search in effect (from the URL). */
  value: string;
  /** Called with the text 400 ms after the user stops typing. */
  onSearch: (text: string) => void;
  /** Says what the search looks through. */
  placeholder: string;
  /** Extra class of the field (its width). */
  className?: string;
}

/**
 * A list's search field; what is typed takes effect 400 ms after the last keystroke, and a
 * search changed from outside (back, forward, a link) replaces what is shown.
 */
export function SearchBox({ value, onSearch, placeholder, className }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // The URL changed by itself (back, forward, a link): show its search.
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }

  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <SearchField
      label="Search"
      className={className}
      placeholder={placeholder}
      value={text}
      onValueChange={(next) => setText(next)}
    />
  );
}

export interface SearchFieldProps extends Omit<InputGroupProps, 'type' | 'leftIcon'> {
  /** The field's accessible name, and its placeholder unless one is given. */
  label: string;
}

/** A search field that applies what is typed at once (a picker's filter, say). */
export function SearchField({ label, placeholder = label, ...props }: SearchFieldProps) {
  return (
    <InputGroup
      type="search"
      leftIcon="search"
      aria-label={label}
      placeholder={placeholder}
      {...props}
    />
  );
}
