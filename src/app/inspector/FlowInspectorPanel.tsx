import { Button, ButtonGroup, HTMLTable, NonIdealState, Portal, Tag } from '@blueprintjs/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AnyStateMachine, StateValue } from 'xstate';
import { findMachine } from '../../../machines/registry';
import { Statechart } from '../../ui/Statechart/Statechart';
import { activeStateIds } from '../../ui/Statechart/machineGraph';
import type { FlowActor, FlowRecorder } from './recorder';
import './flowInspector.css';

/** A state value as text: `idle`, `submitting.creatingIncident`, `{a.x, b.y}` for parallel ones. */
export function formatStateValue(value: StateValue | undefined): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([key, sub]) =>
    sub === undefined || (typeof sub === 'object' && Object.keys(sub).length === 0)
      ? key
      : `${key}.${formatStateValue(sub)}`,
  );
  return parts.length === 1 ? (parts[0] ?? '') : `{${parts.join(', ')}}`;
}

/** A context as a JSON document: actors by their id, functions named, cycles cut. */
export function contextDocument(context: unknown): string {
  const seen = new WeakSet<object>();
  const text = JSON.stringify(
    context,
    (_key, value: unknown) => {
      if (typeof value === 'function') return '[function]';
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'object' && value !== null) {
        if ('sessionId' in value && 'send' in value) {
          return `[actor ${String((value as { id?: unknown }).id)}]`;
        }
        if (seen.has(value)) return '[circular]';
        seen.add(value);
      }
      return value;
    },
    2,
  );
  return text ?? 'undefined';
}

/** On the body while the panel is open: the page and dialogs end above it. */
export const DOCKED_CLASS = 'mc-flow-inspector-docked';

function formatTime(time: number): string {
  const date = new Date(time);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(
    date.getMilliseconds(),
    3,
  )}`;
}

function labelOf(actor: FlowActor): string {
  return findMachine(actor.machineId)?.label ?? actor.machineId;
}

function statusIntent(status: string) {
  if (status === 'active') return 'success' as const;
  if (status === 'error') return 'danger' as const;
  return 'none' as const;
}

export interface FlowInspectorPanelProps {
  recorder: FlowRecorder;
  /** Turns the inspector off; without it the panel can only be minimised (`?inspect=local`). */
  onClose?: () => void;
}

/**
 * The built-in flow inspector: the page's machine actors, the chosen one's statechart with its
 * current state, its event log (event, from, to, time) and the context at the chosen step.
 * Stepping back through the log highlights earlier states. Docked at the bottom of the page:
 * the page and its dialogs keep to the space above it. Minimised to a button.
 */
export function FlowInspectorPanel({ recorder, onClose }: FlowInspectorPanelProps) {
  const actors = useSyncExternalStore(recorder.subscribe, recorder.getSnapshot);
  const [open, setOpen] = useState(true);
  const [chosenId, setChosenId] = useState<string>();
  /** The step shown; undefined follows the latest. */
  const [stepIndex, setStepIndex] = useState<number>();

  // While open, the page and its dialogs keep to the space above the panel.
  useEffect(() => {
    if (!open) return undefined;
    document.body.classList.add(DOCKED_CLASS);
    return () => document.body.classList.remove(DOCKED_CLASS);
  }, [open]);

  if (!open) {
    return (
      <Portal>
        <Button
          className="mc-flow-inspector__restore"
          icon="flow-linear"
          intent="primary"
          text="Flow inspector"
          onClick={() => setOpen(true)}
        />
      </Portal>
    );
  }

  const live = actors.filter((actor) => actor.status === 'active');
  const actor =
    actors.find((candidate) => candidate.id === chosenId) ?? live.at(-1) ?? actors.at(-1);
  const steps = actor?.steps ?? [];
  const last = steps.length - 1;
  const shown = stepIndex === undefined ? last : Math.min(stepIndex, last);
  const step = steps[shown];
  const machine = actor?.logic as AnyStateMachine | undefined;
  const choose = (id: string) => {
    setChosenId(id);
    setStepIndex(undefined);
  };
  const select = (index: number) => setStepIndex(index >= last ? undefined : index);

  return (
    <Portal>
      <section className="mc-flow-inspector" aria-label="Flow inspector">
        <header className="mc-flow-inspector__header">
          <h2>Flow inspector</h2>
          <ButtonGroup variant="minimal">
            <Button
              icon="minimize"
              aria-label="Minimize flow inspector"
              onClick={() => setOpen(false)}
            />
            {onClose ? (
              <Button icon="cross" aria-label="Close flow inspector" onClick={onClose} />
            ) : null}
          </ButtonGroup>
        </header>
        <div className="mc-flow-inspector__body">
          <nav className="mc-flow-inspector__actors" aria-label="Actors">
            {actors.length === 0 ? (
              <p className="mc-flow-inspector__empty">No flow is running.</p>
            ) : (
              <ul>
                {actors.map((candidate) => (
                  <li key={candidate.id}>
                    <button
                      type="button"
                      className="mc-flow-inspector__actor"
                      aria-pressed={candidate === actor}
                      data-actor-id={candidate.id}
                      data-machine-id={candidate.machineId}
                      onClick={() => choose(candidate.id)}
                    >
                      <strong>{labelOf(candidate)}</strong>
                      <span className="mc-flow-inspector__actor-id">
                        {candidate.machineId} · {candidate.id}
                      </span>
                      <Tag minimal intent={statusIntent(candidate.status)}>
                        {candidate.status}
                      </Tag>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </nav>
          <div className="mc-flow-inspector__chart">
            {actor && machine ? (
              <Statechart machine={machine} activeIds={activeStateIds(machine, step?.to)} />
            ) : (
              <NonIdealState icon="flow-linear" title="No actor" />
            )}
          </div>
          <div className="mc-flow-inspector__log">
            <div className="mc-flow-inspector__steps">
              <ButtonGroup>
                <Button
                  icon="step-backward"
                  text="Step back"
                  disabled={shown <= 0}
                  onClick={() => select(shown - 1)}
                />
                <Button
                  icon="step-forward"
                  text="Step forward"
                  disabled={shown >= last}
                  onClick={() => select(shown + 1)}
                />
                <Button
                  icon="fast-forward"
                  text="Latest"
                  aria-label="Latest step"
                  disabled={stepIndex === undefined}
                  onClick={() => setStepIndex(undefined)}
                />
              </ButtonGroup>
              <span aria-live="polite">
                {steps.length > 0 ? `Step ${shown + 1} of ${steps.length}` : 'No steps'}
              </span>
            </div>
            <div className="mc-flow-inspector__table">
              <HTMLTable compact interactive aria-label="Event log">
                <thead>
                  <tr>
                    <th>Event</th>
                    <th>From</th>
                    <th>To</th>
                    <th>Time</th>
                  </tr>
                </thead>
                <tbody>
                  {steps.map((entry, index) => (
                    <tr
                      key={`${entry.time}-${index}`}
                      aria-selected={index === shown}
                      className={index === shown ? 'mc-flow-inspector__row--selected' : undefined}
                      tabIndex={0}
                      onClick={() => select(index)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter' || event.key === ' ') {
                          event.preventDefault();
                          select(index);
                        }
                      }}
                    >
                      <td>{entry.event}</td>
                      <td>{formatStateValue(entry.from)}</td>
                      <td>{formatStateValue(entry.to)}</td>
                      <td>{formatTime(entry.time)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
            <pre className="mc-flow-inspector__context" aria-label="Context">
              {step ? contextDocument(step.context) : ''}
            </pre>
          </div>
        </div>
      </section>
    </Portal>
  );
}
