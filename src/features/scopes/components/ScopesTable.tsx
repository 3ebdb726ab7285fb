import { Classes, HTMLTable, Tag } from '@blueprintjs/core';
import type { Scope } from '../../../api/schemas/scopes';
import { useFormatDate } from '../../../shell/useFormatDate';
import { isKubernetesScope, targetCountLabel } from '../model/scopeForm';

export interface ScopesTableProps {
  scopes: readonly Scope[];
  /** Called when a row is clicked (or Enter is pressed on it). */
  onOpen: (scope: Scope) => void;
}

/** Kubernetes-sourced scopes show where they come from; the others who made them. */
export function scopeCreator(scope: Scope): string {
  if (isKubernetesScope(scope)) return scope.source ?? '';
  return scope.created_by?.name ?? scope.created_by?.email ?? '';
}

/** Name with namespace, targets, description, dates and creator of every scope. */
export function ScopesTable({ scopes, onOpen }: ScopesTableProps) {
  const formatDate = useFormatDate();
  return (
    <HTMLTable striped interactive aria-label="Scopes" className="mc-scopes-table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Targets</th>
          <th scope="col">Description</th>
          <th scope="col">Created</th>
          <th scope="col">Updated</th>
          <th scope="col">Created By</th>
        </tr>
      </thead>
      <tbody>
        {scopes.map((scope) => (
          <tr
            key={scope.id}
            tabIndex={0}
            onClick={() => onOpen(scope)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onOpen(scope);
            }}
          >
            <td>
              <span className="mc-scope-name">{scope.name}</span>
              {scope.namespace && (
                <Tag minimal round className="mc-scope-namespace">
                  {scope.namespace}
                </Tag>
              )}
            </td>
            <td>{targetCountLabel(scope.targets?.length ?? 0)}</td>
            <td className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{scope.description}</td>
            <td>{formatDate(scope.created_at)}</td>
            <td>{formatDate(scope.updated_at)}</td>
            <td>{scopeCreator(scope)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
