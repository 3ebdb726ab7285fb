import { Button, DialogBody, DialogFooter, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { AppDialog } from '../../ui/AppDialog';
import { SearchField } from '../../ui/SearchBox';
import type { ConnectionType } from './model/connectionTypes';
import { pickableConnectionTypes } from './model/connectionTypes';

/** The words of the type picker. */
export const TYPE_PICKER = {
  title: 'Add Connection',
  search: 'Search connection types',
  none: 'No connection type matches',
  cancel: 'Cancel',
} as const;

export interface ConnectionTypeGridProps {
  /** Called with the chosen type. */
  onPick: (entry: ConnectionType) => void;
  onClose: () => void;
}

/**
 * The first step of a new connection: the catalogue's types (JMeter hidden) as a grid of
 * buttons sorted by label, narrowed by a search; Enter in the search picks the first match.
 */
export function ConnectionTypeGrid({ onPick, onClose }: ConnectionTypeGridProps) {
  const [search, setSearch] = useState('');
  const types = pickableConnectionTypes(search);
  return (
    <AppDialog isOpen title={TYPE_PICKER.title} icon="data-connection" onClose={onClose}>
      <DialogBody>
        <SearchField
          label={TYPE_PICKER.search}
          value={search}
          autoFocus
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            const first = types[0];
            if (event.key === 'Enter' && first) {
              event.preventDefault();
              onPick(first);
            }
          }}
        />
        {types.length === 0 ? (
          <NonIdealState icon="search" title={TYPE_PICKER.none} />
        ) : (
          <div className="mc-connection-type-grid" role="group" aria-label="Connection types">
            {types.map((entry) => (
              <Button
                key={entry.type}
                className="mc-connection-type"
                icon={entry.icon}
                text={entry.label}
                variant="outlined"
                onClick={() => onPick(entry)}
              />
            ))}
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={TYPE_PICKER.cancel} onClick={onClose} />} />
    </AppDialog>
  );
}
