import type { Intent } from '@blueprintjs/core';
import { Classes } from '@blueprintjs/core';
import type { CSSProperties, ReactNode } from 'react';

export interface PlainTagProps {
  children: ReactNode;
  minimal?: boolean;
  round?: boolean;
  intent?: Intent;
  className?: string;
  style?: CSSProperties;
  /** Tooltip of the tag's text. */
  title?: string;
}

/**
 * A tag drawn as Blueprint's `Tag` looks (its classes, its text cut with an ellipsis by CSS),
 * without the text measuring the Tag does: Blueprint's measures every tag's width as it mounts
 * or its text changes, which makes the browser lay the whole page out there and then. A list
 * that mounts dozens of tags at once (counts in rows, badges on cards, counts on tabs) draws
 * them in one layout of its frame instead.
 */
export function PlainTag({
  children,
  minimal = false,
  round = false,
  intent,
  className,
  style,
  title,
}: PlainTagProps) {
  const classes = [Classes.TAG];
  if (intent && intent !== 'none') classes.push(Classes.intentClass(intent));
  if (minimal) classes.push(Classes.MINIMAL);
  if (round) classes.push(Classes.ROUND);
  if (className) classes.push(className);
  return (
    <span className={classes.join(' ')} style={style}>
      <span className={`${Classes.FILL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`} title={title}>
        {children}
      </span>
    </span>
  );
}
