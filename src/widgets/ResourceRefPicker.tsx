import { FormGroup, HTMLSelect, SegmentedControl } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import type { SearchKind } from '../api/endpoints/resources';
import type { PickerOption } from '../ui/ResourcePicker';
import { KindPicker } from './pickers';

/** A kind offered by a `ResourceRefPicker`: how it reads, and the search it picks from. */
export interface RefKind {
  label: string;
  /** The MISC-03 kind searched; none for a kind the caller draws itself (`renderKind`). */
  search?: SearchKind;
}

/** The resources a playbook, a silence or a run filter refers to, by the console's singular names. */
export const RESOURCE_REF_KINDS = {
  config: { label: 'Config', search: 'configs' },
  component: { label: 'Component', search: 'components' },
  check: { label: 'Check', search: 'checks' },
  canary: { label: 'Canary', search: 'canaries' },
  connection: { label: 'Connection', search: 'connections' },
  playbook: { label: 'Playbook', search: 'playbooks' },
} as const satisfies Record<string, RefKind>;
export type ResourceRefKind = keyof typeof RESOURCE_REF_KINDS;

/** Some of `RESOURCE_REF_KINDS`, in the order given. */
export function refKinds<K extends ResourceRefKind>(
  kinds: readonly K[],
): Readonly<Record<K, RefKind>> {
  const entries = kinds.map((kind): [K, RefKind] => [kind, RESOURCE_REF_KINDS[kind]]);
  return Object.fromEntries(entries) as Record<K, RefKind>;
}

/** A resource of a kind, by id. */
export interface ResourceRef<K extends string> {
  kind: K;
  id: string;
}

/** The words a `ResourceRefPicker` uses by default. */
export const RESOURCE_REF_LABELS = { kind: 'Resource type' } as const;

export interface ResourceRefPickerProps<K extends string> {
  /** The kinds offered, in this order; with one, no kind is asked. */
  kinds: Readonly<Record<K, RefKind>>;
  /** The chosen resource; none while nothing is chosen. */
  value?: ResourceRef<K> | undefined;
  /** How the chosen resource reads when the caller knows (else the picker reads its name). */
  valueLabel?: string;
  /**
   * The kind shown, when the caller holds it; otherwise the picker holds it, starting from
   * the value's kind (or `defaultKind`, or the first kind) and following a value set from
   * outside.
   */
  kind?: K;
  defaultKind?: K;
  /** Called when the user chooses another kind (after `onChange(undefined)` if a resource was chosen). */
  onKindChange?: (kind: K) => void;
  /** Called with the chosen resource and its option, or undefined when it is cleared. */
  onChange: (ref: ResourceRef<K> | undefined, option?: PickerOption) => void;
  /** Draws the field of a kind itself (one without a search, or picked another way). */
  renderKind?: (kind: K) => ReactNode;
  /** The kind control: a drop-down (default) or a segmented control. */
  kindControl?: 'select' | 'segmented';
  /** The kind control's name. Default "Resource type". */
  kindLabel?: string;
  /** The resource field's label. Default the kind's picker name (Config, Check, ...). */
  label?: string;
  /** A toolbar's form: labels for assistive technology only, and "Search configs…" (per kind) as placeholder. */
  hideLabel?: boolean;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  /** A class for a box around both fields; without it they are laid out by their parent. */
  className?: string;
}

/**
 * Picks a kind of resource, then a resource of that kind searched as the user types (MISC-03):
 * the run filters and dialog of playbooks, a silence's target, a permission's resource.
 * Another kind clears the chosen resource; a resource given by id (from the address) is named.
 */
export function ResourceRefPicker<K extends string>({
  kinds,
  value,
  valueLabel,
  kind: heldKind,
  defaultKind,
  onKindChange,
  onChange,
  renderKind,
  kindControl = 'select',
  kindLabel = RESOURCE_REF_LABELS.kind,
  label,
  hideLabel = false,
  placeholder,
  required,
  disabled = false,
  error,
  className,
}: ResourceRefPickerProps<K>) {
  const kindId = useId();
  const order = Object.keys(kinds) as K[];
  const [chosen, setChosen] = useState<K>(value?.kind ?? defaultKind ?? order[0]!);
  // A resource set from outside (a row's "show runs of") shows its own kind.
  const [seenKind, setSeenKind] = useState(value?.kind);
  if (value?.kind !== seenKind) {
    setSeenKind(value?.kind);
    if (value) setChosen(value.kind);
  }
  const kind = heldKind ?? chosen;
  const spec = kinds[kind];

  const chooseKind = (next: K) => {
    if (next === kind) return;
    setChosen(next);
    if (value) onChange(undefined);
    onKindChange?.(next);
  };
  const kindOptions = order.map((k) => ({ value: k, label: kinds[k].label }));

  let kindField: ReactNode = null;
  if (order.length > 1 && kindControl === 'segmented') {
    kindField = (
      <SegmentedControl
        aria-label={kindLabel}
        value={kind}
        disabled={disabled}
        options={kindOptions}
        onValueChange={(next) => chooseKind(next as K)}
      />
    );
  } else if (order.length > 1) {
    const select = (
      <HTMLSelect
        id={kindId}
        aria-label={kindLabel}
        value={kind}
        disabled={disabled}
        options={kindOptions}
        onChange={(event) => chooseKind(event.currentTarget.value as K)}
      />
    );
    kindField = hideLabel ? (
      select
    ) : (
      <FormGroup label={kindLabel} labelFor={kindId}>
        {select}
      </FormGroup>
    );
  }

  const custom = renderKind?.(kind);
  let resourceField: ReactNode = custom;
  if (custom === undefined && spec?.search) {
    resourceField = (
      <KindPicker
        key={kind}
        kind={spec.search}
        {...(label !== undefined ? { label } : {})}
        hideLabel={hideLabel}
        placeholder={placeholder ?? (hideLabel ? `Search ${spec.search}…` : undefined)}
        required={required}
        disabled={disabled}
        error={error}
        value={value?.kind === kind ? value.id : undefined}
        {...(valueLabel !== undefined && value?.kind === kind ? { valueLabel } : {})}
        onChange={(option) => onChange(option ? { kind, id: option.value } : undefined, option)}
      />
    );
  }

  const fields = (
    <>
      {kindField}
      {resourceField}
    </>
  );
  return className ? <div className={className}>{fields}</div> : fields;
}
