import { InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';

/** Milliseconds the search waits after the last keystroke (spec 001 §5). */
export const SEARCH_DEBOUNCE_MS = 400;

export const SEARCH_PLACEHOLDER = 'Search by name, description, or endpoint';

export interface SearchBoxProps {
  /** The search in effect (from the URL). */
  value: string;
  /** Called with the text 400 ms after the user stops typing. */
  onSearch: (text: string) => void;
}

/** The search field; what is typed takes effect after a pause. */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
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
    <InputGroup
      type="search"
      leftIcon="search"
      className="mc-health-search"
      placeholder={SEARCH_PLACEHOLDER}
      aria-label="Search"
      value={text}
      onValueChange={(next) => setText(next)}
    />
  );
}
