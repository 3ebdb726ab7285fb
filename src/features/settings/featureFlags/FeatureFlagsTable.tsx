import { Button, ButtonGroup, Classes, HTMLTable, Tag, Tooltip } from '@blueprintjs/core';
import type { Property } from '../../../api/schemas/system';

/** Properties that come from the server's own settings, not from the database. */
export function isReadOnlyProperty(property: Property): boolean {
  return property.source === 'local';
}

export interface FeatureFlagsTableProps {
  properties: readonly Property[];
  /** Shows the Edit and Delete buttons. */
  canWrite: boolean;
  onEdit: (property: Property) => void;
  onDelete: (property: Property) => void;
}

/** Name, value and source of every effective property. */
export function FeatureFlagsTable({
  properties,
  canWrite,
  onEdit,
  onDelete,
}: FeatureFlagsTableProps) {
  return (
    <HTMLTable striped interactive className="mc-feature-flags-table" aria-label="Feature flags">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
          <th scope="col">Source</th>
          {canWrite && (
            <th scope="col">
              <span className={Classes.TEXT_MUTED}>Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {properties.map((property) => {
          const readOnly = isReadOnlyProperty(property);
          return (
            <tr key={property.name}>
              <td>
                <code>{property.name}</code>
                {property.description && (
                  <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
                    {property.description}
                  </div>
                )}
              </td>
              <td>{property.value}</td>
              <td>{property.source ? <Tag minimal>{property.source}</Tag> : null}</td>
              {canWrite && (
                <td>
                  {readOnly ? (
                    <Tooltip content="Set in the server's configuration; change it there.">
                      <span className={Classes.TEXT_MUTED}>Read-only</span>
                    </Tooltip>
                  ) : (
                    <ButtonGroup variant="minimal">
                      <Button
                        icon="edit"
                        aria-label={`Edit ${property.name}`}
                        onClick={() => onEdit(property)}
                      />
                      <Button
                        icon="trash"
                        intent="danger"
                        aria-label={`Delete ${property.name}`}
                        onClick={() => onDelete(property)}
                      />
                    </ButtonGroup>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
