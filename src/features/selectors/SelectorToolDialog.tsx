import './selectors.css';
import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useId, useMemo, useState } from 'react';
import { useSearchResourcesQuery } from '../../api/endpoints/resources';
import type { FoundResource } from '../../api/schemas/resources';
import { loadYaml } from '../../lib/yaml';
import { AppDialog } from '../../ui/AppDialog';
import { copyToClipboard } from '../../ui/clipboard';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useLoaded } from '../../ui/useLoaded';
import { ListTable } from '../../widgets/ListPage';
import { tableQueryState } from '../../widgets/tableQueryState';
import type { SelectorKind } from './model/selectorKinds';
import { SELECTOR_KIND_INFO, SELECTOR_KINDS, isSelectorKind } from './model/selectorKinds';
import type { YamlDestination } from './model/selectorYaml';
import { YAML_DESTINATIONS, yamlSource } from './model/selectorYaml';
import { tagKeysOf, tagsOf } from './model/tagColumns';

export const SELECTOR_TOOL_TITLE = 'Selector tool';
/** The search waits this long after the last keystroke. */
export const SELECTOR_DEBOUNCE_MS = 300;
/** MISC-03 answers at most this many per kind unless asked for more. */
const SEARCH_LIMIT = 50;

const DESTINATION_LABELS: Record<YamlDestination, string> = {
  scope: 'Scope',
  permission: 'Permission',
  silence: 'Silence',
};

/** Where the YAML goes, as the hint under it says. */
const DESTINATION_HINTS: Record<YamlDestination, string> = {
  scope: 'A target of a scope (its targets list).',
  permission: 'The object selector of a permission.',
  silence: 'The Selectors field of a silence.',
};

/** Name, Type, Health and Status, then a column per tag key of the results. */
function resultColumns(tagKeys: readonly string[]): DataTableColumn<FoundResource>[] {
  return [
    { id: 'name', header: 'Name', cell: (row) => row.name ?? row.id, minWidth: 200 },
    { id: 'type', header: 'Type', cell: (row) => row.type ?? '', width: 180 },
    { id: 'health', header: 'Health', cell: (row) => row.health ?? '', width: 100 },
    { id: 'status', header: 'Status', cell: (row) => row.status ?? '', width: 100 },
    ...tagKeys.map((key): DataTableColumn<FoundResource> => ({
      id: `tag:${key}`,
      header: key,
      cell: (row) => tagsOf(row.tags)[key] ?? '',
      minWidth: 120,
    })),
  ];
}

function matchesText(count: number): string {
  if (count === 0) return 'Nothing matches';
  const text = `${count} match${count === 1 ? '' : 'es'}`;
  return count >= SEARCH_LIMIT ? `${text} (the first ${SEARCH_LIMIT})` : text;
}

function YamlPanel({ kind, selector }: { kind: SelectorKind; selector: string }) {
  const [destination, setDestination] = useState<YamlDestination>('scope');
  const yaml = useLoaded(loadYaml, true);
  const id = useId();
  const source = yamlSource(destination, kind, selector);
  const text =
    source.ok && yaml ? yaml.dump(source.value, { lineWidth: -1, noRefs: true }) : undefined;
  return (
    <section className="mc-stack mc-selector-yaml" aria-label="Copy as YAML">
      <div className="mc-row">
        <FormGroup label="Copy as YAML for" labelFor={id} inline>
          <HTMLSelect
            id={id}
            value={destination}
            onChange={(event) => setDestination(event.currentTarget.value as YamlDestination)}
            options={YAML_DESTINATIONS.map((value) => ({
              value,
              label: DESTINATION_LABELS[value],
            }))}
          />
        </FormGroup>
        <Button
          icon="clipboard"
          text="Copy YAML"
          disabled={text === undefined}
          onClick={() => text !== undefined && void copyToClipboard(text)}
        />
      </div>
      {source.ok ? (
        <>
          <p className="mc-meta-text">{DESTINATION_HINTS[destination]}</p>
          <pre className="mc-selector-yaml-text" aria-label="YAML">
            {text ?? ''}
          </pre>
          {source.leftOut.length > 0 && (
            <Callout intent={Intent.WARNING} compact>
              {`A scope's target holds only a name, an agent and tags; left out: ${source.leftOut.join(' ')}`}
            </Callout>
          )}
        </>
      ) : (
        <Callout intent={Intent.NONE} compact>
          {source.reason}
        </Callout>
      )}
    </section>
  );
}

export interface SelectorToolDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The selector tool (user menu): a kind, a selector in Mission Control's grammar (with examples
 * per kind) and what it matches (MISC-03), a column per tag of the results; the server's reason
 * when it refuses the selector; the selector as YAML for a scope, a permission or a silence.
 */
export function SelectorToolDialog({ isOpen, onClose }: SelectorToolDialogProps) {
  const [kind, setKind] = useState<SelectorKind>('config');
  const [selector, setSelector] = useState('');
  const settled = useDebouncedValue(selector.trim(), SELECTOR_DEBOUNCE_MS);
  const info = SELECTOR_KIND_INFO[kind];
  const query = useSearchResourcesQuery(
    { kind: info.search, search: settled },
    { skip: settled === '' },
  );
  const rows = useMemo(() => (settled === '' ? [] : (query.data ?? [])), [settled, query.data]);
  const columns = useMemo(() => resultColumns(tagKeysOf(rows)), [rows]);
  const kindId = useId();
  const selectorId = useId();
  const state = tableQueryState(query);
  const waiting = selector.trim() !== settled || query.isFetching;
  return (
    <AppDialog
      isOpen={isOpen}
      onClose={onClose}
      title={SELECTOR_TOOL_TITLE}
      icon="filter"
      size="large"
    >
      <DialogBody useOverflowScrollContainer>
        <div className="mc-stack mc-selector-tool">
          <div className="mc-row mc-selector-inputs">
            <FormGroup label="Kind" labelFor={kindId}>
              <HTMLSelect
                id={kindId}
                value={kind}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  if (isSelectorKind(next)) setKind(next);
                }}
                options={SELECTOR_KINDS.map((value) => ({
                  value,
                  label: SELECTOR_KIND_INFO[value].label,
                }))}
              />
            </FormGroup>
            <FormGroup label="Selector" labelFor={selectorId} className="mc-selector-input">
              <InputGroup
                id={selectorId}
                value={selector}
                placeholder="type=Kubernetes::Pod tags.cluster=prod health=!healthy"
                onValueChange={setSelector}
                rightElement={
                  selector ? (
                    <Button
                      variant="minimal"
                      icon="cross"
                      aria-label="Clear the selector"
                      onClick={() => setSelector('')}
                    />
                  ) : undefined
                }
              />
            </FormGroup>
          </div>
          <div className="mc-row mc-selector-examples" role="group" aria-label="Examples">
            <span className="mc-meta-text">Examples:</span>
            {info.examples.map((example) => (
              <Button
                key={example}
                size="small"
                variant="outlined"
                className="mc-selector-example"
                text={example}
                onClick={() => setSelector(example)}
              />
            ))}
          </div>
          <p className="mc-meta-text">
            Fields (<code>name</code>, <code>type</code>, <code>health</code>, <code>status</code>,{' '}
            <code>agent</code>…), <code>tags.key=value</code> and <code>labels.key=value</code>,{' '}
            <code>key!=value</code>, lists <code>key=a,b</code>, globs <code>*</code>,{' '}
            <code>key=!value</code> to negate a value, <code>!tags.key</code> for a tag that is not
            set, and free text to match names (<code>-word</code> to leave them out).
          </p>
          {settled === '' ? (
            <p className="mc-meta-text">
              Write a selector or pick an example to see what it matches.
            </p>
          ) : (
            <>
              <p role="status" className="mc-meta-text">
                {state.error || state.loading ? '' : matchesText(rows.length)}
                {waiting && !state.loading ? ' · searching…' : ''}
              </p>
              <ListTable<FoundResource>
                aria-label="Matching resources"
                className="mc-selector-results"
                columns={columns}
                rows={rows}
                getRowId={(row) => row.id}
                query={query}
                errorTitle="The selector was not accepted"
                empty="Nothing matches this selector"
              />
            </>
          )}
          {settled !== '' && !state.error && <YamlPanel kind={kind} selector={settled} />}
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </AppDialog>
  );
}
