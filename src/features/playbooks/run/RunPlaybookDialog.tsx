import { Button, Callout, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { is } from 'superstruct';
import type { RunResource } from '../../../../machines/playbooks/runPlaybook';
import { RUN_PLAYBOOK_MESSAGES } from '../../../../machines/playbooks/runPlaybook';
import type { PlaybookResourceKind } from '../../../api/endpoints/playbooks';
import type { PlaybookSpec } from '../../../api/schemas/playbooks';
import { PlaybookSpecStruct } from '../../../api/schemas/playbooks';
import { AppDialog } from '../../../ui/AppDialog';
import { LoadErrorCallout } from '../../../ui/LoadErrorCallout';
import { ResourceRefPicker, refKinds } from '../../../widgets/ResourceRefPicker';
import { playbookRunPath, resourceKinds } from '../model/resources';
import { ParameterField } from './fields/ParameterField';
import type { RunPlaybook } from './useRunPlaybook';
import { useRunPlaybook } from './useRunPlaybook';
import './run.css';

/** The dialog's own words. */
export const RUN_DIALOG_LABELS = {
  run: 'Run',
  running: 'Running...',
  cancel: 'Cancel',
  loadFailed: 'The parameters could not be loaded',
  resource: 'Resource',
  resourceType: 'Resource type',
  loading: 'Loading parameters',
  noParameters: 'This playbook has no parameters.',
} as const;

export interface RunPlaybookDialogProps {
  /** The playbook to run; its spec says which resources it runs on. */
  playbook: { id: string; name?: string; title?: string; spec?: unknown };
  /** The resource it runs on, when the dialog is opened from one (no resource is asked then). */
  resource?: { config_id?: string; component_id?: string; check_id?: string };
  /**
   * The parameters of an earlier run to start from (Resubmit): shown over the defaults and
   * editable; the title reads "Resubmit" then.
   */
  initialParams?: Readonly<Record<string, string>>;
  onClose: () => void;
}

/** The preset resource, by whichever id is given (config, component, then check). */
export function presetResource(
  resource: RunPlaybookDialogProps['resource'],
): RunResource | undefined {
  if (resource?.config_id) return { kind: 'config', id: resource.config_id };
  if (resource?.component_id) return { kind: 'component', id: resource.component_id };
  if (resource?.check_id) return { kind: 'check', id: resource.check_id };
  return undefined;
}

function specOf(spec: unknown): PlaybookSpec | undefined {
  return is(spec, PlaybookSpecStruct) ? spec : undefined;
}

/**
 * Run a playbook (spec 002 §2.6, §4.5, §5.5): the resource to run on (unless one is given),
 * the parameters PB-08 resolves for it with their defaults, and Run (PB-09), which opens the
 * started run. Run is enabled once the form is valid; a failed run keeps what was typed. Given
 * an earlier run's parameters (Resubmit), the form starts from them instead of the defaults.
 */
export function RunPlaybookDialog({
  playbook,
  resource,
  initialParams,
  onClose,
}: RunPlaybookDialogProps) {
  const navigate = useNavigate();
  const spec = specOf(playbook.spec);
  const kinds = resourceKinds(spec);
  const [preset] = useState(() => presetResource(resource));
  const state = useRunPlaybook({
    playbookId: playbook.id,
    needsResource: kinds.length > 0 || preset !== undefined,
    ...(preset ? { resource: preset } : {}),
    ...(initialParams ? { initialParams } : {}),
    onStarted: (runId) => {
      // Closed first: a dialog held in the address leaves it before the run's page opens.
      onClose();
      void navigate(playbookRunPath(runId));
    },
  });
  const title = playbook.title || spec?.title || playbook.name || playbook.id;
  const busy = state.phase === 'submitting' || state.phase === 'done';

  return (
    <AppDialog
      isOpen
      onClose={onClose}
      title={initialParams ? `Resubmit ${title}` : `Run ${title}`}
      icon={initialParams ? 'refresh' : 'play'}
      size="medium"
    >
      <form
        className="mc-run-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          state.run();
        }}
        onKeyDown={(event) => {
          // Enter in a one-line field runs, or shows every message while the form is invalid
          // (the disabled Run button would not submit the form).
          const target = event.target as HTMLElement;
          if (event.key !== 'Enter' || target.tagName !== 'INPUT') return;
          // A picker takes Enter for its choice (its input, or the box around it, is the combobox).
          if (target.closest('[role="combobox"]')) return;
          event.preventDefault();
          state.run();
        }}
      >
        <DialogBody>
          {!preset && kinds.length > 0 && (
            <ResourceChooser kinds={kinds} state={state} disabled={busy} />
          )}
          <RunContent state={state} disabled={busy} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={RUN_DIALOG_LABELS.cancel} onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                icon="play"
                text={busy ? RUN_DIALOG_LABELS.running : RUN_DIALOG_LABELS.run}
                disabled={!state.runnable}
              />
            </>
          }
        />
      </form>
    </AppDialog>
  );
}

/** The resource to run on: its kind (when the spec allows several) and a search of that kind. */
function ResourceChooser({
  kinds,
  state,
  disabled,
}: {
  kinds: PlaybookResourceKind[];
  state: RunPlaybook;
  disabled: boolean;
}) {
  return (
    <ResourceRefPicker
      className="mc-run-resource"
      kinds={refKinds(kinds)}
      kindLabel={RUN_DIALOG_LABELS.resourceType}
      label={RUN_DIALOG_LABELS.resource}
      required
      disabled={disabled}
      value={state.resource}
      onChange={(ref) => {
        // Clearing the field or choosing another kind keeps the last resource chosen.
        if (ref) state.selectResource(ref);
      }}
    />
  );
}

/** What the dialog shows for the machine's state: a hint, a spinner, a reason, or the form. */
function RunContent({ state, disabled }: { state: RunPlaybook; disabled: boolean }) {
  switch (state.phase) {
    case 'choosingResource':
      return <p className="mc-run-hint">{RUN_PLAYBOOK_MESSAGES.chooseResource}</p>;
    case 'loading':
      return <Spinner size={24} aria-label={RUN_DIALOG_LABELS.loading} />;
    case 'forbidden':
      return (
        <Callout intent="warning" role="alert">
          {RUN_PLAYBOOK_MESSAGES.forbidden}
        </Callout>
      );
    case 'loadFailed':
      return (
        <LoadErrorCallout
          title={RUN_DIALOG_LABELS.loadFailed}
          message={state.loadError ?? ''}
          onRetry={state.retry}
        />
      );
    default:
      return (
        <>
          {state.failure && (
            <Callout intent="danger" role="alert" className="mc-run-failure">
              {state.failure}
            </Callout>
          )}
          {state.parameters.length === 0 ? (
            <p className="mc-run-hint">{RUN_DIALOG_LABELS.noParameters}</p>
          ) : (
            <div className="mc-run-parameters">
              {state.parameters.map((parameter) => (
                <ParameterField
                  key={parameter.name}
                  parameter={parameter}
                  value={state.values[parameter.name] ?? ''}
                  error={state.errors[parameter.name]}
                  disabled={disabled}
                  onChange={(value) => state.setField(parameter.name, value)}
                  onBlur={() => state.touchField(parameter.name)}
                />
              ))}
            </div>
          )}
        </>
      );
  }
}
