import { useState } from 'react';
import type { ResourceSelector, SearchKind } from '../../../../api/endpoints/resources';
import { useSearchResourcesQuery } from '../../../../api/endpoints/resources';
import { toErrorMessage } from '../../../../api/errors';
import type { PickerSearch } from '../../../../ui/ResourcePicker';
import { ResourcePicker } from '../../../../ui/ResourcePicker';
import { resourceOption } from '../../../../widgets/pickers';
import { parameterType } from '../../model/parameters';
import type { ParameterFieldProps } from './fieldProps';
import { PickerChrome, pickerProps } from './fieldProps';

/** The search kind of each resource parameter type. */
const KINDS: Record<'component' | 'config' | 'check', SearchKind> = {
  component: 'components',
  config: 'configs',
  check: 'checks',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const texts = (value: unknown): string[] | undefined => {
  const list = (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string' && item.trim() !== '',
  );
  return list.length > 0 ? list : undefined;
};

/**
 * The search selector of a resource parameter's `properties.filter` (an object, or a list whose
 * first object is used): `types` (or `type`), `statuses` (or `status`), `namespace`, `name` and
 * `agent` narrow the search; anything else is ignored.
 */
export function filterSelector(filter: unknown): ResourceSelector {
  const first = Array.isArray(filter) ? (filter as unknown[]).find(isRecord) : filter;
  if (!isRecord(first)) return {};
  const selector: ResourceSelector = {};
  const types = texts(first.types) ?? texts(first.type);
  if (types) selector.types = types;
  const statuses = texts(first.statuses) ?? texts(first.status);
  if (statuses) selector.statuses = statuses;
  for (const key of ['namespace', 'name', 'agent'] as const) {
    const value = first[key];
    if (typeof value === 'string' && value.trim() !== '') selector[key] = value;
  }
  return selector;
}

/** A picker search of one kind narrowed by a selector (the typed text is added to it). */
export function selectorSearch(kind: SearchKind, selector: ResourceSelector) {
  const withNamespace = kind === 'checks';
  return function useSelectorSearch(text: string): PickerSearch {
    const { data, isFetching, error } = useSearchResourcesQuery(
      { kind, search: text, selector },
      { skip: text === '' },
    );
    return {
      options: (data ?? []).map((resource) => resourceOption(resource, withNamespace)),
      loading: isFetching,
      ...(error ? { error: toErrorMessage(error) } : {}),
    };
  };
}

/**
 * A component, config or check parameter: the resource is searched as the user types, narrowed
 * by the parameter's `properties.filter`; the form holds the chosen resource's id.
 */
export function ResourceParameterField(props: ParameterFieldProps) {
  const { parameter } = props;
  const type = parameterType(parameter);
  const kind = KINDS[type as keyof typeof KINDS] ?? 'configs';
  const [useSearch] = useState(() =>
    selectorSearch(kind, filterSelector(parameter.properties?.filter)),
  );
  return (
    <PickerChrome parameter={parameter} onBlur={props.onBlur}>
      <ResourcePicker useSearch={useSearch} {...pickerProps(props)} />
    </PickerChrome>
  );
}
