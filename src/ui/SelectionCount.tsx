import { Tag } from '@blueprintjs/core';
import type { FocusEvent } from 'react';
import { useState } from 'react';

/**
 * Chosen values up to this many are shown one by one (chips, tags); from one more, the box
 * shows their count instead (spec 001 §3, §4: "4 selected").
 */
export const MAX_SHOWN_SELECTIONS = 3;

/** Whether `count` chosen values are summarised as a count. */
export const summarisesSelection = (count: number) => count > MAX_SHOWN_SELECTIONS;

/** The count of chosen values, in the box where they would be: "4 selected". */
export function SelectionCount({ count }: { count: number }) {
  return (
    <Tag minimal round>
      {count} selected
    </Tag>
  );
}

/**
 * Whether a field's box summarises its `count` values: from 4, while the focus is outside it
 * (once focused, every value is shown again, to be removed one by one). `focusProps` go on the
 * element around the field.
 */
export function useSelectionSummary(count: number) {
  const [editing, setEditing] = useState(false);
  return {
    summarised: summarisesSelection(count) && !editing,
    focusProps: {
      onFocus: () => setEditing(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        const next = event.relatedTarget;
        if (!(next instanceof Node && event.currentTarget.contains(next))) setEditing(false);
      },
    },
  };
}
