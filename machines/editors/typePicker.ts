import { and, assign, fromPromise, raise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';

/**
 * The values of a resource whose spec is keyed by a type (a health check, a catalog scraper),
 * as stored in its row; the editors and the settings pages use this one type.
 */
export interface TypedValues {
  id?: string;
  name: string;
  namespace?: string;
  icon?: string;
  labels?: Record<string, string>;
  /** `{ [specKey]: [entry, ...], schedule?, retention?, ... }`. */
  spec: Record<string, unknown>;
  source?: string | null;
  /** The agent the resource runs on (a canary's `agent_id`); none means the local one. */
  agent_id?: string;
}

/** What the machine knows of a type of the picker. */
export interface PickerType {
  /** The picker's id of the type (unique). */
  id: string;
  /** The spec key its entries are stored under; none for free YAML (custom). */
  specKey?: string;
  /** Whether the type has a form (else it is edited as code only). */
  hasForm: boolean;
}

/**
 * A new entry's values for a type id: the console's rule, supplied to the machine as its
 * `chooseType` action with `typePickerMachine.provide({ actions: typePickerActions(defaults) })`.
 */
export type EntryDefaults = (typeId: string) => Record<string, unknown>;

/** The spec read from YAML: a map, or why not. */
export type SpecParse =
  { ok: true; spec: Record<string, unknown> } | { ok: false; message: string };

/**
 * How the spec is written as YAML and read back (js-yaml in the console: `specYamlCodec` of
 * `src/features/editors/model/specYaml.ts`), given with the input so the machine's definition
 * carries no YAML library. It is called only while the code is shown or about to be: a stored
 * resource or picked type that opens on the code, and `view.code`; the editor may load it on
 * the way there.
 */
export interface SpecCodec {
  toYaml(spec: Readonly<Record<string, unknown>>): string;
  parse(text: string): SpecParse;
}

export interface TypePickerInput {
  /** The types of the picker. */
  types: readonly PickerType[];
  /** The spec's YAML writer and reader. */
  codec: SpecCodec;
  /** The stored resource; absent for a new one (the machine starts on the picker). */
  resource?: TypedValues;
  /** The stored resource's type (inferred from its spec by the console). */
  typeId?: string;
}

export interface TypePickerContext {
  types: readonly PickerType[];
  codec: SpecCodec;
  /** Whether the resource is new (Back to the picker is offered only then). */
  isNew: boolean;
  /** The chosen type's id, once chosen. */
  typeId: string | undefined;
  /** The values as last handed over by the editor (or the stored ones). */
  values: TypedValues;
  /** The spec as YAML while the code is edited (without `schedule`, which has its own field). */
  yaml: string;
  /** Why the YAML could not be read; the text stays as typed. */
  parseError: string | undefined;
  /** The server's reason for the last failed save or delete; the values are kept. */
  error: string | undefined;
  /** The view the editor was in, to come back to from the delete confirmation or a failure. */
  view: 'form' | 'code';
}

export type TypePickerEvent =
  | { type: 'type.pick'; typeId: string }
  /** Form → Code, with the form's values. */
  | { type: 'view.code'; values: TypedValues }
  /** Code → Form, with the form's values (name, icon, labels, schedule). */
  | { type: 'view.form'; values: TypedValues }
  | { type: 'code.change'; text: string }
  /** Save or Update, with the form's values (in code, the spec comes from the YAML). */
  | { type: 'save'; values: TypedValues }
  /** Back to the picker (new resources only). */
  | { type: 'back' }
  | { type: 'delete.request' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

/** Shown when the YAML is valid but is not a map of keys. */
export const SPEC_NOT_A_MAP = 'The spec must be a map of keys (e.g. http: [...])';
/** Shown when a save or delete fails with nothing readable. */
export const TYPE_PICKER_FAILED = 'An error occurred';

/** The message of whatever a save or delete rejected with. */
export function failureMessage(error: unknown): string {
  return rejectionMessage(error, TYPE_PICKER_FAILED);
}

/**
 * The spec of the YAML merged with the form's schedule: a `schedule` typed in the code wins,
 * else the Schedule field's value is kept.
 */
export function specFromCode(
  parsed: Readonly<Record<string, unknown>>,
  formSpec: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  if ('schedule' in parsed) return { ...parsed };
  const schedule = formSpec.schedule;
  return schedule === undefined || schedule === '' ? { ...parsed } : { ...parsed, schedule };
}

/** A new resource's values for a type: an empty name and one entry of `entry`. */
export function valuesForType(
  type: PickerType | undefined,
  entry: Record<string, unknown>,
): TypedValues {
  if (!type?.specKey) return { name: '', spec: {} };
  return { name: '', spec: { [type.specKey]: [entry] } };
}

function typeOf(context: Pick<TypePickerContext, 'types'>, id: string | undefined) {
  return context.types.find((type) => type.id === id);
}

/**
 * The YAML of a type's values when its editor opens on the code (a type without a form); ''
 * when it opens on the form, whose values are written as YAML only once the code is shown.
 */
function openingYaml(codec: SpecCodec, type: PickerType | undefined, values: TypedValues): string {
  return type?.hasForm === true ? '' : codec.toYaml(values.spec);
}

function initialContext(input: TypePickerInput): TypePickerContext {
  const values = input.resource ?? { name: '', spec: {} };
  const typeId = input.resource ? input.typeId : undefined;
  return {
    types: input.types,
    codec: input.codec,
    isNew: input.resource === undefined,
    typeId,
    values,
    yaml: input.resource ? openingYaml(input.codec, typeOf(input, typeId), values) : '',
    parseError: undefined,
    error: undefined,
    view: 'form',
  };
}

function notProvided(name: string, kind = 'actor'): never {
  throw new Error(`typePicker: provide the ${name} ${kind}`);
}

/**
 * The named actions that apply the console's rules, for `typePickerMachine.provide({ actions })`:
 * `chooseType` starts the picked type with one entry of its `defaults`.
 */
export function typePickerActions(defaults: EntryDefaults) {
  return {
    chooseType: assign<
      TypePickerContext,
      TypePickerEvent,
      { typeId: string },
      TypePickerEvent,
      never
    >(({ context }, params) => {
      const type = typeOf(context, params.typeId);
      const values = valuesForType(type, defaults(params.typeId));
      return {
        typeId: params.typeId,
        values,
        yaml: openingYaml(context.codec, type, values),
        parseError: undefined,
        error: undefined,
      };
    }),
  };
}

/** Where the editor goes back to (the delete confirmation, a failure): its last view. */
const backToView = [
  { guard: 'inCodeView', target: '#typePicker.editingCode' },
  { target: '#typePicker.editingForm' },
] as const;

/** After a failure, the editor's events take effect in its last view (saving again retries). */
const resumeEditing = [
  {
    guard: 'inCodeView',
    target: '#typePicker.editingCode',
    actions: 'resume',
  },
  {
    target: '#typePicker.editingForm',
    actions: 'resume',
  },
] as const;

/**
 * The editor of a resource keyed by a type (spec 002 §2.11–§2.13, §5.7):
 *
 * - `picking` (new resources): `type.pick` chooses a type; its editor opens with a new entry
 *   of the type's defaults, on the form when the type has one, else on the code.
 * - `editingForm` ⇄ `editingCode`: `view.code` hands over the form's values and shows the spec
 *   as YAML; `view.form` reads the YAML back. YAML that does not parse (or is not a map) stays
 *   in the code with `parseError`, nothing typed lost. `code.change` updates the text.
 * - `save` (with the form's values; in code, the spec read from the YAML) invokes the `save`
 *   actor in `saving`: `saved` (final) on success, else `failed` with the server's `error` and
 *   the values kept, from where the editor carries on (saving again retries).
 * - `delete.request` (a stored resource) asks `confirmingDelete`; `delete.confirm` invokes the
 *   `remove` actor in `deleting`: `deleted` (final), else `failed`.
 * - `back` (a new resource) returns to the picker, forgetting the type and its values.
 *
 * A stored resource starts in its type's editor: the form when the type has one, else the code.
 * The console supplies the `save` and `remove` actors and the `chooseType` action (the types'
 * defaults, `typePickerActions`) with `provide`.
 */
export const typePickerMachine = setup({
  types: {
    input: {} as TypePickerInput,
    context: {} as TypePickerContext,
    events: {} as TypePickerEvent,
  },
  actors: {
    save: fromPromise<unknown, TypedValues>(async () => notProvided('save')),
    remove: fromPromise<unknown, void>(async () => notProvided('remove')),
  },
  guards: {
    isNew: ({ context }) => context.isNew,
    hasId: ({ context }) => context.values.id !== undefined && context.values.id !== '',
    typeHasForm: ({ context }) => typeOf(context, context.typeId)?.hasForm === true,
    pickedHasForm: (_, params: { typeId: string; types: readonly PickerType[] }) =>
      params.types.find((type) => type.id === params.typeId)?.hasForm === true,
    yamlParses: ({ context }) => context.codec.parse(context.yaml).ok,
    inCodeView: ({ context }) => context.view === 'code',
  },
  actions: {
    /** The picked type with one new entry (supplied with `typePickerActions`). */
    chooseType: (_, _params: { typeId: string }) => notProvided('chooseType', 'action'),
    forgetType: assign({
      typeId: undefined,
      values: { name: '', spec: {} },
      yaml: '',
      parseError: undefined,
      error: undefined,
      view: 'form' as const,
    }),
    showCode: assign(({ context }, params: { values: TypedValues }) => ({
      values: params.values,
      yaml: context.codec.toYaml(params.values.spec),
      parseError: undefined,
      view: 'code' as const,
    })),
    enterCode: assign({ view: 'code' as const }),
    enterForm: assign({ view: 'form' as const }),
    readCode: assign(({ context }, params: { values: TypedValues }) => {
      const parsed = context.codec.parse(context.yaml);
      if (!parsed.ok) return { parseError: parsed.message };
      return {
        values: { ...params.values, spec: specFromCode(parsed.spec, params.values.spec) },
        parseError: undefined,
      };
    }),
    showForm: assign({ view: 'form' as const, parseError: undefined }),
    keepValues: assign((_, params: { values: TypedValues }) => ({ values: params.values })),
    setCode: assign((_, params: { text: string }) => ({ yaml: params.text })),
    clearError: assign({ error: undefined }),
    /** Takes the event again in the state just entered. */
    resume: raise(({ event }) => event),
    recordError: assign((_, params: { message: string }) => ({ error: params.message })),
  },
}).createMachine({
  id: 'typePicker',
  initial: 'start',
  context: ({ input }) => initialContext(input),
  states: {
    start: {
      always: [
        { guard: 'isNew', target: 'picking' },
        { guard: 'typeHasForm', target: 'editingForm' },
        { target: 'editingCode', actions: 'enterCode' },
      ],
    },
    picking: {
      on: {
        'type.pick': [
          {
            guard: {
              type: 'pickedHasForm',
              params: ({ context, event }) => ({ typeId: event.typeId, types: context.types }),
            },
            target: 'editingForm',
            actions: [
              { type: 'chooseType', params: ({ event }) => ({ typeId: event.typeId }) },
              'enterForm',
            ],
          },
          {
            target: 'editingCode',
            actions: [
              { type: 'chooseType', params: ({ event }) => ({ typeId: event.typeId }) },
              'enterCode',
            ],
          },
        ],
      },
    },
    editingForm: {
      on: {
        'view.code': {
          target: 'editingCode',
          actions: { type: 'showCode', params: ({ event }) => ({ values: event.values }) },
        },
        save: {
          target: 'saving',
          actions: { type: 'keepValues', params: ({ event }) => ({ values: event.values }) },
        },
        back: { guard: 'isNew', target: 'picking', actions: 'forgetType' },
        'delete.request': { guard: 'hasId', target: 'confirmingDelete' },
      },
    },
    editingCode: {
      on: {
        'code.change': {
          actions: { type: 'setCode', params: ({ event }) => ({ text: event.text }) },
        },
        'view.form': [
          {
            guard: and(['typeHasForm', 'yamlParses']),
            target: 'editingForm',
            actions: [
              { type: 'readCode', params: ({ event }) => ({ values: event.values }) },
              'showForm',
            ],
          },
          { actions: { type: 'readCode', params: ({ event }) => ({ values: event.values }) } },
        ],
        save: [
          {
            guard: 'yamlParses',
            target: 'saving',
            actions: { type: 'readCode', params: ({ event }) => ({ values: event.values }) },
          },
          { actions: { type: 'readCode', params: ({ event }) => ({ values: event.values }) } },
        ],
        back: { guard: 'isNew', target: 'picking', actions: 'forgetType' },
        'delete.request': { guard: 'hasId', target: 'confirmingDelete' },
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': [...backToView],
      },
    },
    saving: {
      entry: 'clearError',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.values,
        onDone: 'saved',
        onError: {
          target: 'failed',
          actions: {
            type: 'recordError',
            params: ({ event }) => ({ message: failureMessage(event.error) }),
          },
        },
      },
    },
    deleting: {
      entry: 'clearError',
      invoke: {
        id: 'remove',
        src: 'remove',
        onDone: 'deleted',
        onError: {
          target: 'failed',
          actions: {
            type: 'recordError',
            params: ({ event }) => ({ message: failureMessage(event.error) }),
          },
        },
      },
    },
    /**
     * A save or delete failed: the editor shows `error` with the values kept. Saving again
     * retries; switching the view or typing carries on editing.
     */
    failed: {
      on: {
        save: [...resumeEditing],
        'view.code': [...resumeEditing],
        'view.form': [...resumeEditing],
        'code.change': [...resumeEditing],
        back: { guard: 'isNew', target: 'picking', actions: 'forgetType' },
        'delete.request': { guard: 'hasId', target: 'confirmingDelete' },
      },
    },
    saved: { type: 'final' },
    deleted: { type: 'final' },
  },
});
