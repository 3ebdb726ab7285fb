import { Button, Checkbox, FormGroup, HTMLSelect, TagInput } from '@blueprintjs/core';
import { useId } from 'react';
import { useGetConfigStatusesQuery, useGetConfigTypesQuery } from '../../../api/endpoints/catalog';
import { useGetConfigQueryCountQuery } from '../../../api/endpoints/savedQueries';
import { HEALTH_STATES } from '../model/summaryTree';
import type { QueryFields } from './model/queryText';
import { builtQuery, countQuery, isPair } from './model/queryText';

export const PAIR_PLACEHOLDER = 'key=value, then Enter';

/** The fields of `key=value` items, by their names in the fields. */
const PAIR_FIELDS = [
  ['labels', 'Labels'],
  ['tags', 'Tags'],
  ['properties', 'Properties'],
] as const;

export interface QueryBuilderProps {
  /** The fields, as kept in the address. */
  fields: QueryFields;
  /** Some fields changed. */
  onChange: (fields: Partial<QueryFields>) => void;
  /** Run: list the rows of the built query. */
  onRun: (query: string) => void;
  /** Save the built query; absent for a user who may not write. */
  onSave?: (query: string) => void;
}

/** The words of the live count. */
export function countText(count: number): string {
  return count === 1 ? '1 matching item' : `${count.toLocaleString()} matching items`;
}

function LiveCount({ query }: { query: string }) {
  const { data, isFetching, isError } = useGetConfigQueryCountQuery(query);
  let words = 'Counting…';
  if (isError && !isFetching) words = 'The count could not be loaded';
  else if (data !== undefined && !isFetching) words = countText(data);
  return (
    <span role="status" aria-label="Matching items" className="mc-query-count">
      {words}
    </span>
  );
}

/** A select of one value from a list, "Any" for none. */
function OneOf({
  label,
  any,
  value,
  options,
  onChange,
}: {
  label: string;
  any: string;
  value: string | undefined;
  options: readonly string[];
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  const choices = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value || undefined)}
        options={[{ value: '', label: any }, ...choices.map((c) => ({ value: c, label: c }))]}
      />
    </FormGroup>
  );
}

/** `key=value` items typed one at a time; what is not one is left in the box. */
function Pairs({
  label,
  values,
  onChange,
}: {
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
}) {
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id}>
      <TagInput
        values={[...values]}
        onAdd={(added) => {
          const pairs = added.map((item) => item.trim()).filter(isPair);
          if (pairs.length !== added.length) return false;
          onChange([...values, ...pairs.filter((item) => !values.includes(item))]);
          return true;
        }}
        onRemove={(_, index) => onChange(values.filter((__, at) => at !== index))}
        addOnBlur
        placeholder={PAIR_PLACEHOLDER}
        inputProps={{ id }}
      />
    </FormGroup>
  );
}

/**
 * The query builder: type, health, status, labels, tags and properties, the catalog query
 * they write (CAT-38), how many live items it selects (counted as the fields change), Run,
 * and Save query.
 */
export function QueryBuilder({ fields, onChange, onRun, onSave }: QueryBuilderProps) {
  const { data: types = [] } = useGetConfigTypesQuery();
  const { data: statuses = [] } = useGetConfigStatusesQuery();
  const query = builtQuery(fields);
  const toggleHealth = (state: string, checked: boolean) =>
    onChange({
      health: checked
        ? HEALTH_STATES.filter((s) => s === state || fields.health.includes(s))
        : fields.health.filter((s) => s !== state),
    });
  return (
    <section className="mc-query-builder" aria-label="Query builder">
      <div className="mc-query-fields">
        {[
          { key: 'type', label: 'Type', any: 'All types', options: types },
          { key: 'status', label: 'Status', any: 'Any status', options: statuses },
        ].map(({ key, ...select }) => (
          <OneOf
            key={key}
            {...select}
            value={fields[key as 'type' | 'status']}
            onChange={(value) => onChange({ [key]: value })}
          />
        ))}
        <FormGroup label="Health">
          <div role="group" aria-label="Health" className="mc-row mc-query-health">
            {HEALTH_STATES.map((state) => (
              <Checkbox
                key={state}
                label={state}
                inline
                checked={fields.health.includes(state)}
                onChange={(event) => toggleHealth(state, event.currentTarget.checked)}
              />
            ))}
          </div>
        </FormGroup>
        {PAIR_FIELDS.map(([key, label]) => (
          <Pairs
            key={key}
            label={label}
            values={fields[key]}
            onChange={(values) => onChange({ [key]: values })}
          />
        ))}
      </div>
      <pre className="mc-query-text" aria-label="Query">
        {query}
      </pre>
      <div className="mc-row mc-query-actions">
        <LiveCount query={countQuery(fields)} />
        <Button intent="primary" icon="play" text="Run" onClick={() => onRun(query)} />
        {onSave && <Button icon="floppy-disk" text="Save query" onClick={() => onSave(query)} />}
      </div>
    </section>
  );
}
