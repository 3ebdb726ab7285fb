import { Button, Tag } from '@blueprintjs/core';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useState } from 'react';
import { sortedTags } from '../lib/tags';
import './ui.css';

export interface TagListProps {
  /** The tags (or labels) as a map; shown `key: value`, in the order of `sortedTags`. */
  tags: Readonly<Record<string, unknown>> | null | undefined;
  /** Tags shown before the list is expanded: one row (spec 001 §9). Default 2. */
  collapsedCount?: number;
  /** What the list is of, for the expand button's name ("Show all 7 tags"). Default "tags". */
  noun?: string;
  /**
   * Makes each tag a button ("Filter by key=value") that calls this with its key and value,
   * without opening the table row it sits in. Default: the tags are plain text.
   */
  onTagClick?: (key: string, value: string) => void;
}

/** A tag's props as a button (Enter and Space too) that does not open the row around it. */
function filterButton(label: string, run: () => void) {
  return {
    interactive: true,
    role: 'button',
    tabIndex: 0,
    'aria-label': label,
    onClick: (event: MouseEvent) => {
      event.stopPropagation();
      run();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      event.stopPropagation();
      run();
    },
  };
}

/**
 * A row of `key: value` tags, `account`, `namespace` and `name` first. Longer lists show one
 * row and a `+N` button that expands them in place (and collapses them again); the button
 * does not open the table row it sits in. With `onTagClick` each tag is a button that filters.
 */
export function TagList({ tags, collapsedCount = 2, noun = 'tags', onTagClick }: TagListProps) {
  const [expanded, setExpanded] = useState(false);
  const entries = sortedTags(tags);
  if (entries.length === 0) return null;
  const hidden = entries.length - collapsedCount;
  const shown = expanded || hidden <= 0 ? entries : entries.slice(0, collapsedCount);
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    setExpanded((value) => !value);
  };
  return (
    <span className={`mc-tag-list${expanded ? ' mc-tag-list--expanded' : ''}`}>
      {shown.map(([key, value]) => {
        const name = `${key}=${value}`;
        return (
          <Tag
            key={key}
            minimal
            className="mc-tag-list-item"
            title={onTagClick ? `Filter by ${name}` : `${key}: ${value}`}
            {...(onTagClick && filterButton(`Filter by ${name}`, () => onTagClick(key, value)))}
          >
            {key}: {value}
          </Tag>
        );
      })}
      {hidden > 0 && (
        <Button
          variant="minimal"
          size="small"
          className="mc-tag-list-toggle"
          aria-expanded={expanded}
          aria-label={expanded ? `Show fewer ${noun}` : `Show all ${entries.length} ${noun}`}
          text={expanded ? 'less' : `+${hidden}`}
          onClick={toggle}
        />
      )}
    </span>
  );
}
