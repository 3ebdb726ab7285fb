import { specYamlCodec } from '../../../src/features/editors/model/specYaml';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type {
  PickerType,
  TypePickerInput,
  TypedValues,
} from '../../../machines/editors/typePicker';
import {
  failureMessage,
  typePickerActions,
  typePickerMachine,
} from '../../../machines/editors/typePicker';
import { itCoversEveryStateAndTransition, itRunsEachPath } from '../../support/generatedPaths';
import { generatePaths } from '../../support/machinePaths';
import { describePath, flush, vertexKey, where, withTestActors } from '../../support/machineReplay';

type Snapshot = SnapshotFrom<typeof typePickerMachine>;

const TYPES: PickerType[] = [
  { id: 'http', specKey: 'http', hasForm: true },
  { id: 'dns', specKey: 'dns', hasForm: false },
  { id: 'custom', hasForm: false },
];

/** A new entry's defaults by type, as the console supplies them. */
const DEFAULTS: Record<string, Record<string, unknown>> = { http: { name: '', method: 'GET' } };

/** The machine as the console provides it: the types' defaults in its `chooseType` action. */
const machine = typePickerMachine.provide({
  actions: typePickerActions((typeId) => ({ ...DEFAULTS[typeId] })),
});

const STORED_HTTP: TypedValues = {
  id: 'c-1',
  name: 'web',
  spec: { schedule: '@every 1m', http: [{ name: 'web', url: 'https://example.com' }] },
};
const STORED_DNS: TypedValues = {
  id: 'c-2',
  name: 'resolver',
  spec: { dns: [{ name: 'resolver', server: '8.8.8.8' }] },
};

const NEW: TypePickerInput = { types: TYPES, codec: specYamlCodec };
const EXISTING_FORM: TypePickerInput = {
  types: TYPES,
  codec: specYamlCodec,
  resource: STORED_HTTP,
  typeId: 'http',
};
const EXISTING_CODE: TypePickerInput = {
  types: TYPES,
  codec: specYamlCodec,
  resource: STORED_DNS,
  typeId: 'dns',
};

/** What the form hands over: a name and the spec it holds. */
const FORM_VALUES: TypedValues = {
  name: 'web',
  spec: { schedule: '@every 5m', http: [{ name: 'web', url: 'https://a.example' }] },
};
const GOOD_YAML = 'http:\n  - name: web\n    url: https://b.example\n';
const BAD_YAML = 'http:\n  - url: [unclosed';

const ACTORS = ['save', 'remove'] as const;
type ActorName = (typeof ACTORS)[number];
const done = (name: ActorName) => ({ type: `xstate.done.actor.${name}`, output: {} });
const failed = (name: ActorName, message: string) => ({
  type: `xstate.error.actor.${name}`,
  error: new Error(message),
});

/** What can happen in each state: the user's input and the actors' answers. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const editing: AnyEventObject[] = [
    { type: 'save', values: FORM_VALUES },
    { type: 'back' },
    { type: 'delete.request' },
  ];
  switch (where(snapshot)) {
    case 'picking':
      return [
        { type: 'type.pick', typeId: 'http' },
        { type: 'type.pick', typeId: 'dns' },
      ];
    case 'editingForm':
      return [{ type: 'view.code', values: FORM_VALUES }, ...editing];
    case 'editingCode':
      return [
        { type: 'code.change', text: GOOD_YAML },
        { type: 'code.change', text: BAD_YAML },
        { type: 'view.form', values: FORM_VALUES },
        ...editing,
      ];
    case 'confirmingDelete':
      return [{ type: 'delete.confirm' }, { type: 'delete.cancel' }];
    case 'saving':
      return [done('save'), failed('save', 'name already exists')];
    case 'deleting':
      return [done('remove'), failed('remove', 'in use')];
    case 'failed':
      return [
        { type: 'view.code', values: FORM_VALUES },
        { type: 'view.form', values: FORM_VALUES },
        { type: 'code.change', text: GOOD_YAML },
        ...editing,
      ];
    default:
      return [];
  }
}

/** A vertex: the state and what decides where it can go. */
const key = vertexKey<Snapshot>((c) => [
  c.typeId ?? null,
  c.view,
  c.yaml === BAD_YAML,
  c.parseError !== undefined,
  c.error !== undefined,
]);

const INPUTS: Array<[string, TypePickerInput]> = [
  ['new', NEW],
  ['stored with a form', EXISTING_FORM],
  ['stored as code', EXISTING_CODE],
];
const generated = INPUTS.map(
  ([name, input]) =>
    [
      name,
      input,
      generatePaths(machine, { input, events: eventsFor, serializeState: key }),
    ] as const,
);

/** The machine with its save and remove answered by the test. */
const actors = withTestActors(machine, ACTORS);
/** The paths of every input, of one kind. */
const pathsOfEveryInput = (which: 'statePaths' | 'transitionPaths') =>
  generated.map(([, input, paths]) => ({ input, paths: paths[which] }));

describe('typePicker: generated paths', () => {
  itCoversEveryStateAndTransition(typePickerMachine, actors.inert, {
    states: pathsOfEveryInput('statePaths'),
    transitions: pathsOfEveryInput('transitionPaths'),
  });

  describe.each(generated)('%s', (_name, input, paths) => {
    itRunsEachPath(
      'replays %s on the real actor',
      paths.transitionPaths,
      (path) => describePath(path, where),
      (path) => actors.replay(input, path),
    );
  });
});

describe('typePicker: behaviour', () => {
  const start = (input: TypePickerInput) => actors.start(input);

  it('opens a stored resource in its type: the form when it has one, else the code', () => {
    const form = start(EXISTING_FORM);
    expect(form.actor.getSnapshot().value).toBe('editingForm');
    const code = start(EXISTING_CODE);
    expect(code.actor.getSnapshot().value).toBe('editingCode');
    expect(code.actor.getSnapshot().context.yaml).toBe(
      'dns:\n  - name: resolver\n    server: 8.8.8.8\n',
    );
    // No way back to the picker for a stored resource.
    code.actor.send({ type: 'back' });
    expect(code.actor.getSnapshot().value).toBe('editingCode');
  });

  it('starts a picked type with one entry of its defaults, and Back forgets it', () => {
    const { actor } = start(NEW);
    expect(actor.getSnapshot().value).toBe('picking');
    actor.send({ type: 'type.pick', typeId: 'http' });
    expect(actor.getSnapshot().value).toBe('editingForm');
    expect(actor.getSnapshot().context.values).toEqual({
      name: '',
      spec: { http: [{ name: '', method: 'GET' }] },
    });
    actor.send({ type: 'delete.request' });
    expect(actor.getSnapshot().value).toBe('editingForm');
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('picking');
    expect(actor.getSnapshot().context.typeId).toBeUndefined();
    actor.send({ type: 'type.pick', typeId: 'custom' });
    expect(actor.getSnapshot().value).toBe('editingCode');
    expect(actor.getSnapshot().context.yaml).toBe('');
  });

  it('goes Form → Code → Form keeping the values, the code’s changes read back', () => {
    const { actor } = start(EXISTING_FORM);
    actor.send({ type: 'view.code', values: FORM_VALUES });
    expect(actor.getSnapshot().value).toBe('editingCode');
    expect(actor.getSnapshot().context.yaml).toBe(
      'http:\n  - name: web\n    url: https://a.example\n',
    );
    actor.send({ type: 'view.form', values: FORM_VALUES });
    expect(actor.getSnapshot().value).toBe('editingForm');
    expect(actor.getSnapshot().context.values).toEqual(FORM_VALUES);
    actor.send({ type: 'view.code', values: FORM_VALUES });
    actor.send({ type: 'code.change', text: GOOD_YAML });
    actor.send({ type: 'view.form', values: FORM_VALUES });
    expect(actor.getSnapshot().context.values.spec).toEqual({
      schedule: '@every 5m',
      http: [{ name: 'web', url: 'https://b.example' }],
    });
  });

  it('keeps YAML that does not parse in the code, with the reason', () => {
    const { actor, calls } = start(EXISTING_FORM);
    actor.send({ type: 'view.code', values: FORM_VALUES });
    actor.send({ type: 'code.change', text: BAD_YAML });
    actor.send({ type: 'view.form', values: FORM_VALUES });
    let snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editingCode');
    expect(snapshot.context.yaml).toBe(BAD_YAML);
    expect(snapshot.context.parseError).toMatch(/^Invalid YAML: /);
    actor.send({ type: 'save', values: FORM_VALUES });
    snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editingCode');
    expect(calls).toHaveLength(0);
  });

  it('saves the values (the spec from the code), and keeps them when the server refuses', async () => {
    const { actor, calls } = start(EXISTING_CODE);
    actor.send({ type: 'code.change', text: 'dns:\n  - name: resolver\n    server: 1.1.1.1\n' });
    actor.send({ type: 'save', values: { ...STORED_DNS, name: 'resolver2' } });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(calls[0]?.input).toEqual({
      id: 'c-2',
      name: 'resolver2',
      spec: { dns: [{ name: 'resolver', server: '1.1.1.1' }] },
    });
    calls[0]?.reject(new Error('duplicate key value'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('duplicate key value');
    expect(actor.getSnapshot().context.yaml).toContain('1.1.1.1');
    // Saving again retries.
    actor.send({ type: 'save', values: { ...STORED_DNS, name: 'resolver2' } });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(actor.getSnapshot().context.error).toBeUndefined();
    calls[1]?.resolve({});
    await flush();
    expect(actor.getSnapshot().value).toBe('saved');
  });

  it('deletes only after the confirmation', async () => {
    const { actor, calls } = start(EXISTING_FORM);
    actor.send({ type: 'delete.request' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('editingForm');
    expect(calls).toHaveLength(0);
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    expect(calls.map((call) => call.name)).toEqual(['remove']);
    calls[0]?.resolve(undefined);
    await flush();
    expect(actor.getSnapshot().value).toBe('deleted');
  });

  it('words a failure in the server’s terms, else generically', () => {
    expect(failureMessage({ message: 'no such table' })).toBe('no such table');
    expect(failureMessage('refused')).toBe('refused');
    expect(failureMessage(undefined)).toBe('An error occurred');
  });
});

describe('typePicker: YAML only for the code', () => {
  /** A codec that counts its uses: the editor loads the real one on the way to the code. */
  const counting = () => {
    const used: string[] = [];
    const codec: TypePickerInput['codec'] = {
      toYaml: (spec) => {
        used.push('toYaml');
        return specYamlCodec.toYaml(spec);
      },
      parse: (text) => {
        used.push('parse');
        return specYamlCodec.parse(text);
      },
    };
    return { used, codec };
  };

  it('writes no YAML while a stored resource or a picked type stays on its form', () => {
    const stored = counting();
    const form = actors.start({ ...EXISTING_FORM, codec: stored.codec });
    expect(form.actor.getSnapshot().value).toBe('editingForm');
    const picked = counting();
    const fresh = actors.start({ ...NEW, codec: picked.codec });
    fresh.actor.send({ type: 'type.pick', typeId: 'http' });
    expect(fresh.actor.getSnapshot().value).toBe('editingForm');
    expect([...stored.used, ...picked.used]).toEqual([]);
    // Showing the code writes it.
    form.actor.send({ type: 'view.code', values: FORM_VALUES });
    expect(stored.used).toEqual(['toYaml']);
    expect(form.actor.getSnapshot().context.yaml).toBe(
      'http:\n  - name: web\n    url: https://a.example\n',
    );
  });

  it('writes the YAML at once for a type that opens on its code', () => {
    const stored = counting();
    actors.start({ ...EXISTING_CODE, codec: stored.codec });
    expect(stored.used).toEqual(['toYaml']);
  });
});
