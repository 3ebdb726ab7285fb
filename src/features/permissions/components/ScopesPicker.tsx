import { Checkbox, Classes, FormGroup, InputGroup } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useGetScopesQuery } from '../../../api/endpoints/scopes';
import { toErrorMessage } from '../../../api/errors';
import type { ResourceSelector } from '../../../api/schemas/permissions';

export interface ScopesPickerProps {
  /** The chosen scopes. */
  value: readonly ResourceSelector[];
  onChange: (scopes: ResourceSelector[]) => void;
  error?: string;
  disabled: boolean;
}

const keyOf = (scope: ResourceSelector) => `${scope.namespace ?? ''}/${scope.name ?? ''}`;
const labelOf = (scope: ResourceSelector) =>
  scope.namespace ? `${scope.namespace}/${scope.name ?? ''}` : (scope.name ?? '');

/** Scopes (SCOPE-01) to tick, narrowed by a search box; chosen ones are always listed. */
export function ScopesPicker({ value, onChange, error, disabled }: ScopesPickerProps) {
  const { data = [], isLoading, error: loadError } = useGetScopesQuery();
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => new Set(value.map(keyOf)), [value]);
  const listed = useMemo(() => {
    const all: ResourceSelector[] = data.map((scope) => ({
      name: scope.name,
      ...(scope.namespace ? { namespace: scope.namespace } : {}),
    }));
    for (const scope of value) {
      if (!all.some((s) => keyOf(s) === keyOf(scope))) all.push(scope);
    }
    const needle = search.trim().toLowerCase();
    return all.filter(
      (scope) =>
        chosen.has(keyOf(scope)) || needle === '' || labelOf(scope).toLowerCase().includes(needle),
    );
  }, [data, value, search, chosen]);
  const helper = error ?? (loadError ? toErrorMessage(loadError) : undefined);
  return (
    <FormGroup label="Scopes" helperText={helper} intent={helper ? 'danger' : 'none'}>
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label="Search scopes"
        placeholder="Search"
        value={search}
        disabled={disabled}
        onValueChange={setSearch}
      />
      <div role="group" aria-label="Scopes" className="mc-permission-scopes">
        {isLoading && <span className={Classes.TEXT_MUTED}>Loading…</span>}
        {listed.map((scope) => (
          <Checkbox
            key={keyOf(scope)}
            label={labelOf(scope)}
            checked={chosen.has(keyOf(scope))}
            disabled={disabled}
            onChange={(event) =>
              onChange(
                event.currentTarget.checked
                  ? [...value, scope]
                  : value.filter((s) => keyOf(s) !== keyOf(scope)),
              )
            }
          />
        ))}
      </div>
    </FormGroup>
  );
}
