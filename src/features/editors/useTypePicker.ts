import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise, waitFor } from 'xstate';
import type { TypedValues } from '../../../machines/editors/typePicker';
import { typePickerActions, typePickerMachine } from '../../../machines/editors/typePicker';
import { useInspect } from '../../ui/inspect';
import type { EditorType, TypedResourceValues } from './types';
import { lazySpecCodec } from './model/specCodec';
import { inferType, pickerTypes, typeDefaults } from './model/typedResource';

/** Where the editor stands, from the machine's state. */
export type TypePickerPhase =
  | 'picking'
  | 'editingForm'
  | 'editingCode'
  | 'confirmingDelete'
  | 'saving'
  | 'deleting'
  | 'failed'
  | 'saved'
  | 'deleted';

export interface UseTypePickerOptions {
  types: readonly EditorType[];
  /** Read once, when the editor appears. */
  resource?: TypedResourceValues;
  save: (values: TypedResourceValues) => Promise<unknown>;
  remove?: () => Promise<unknown>;
  onSaved?: (values: TypedResourceValues) => void;
  onDeleted?: () => void;
}

export interface TypePicker {
  phase: TypePickerPhase;
  /** The chosen type. */
  type: EditorType | undefined;
  isNew: boolean;
  /** The values last handed to the machine (the stored ones at first). */
  values: TypedValues;
  /** The YAML of the code view. */
  yaml: string;
  /** The view shown: the form or the code. */
  view: 'form' | 'code';
  parseError: string | undefined;
  /** The server's reason for the last failed save or delete. */
  error: string | undefined;
  pick: (typeId: string) => void;
  showCode: (values: TypedValues) => void;
  showForm: (values: TypedValues) => void;
  changeCode: (text: string) => void;
  save: (values: TypedValues) => void;
  back: () => void;
  requestDelete: () => void;
  cancelDelete: () => void;
  /** Deletes; settles once deleted (true) or failed (false). */
  confirmDelete: () => Promise<boolean>;
}

type Handlers = Pick<UseTypePickerOptions, 'save' | 'remove' | 'onSaved' | 'onDeleted'>;

/** The editor's latest handlers, read when the machine's actors run. */
class HandlerBox {
  constructor(public current: Handlers) {}

  update(next: Handlers): void {
    this.current = next;
  }
}

/**
 * The machine with its `save` and `remove` actors on the editor's latest handlers, and its
 * `chooseType` action on the types' defaults.
 */
function createPickerLogic(handlers: HandlerBox, types: readonly EditorType[]) {
  return typePickerMachine.provide({
    actions: typePickerActions(typeDefaults(types)),
    actors: {
      save: fromPromise<unknown, TypedValues>(({ input }) => handlers.current.save(input)),
      remove: fromPromise<unknown, void>(async () => handlers.current.remove?.()),
    },
  });
}

/**
 * The typed editor's state: the `typePicker` machine (machines/editors/typePicker.ts) with its
 * `save` and `remove` actors on the editor's props (the latest ones are called).
 */
export function useTypePicker({
  types,
  resource,
  save,
  remove,
  onSaved,
  onDeleted,
}: UseTypePickerOptions): TypePicker {
  const [handlers] = useState(() => new HandlerBox({ save, remove, onSaved, onDeleted }));
  useEffect(() => handlers.update({ save, remove, onSaved, onDeleted }));
  const [logic] = useState(() => createPickerLogic(handlers, types));
  const [input] = useState(() => ({
    types: pickerTypes(types),
    codec: lazySpecCodec,
    ...(resource ? { resource, typeId: inferType(resource.spec, types) } : {}),
  }));
  const inspect = useInspect();
  const actor = useActorRef(logic, { input, inspect });
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const phase = useSelector(actor, (snapshot) => snapshot.value as TypePickerPhase);

  useEffect(() => {
    if (phase === 'saved') handlers.current.onSaved?.(context.values);
    if (phase === 'deleted') handlers.current.onDeleted?.();
  }, [handlers, phase, context.values]);

  return {
    phase,
    type: types.find((type) => type.id === context.typeId),
    isNew: context.isNew,
    values: context.values,
    yaml: context.yaml,
    view: context.view,
    parseError: context.parseError,
    error: context.error,
    pick: (typeId) => actor.send({ type: 'type.pick', typeId }),
    showCode: (values) => actor.send({ type: 'view.code', values }),
    showForm: (values) => actor.send({ type: 'view.form', values }),
    changeCode: (text) => actor.send({ type: 'code.change', text }),
    save: (values) => actor.send({ type: 'save', values }),
    back: () => actor.send({ type: 'back' }),
    requestDelete: () => actor.send({ type: 'delete.request' }),
    cancelDelete: () => actor.send({ type: 'delete.cancel' }),
    confirmDelete: async () => {
      actor.send({ type: 'delete.confirm' });
      const settled = await waitFor(
        actor,
        (snapshot) => snapshot.matches('deleted') || snapshot.matches('failed'),
      );
      return settled.matches('deleted');
    },
  };
}
