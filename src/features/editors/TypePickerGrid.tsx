import { Button, Card, Icon, NonIdealState } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { SearchField } from '../../ui/SearchBox';
import { filterTypes } from './model/typedResource';
import type { EditorType } from './types';

/** The picker's words. */
export const PICKER_TEXT = {
  search: 'Search types',
  list: 'Types',
  noMatch: 'No type matches the search',
  docs: (label: string) => `${label} documentation`,
} as const;

export interface TypePickerGridProps {
  /** The types, in the order shown (sorted by label). */
  types: readonly EditorType[];
  /** Called with the chosen type's id (a click, or Enter or Space on its card). */
  onPick: (typeId: string) => void;
}

/**
 * The grid of types: each card picks its type (a button, reached with Tab and used with Enter
 * or Space) and links to the type's documentation beside it, which does not pick. A search box
 * narrows the cards by label.
 */
export function TypePickerGrid({ types, onPick }: TypePickerGridProps) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterTypes(types, query), [types, query]);
  return (
    <div className="mc-type-picker">
      <SearchField
        label={PICKER_TEXT.search}
        value={query}
        onValueChange={setQuery}
        className="mc-type-picker-search"
      />
      {shown.length === 0 ? (
        <NonIdealState icon="search" title={PICKER_TEXT.noMatch} />
      ) : (
        <ul className="mc-type-grid" aria-label={PICKER_TEXT.list}>
          {shown.map((type) => (
            <li key={type.id}>
              <Card compact className="mc-type-card">
                <Button
                  variant="minimal"
                  fill
                  alignText="start"
                  className="mc-type-pick"
                  icon={<Icon icon={type.icon} size={20} aria-hidden />}
                  text={type.label}
                  onClick={() => onPick(type.id)}
                />
                {type.docsUrl && (
                  <a
                    href={type.docsUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mc-type-docs"
                    aria-label={PICKER_TEXT.docs(type.label)}
                    title={PICKER_TEXT.docs(type.label)}
                  >
                    <Icon icon="manual" aria-hidden />
                  </a>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
