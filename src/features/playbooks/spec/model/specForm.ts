/**
 * The playbook spec form (PB-02 → form → PB-04 / PB-05): its values, how a stored playbook fills
 * them, and the bodies sent. Title, icon, category and description have fields of their own;
 * they are kept out of the YAML shown in the editor and written back into the spec on save, as
 * Mission Control reads them from the spec (the `playbook_names` view of PB-01 does).
 */
import { dump, load } from 'js-yaml';
import type { CreatePlaybookBody, UpdatePlaybookBody } from '../../../../api/endpoints/playbooks';
import type { Playbook } from '../../../../api/schemas/playbooks';

/** The only source whose playbooks the console may change (PB-05). */
export const UI_SOURCE = 'UI';

/** The namespace of a new playbook. */
export const DEFAULT_NAMESPACE = 'default';

/** Spec keys edited through fields of their own, not in the YAML. */
export const FIELD_KEYS = ['title', 'icon', 'category', 'description'] as const;

export interface SpecFormValues {
  title?: string;
  namespace?: string;
  category?: string;
  icon?: string;
  description?: string;
  /** The rest of the spec as YAML. */
  spec?: string;
}

/** What a new playbook's editor starts with: one harmless action, to be replaced. */
export const SPEC_TEMPLATE = [
  'parameters: []',
  'actions:',
  '  - name: say-hello',
  '    exec:',
  '      script: echo "hello"',
  '',
].join('\n');

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether a playbook of this source opens read-only (anything not created in the console). */
export function isReadOnlySource(source: string | null | undefined): boolean {
  return (source ?? UI_SOURCE) !== UI_SOURCE;
}

/** The note of a read-only playbook, naming where it is managed. */
export function readOnlyNote(source: string): string {
  return `Managed by ${source}: read-only`;
}

/** The spec without the keys that have fields, as YAML. */
export function specYaml(spec: Record<string, unknown> | null | undefined): string {
  const rest = Object.fromEntries(
    Object.entries(spec ?? {}).filter(([key]) => !(FIELD_KEYS as readonly string[]).includes(key)),
  );
  return Object.keys(rest).length === 0 ? '' : dump(rest, { lineWidth: -1, noRefs: true });
}

/** A field's value: the column's, else the spec's. */
function fieldOf(playbook: Playbook, key: (typeof FIELD_KEYS)[number]): string {
  const column = playbook[key];
  if (typeof column === 'string' && column !== '') return column;
  const fromSpec = playbook.spec?.[key];
  return typeof fromSpec === 'string' ? fromSpec : '';
}

/** The form's starting values: a new playbook's, or those of PB-02's row. */
export function toSpecFormValues(playbook?: Playbook): SpecFormValues {
  if (!playbook) return { namespace: DEFAULT_NAMESPACE, spec: SPEC_TEMPLATE };
  return {
    title: fieldOf(playbook, 'title') || (playbook.name ?? ''),
    namespace: playbook.namespace ?? DEFAULT_NAMESPACE,
    category: fieldOf(playbook, 'category'),
    icon: fieldOf(playbook, 'icon'),
    description: fieldOf(playbook, 'description'),
    spec: specYaml(playbook.spec),
  };
}

const trimmed = (value: string | undefined): string => (value ?? '').trim();

/**
 * The spec sent: the YAML's object with the filled fields written in (an emptied field removes
 * its key). Throws when the YAML is not an object (the form's validation stops that first).
 */
export function toSpec(values: SpecFormValues): Record<string, unknown> {
  const parsed: unknown = load(values.spec ?? '');
  const spec: Record<string, unknown> = isRecord(parsed) ? { ...parsed } : {};
  if (parsed !== undefined && parsed !== null && !isRecord(parsed)) {
    throw new Error('The spec must be a YAML mapping');
  }
  for (const key of FIELD_KEYS) {
    const value = trimmed(values[key]);
    if (value === '') delete spec[key];
    else spec[key] = value;
  }
  return spec;
}

/** PB-04's body (`name` and `created_by` are added by the endpoint). */
export function toCreateBody(values: SpecFormValues): CreatePlaybookBody {
  const body: CreatePlaybookBody = {
    title: trimmed(values.title),
    namespace: trimmed(values.namespace) || DEFAULT_NAMESPACE,
    spec: toSpec(values),
    source: UI_SOURCE,
  };
  for (const key of ['description', 'icon', 'category'] as const) {
    const value = trimmed(values[key]);
    if (value !== '') body[key] = value;
  }
  return body;
}

/** PB-05's body: `{ id, title, source, spec, description, icon }`. */
export function toUpdateBody(id: string, values: SpecFormValues): UpdatePlaybookBody {
  return {
    id,
    title: trimmed(values.title),
    source: UI_SOURCE,
    spec: toSpec(values),
    description: trimmed(values.description),
    icon: trimmed(values.icon),
  };
}

/**
 * How a playbook's Kubernetes resource is named: its kind, then `namespace/name` (the name
 * alone when it has no namespace tag).
 */
export function resourceLabel(resource: {
  name?: string | null;
  config_class?: string | null;
  tags?: Record<string, unknown> | null;
}): string {
  const namespace = resource.tags?.namespace;
  const name = resource.name ?? '';
  const qualified =
    typeof namespace === 'string' && namespace !== '' ? `${namespace}/${name}` : name;
  return `${resource.config_class || 'Playbook'} ${qualified}`;
}
