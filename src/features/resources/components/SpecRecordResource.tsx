import type { SettingsResource } from '../../../api/schemas/settingsResources';
import { toCreateValues, toUpdateResource } from '../model/resourceForm';
import type { ResourceTable } from '../resourceTables';
import { ResourceSpecForm } from './ResourceSpecForm';

/** How the editor page saves and deletes a record, then goes back to the list. */
export interface ResourceWrites {
  toList: () => void;
  create: (values: Record<string, unknown>) => Promise<unknown>;
  update: (recordId: string, resource: Record<string, unknown>) => Promise<unknown>;
  remove: (recordId: string) => Promise<unknown>;
}

export interface SpecRecordResourceProps {
  config: ResourceTable;
  /** The stored record; absent for a new one. */
  row?: SettingsResource;
  readOnly: boolean;
  managedElsewhere: boolean;
  writes: ResourceWrites;
}

/**
 * A record of a table edited as a spec record (name, the table's fields and its spec as YAML):
 * a new one is created, a stored one updated or deleted, then the list shows again. The page
 * loads it only for such tables: the typed tables' editors carry no YAML until their code shows.
 */
export function SpecRecordResource({
  config,
  row,
  readOnly,
  managedElsewhere,
  writes,
}: SpecRecordResourceProps) {
  const { toList } = writes;
  return (
    <ResourceSpecForm
      config={config}
      row={row}
      readOnly={readOnly}
      managedElsewhere={managedElsewhere}
      save={async (values) => {
        if (row) await writes.update(row.id, toUpdateResource(config, row, values));
        else await writes.create(toCreateValues(config, values));
        toList();
      }}
      remove={
        row
          ? async () => {
              await writes.remove(row.id);
              toList();
            }
          : undefined
      }
      onCancel={toList}
    />
  );
}
