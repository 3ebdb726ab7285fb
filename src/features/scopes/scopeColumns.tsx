import { Tag } from '@blueprintjs/core';
import type { Scope } from '../../api/schemas/scopes';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { isKubernetesScope, targetCountLabel } from './model/scopeForm';

/** Kubernetes-sourced scopes show where they come from; the others who made them. */
export function scopeCreator(scope: Scope): string {
  if (isKubernetesScope(scope)) return scope.source ?? '';
  return scope.created_by?.name ?? scope.created_by?.email ?? '';
}

/** Name with namespace, Targets, Description, Created, Updated, Created By (spec 000 §2.6). */
export function scopeColumns(formatDate: FormatDateFn): DataTableColumn<Scope>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (scope) => (
        <>
          <span className="mc-scope-name">{scope.name}</span>
          {scope.namespace && (
            <Tag minimal round className="mc-scope-namespace">
              {scope.namespace}
            </Tag>
          )}
        </>
      ),
    },
    {
      id: 'targets',
      header: 'Targets',
      width: 100,
      cell: (scope) => targetCountLabel(scope.targets?.length ?? 0),
    },
    { id: 'description', header: 'Description', cell: (scope) => scope.description },
    {
      id: 'created',
      header: 'Created',
      sortKey: 'created_at',
      width: 170,
      cell: (scope) => formatDate(scope.created_at),
    },
    {
      id: 'updated',
      header: 'Updated',
      sortKey: 'updated_at',
      width: 170,
      cell: (scope) => formatDate(scope.updated_at),
    },
    { id: 'createdBy', header: 'Created By', width: 150, cell: scopeCreator },
  ];
}

/** The value a scope is sorted by for each sortable column. */
export function scopeSortValue(scope: Scope, sortBy: string): string | null | undefined {
  if (sortBy === 'created_at') return scope.created_at;
  if (sortBy === 'updated_at') return scope.updated_at;
  return scope.name;
}
