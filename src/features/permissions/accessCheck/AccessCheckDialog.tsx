import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
} from '@blueprintjs/core';
import { useId, useState } from 'react';
import { ROLES } from '../../../../contracts/access';
import type {
  AccessResourceKind,
  AccessSubjectKind,
} from '../../../../machines/permissions/accessCheck';
import type { SearchKind } from '../../../api/endpoints/resources';
import { AppDialog } from '../../../ui/AppDialog';
import { LoadErrorCallout } from '../../../ui/LoadErrorCallout';
import { KindPicker, searchHook } from '../../../widgets/pickers';
import { ResourcePicker } from '../../../ui/ResourcePicker';
import { useSearchViewsQuery } from '../../../api/endpoints/viewSearch';
import type { FoundView } from '../../../api/schemas/viewSearch';
import { PersonPicker, TeamPicker } from '../../../widgets/peoplePickers';
import type { AccessCheckProps } from '../../../widgets/slots/slotTypes';
import {
  ACCESS_CHECK_DIALOG_LABELS as LABELS,
  ACCESS_GLOBAL_OBJECTS,
  ACCESS_RESOURCE_KINDS,
  ACCESS_SUBJECT_KINDS,
  actionsForKind,
  initialQuestion,
  roleSubjects,
} from '../model/accessCheck';
import { AccessRuleItem } from '../components/AccessRuleItem';
import { useAccessCheck } from './useAccessCheck';

/** Views by name or title. */
const useViewSearch = searchHook(
  useSearchViewsQuery,
  (text: string) => text,
  (view: FoundView) => ({
    value: view.id,
    label: view.title || view.name,
    ...(view.namespace ? { detail: view.namespace } : {}),
  }),
);

/** The kinds whose objects are searched (MISC-03). */
const SEARCHED: Record<Exclude<AccessResourceKind, 'global' | 'view'>, SearchKind> = {
  playbook: 'playbooks',
  config: 'configs',
  check: 'checks',
  component: 'components',
  canary: 'canaries',
  connection: 'connections',
};

/**
 * "May [subject] [action] [resource]?": a person, team, role or playbook; an action of the
 * review's vocabulary (the playbook actions only on a playbook); a resource, preset when the
 * dialog is opened from a playbook or a connection. Answered by
 * `POST /api/rbac/subject-access-reviews` with the decision and the rules that allowed or
 * denied it; a failure offers Retry. The flow is the `accessCheck` machine.
 */
export function AccessCheckDialog({ resource, onClose }: AccessCheckProps) {
  const ids = {
    subjectKind: useId(),
    role: useId(),
    action: useId(),
    resourceKind: useId(),
    object: useId(),
    targetKind: useId(),
  };
  const [start] = useState(() => initialQuestion(resource));
  const check = useAccessCheck(start);
  const { question, phase, answer } = check;
  const busy = phase === 'checking';
  // The preset object reads by its name until another is chosen.
  const presetLabel =
    resource && question.resourceKind === resource.kind && question.resource === resource.id
      ? resource.name
      : undefined;

  let subjectPicker;
  const pickSubject = (option: { value: string } | undefined) =>
    check.change({ subject: option?.value });
  switch (question.subjectKind) {
    case 'person':
      subjectPicker = <PersonPicker value={question.subject} onChange={pickSubject} />;
      break;
    case 'team':
      subjectPicker = <TeamPicker value={question.subject} onChange={pickSubject} />;
      break;
    case 'playbook':
      subjectPicker = (
        <KindPicker kind="playbooks" value={question.subject} onChange={pickSubject} />
      );
      break;
    case 'role':
      subjectPicker = (
        <FormGroup label={LABELS.role} labelFor={ids.role}>
          <HTMLSelect
            id={ids.role}
            value={question.subject ?? ''}
            options={[
              { value: '', label: LABELS.chooseRole },
              ...roleSubjects(ROLES).map((role) => ({ value: role, label: role })),
            ]}
            onChange={(event) => check.change({ subject: event.currentTarget.value || undefined })}
          />
        </FormGroup>
      );
      break;
  }

  const objectPicker =
    question.resourceKind === 'global' ? (
      <FormGroup label={LABELS.object} labelFor={ids.object}>
        <HTMLSelect
          id={ids.object}
          value={question.resource ?? ''}
          options={[
            { value: '', label: LABELS.chooseObject },
            ...ACCESS_GLOBAL_OBJECTS.map((name) => ({ value: name, label: name })),
          ]}
          onChange={(event) => check.change({ resource: event.currentTarget.value || undefined })}
        />
      </FormGroup>
    ) : question.resourceKind === 'view' ? (
      <ResourcePicker
        label={LABELS.resourceKinds.view}
        useSearch={useViewSearch}
        value={question.resource}
        onChange={(option) => check.change({ resource: option?.value })}
      />
    ) : (
      <KindPicker
        kind={SEARCHED[question.resourceKind]}
        value={question.resource}
        valueLabel={presetLabel}
        onChange={(option) => check.change({ resource: option?.value })}
      />
    );

  return (
    <AppDialog isOpen onClose={onClose} title={LABELS.title} icon="endorsed" size="medium">
      <DialogBody className="mc-access-check-dialog">
        <FormGroup label={LABELS.subjectKind} labelFor={ids.subjectKind}>
          <HTMLSelect
            id={ids.subjectKind}
            value={question.subjectKind}
            options={ACCESS_SUBJECT_KINDS.map((kind) => ({
              value: kind,
              label: LABELS.subjectKinds[kind],
            }))}
            onChange={(event) =>
              check.change({ subjectKind: event.currentTarget.value as AccessSubjectKind })
            }
          />
        </FormGroup>
        {subjectPicker}
        <FormGroup label={LABELS.action} labelFor={ids.action}>
          <HTMLSelect
            id={ids.action}
            value={question.action}
            options={actionsForKind(question.resourceKind)}
            onChange={(event) => check.change({ action: event.currentTarget.value })}
          />
        </FormGroup>
        <FormGroup label={LABELS.resourceKind} labelFor={ids.resourceKind}>
          <HTMLSelect
            id={ids.resourceKind}
            value={question.resourceKind}
            options={ACCESS_RESOURCE_KINDS.map((kind) => ({
              value: kind,
              label: LABELS.resourceKinds[kind],
            }))}
            onChange={(event) =>
              check.change({ resourceKind: event.currentTarget.value as AccessResourceKind })
            }
          />
        </FormGroup>
        {objectPicker}
        {question.resourceKind === 'playbook' && (
          <>
            <FormGroup label={LABELS.targetKind} labelFor={ids.targetKind}>
              <HTMLSelect
                id={ids.targetKind}
                value={question.targetKind ?? 'none'}
                options={(['none', 'config', 'check'] as const).map((kind) => ({
                  value: kind,
                  label: LABELS.targetKinds[kind],
                }))}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  check.change({
                    targetKind: value === 'config' || value === 'check' ? value : undefined,
                  });
                }}
              />
            </FormGroup>
            {question.targetKind && (
              <KindPicker
                kind={question.targetKind === 'config' ? 'configs' : 'checks'}
                value={question.target}
                onChange={(option) => check.change({ target: option?.value })}
              />
            )}
          </>
        )}
        {phase === 'failed' && (
          <LoadErrorCallout
            title={LABELS.failed}
            message={check.error ?? ''}
            onRetry={check.retry}
            compact
          />
        )}
        {phase === 'answered' && answer && (
          <Callout
            role="status"
            intent={answer.allowed ? 'success' : 'danger'}
            icon={answer.allowed ? 'tick-circle' : 'disable'}
            title={answer.allowed ? LABELS.allowed : LABELS.denied}
            className="mc-access-check-answer"
          >
            {answer.error ? <p>{answer.error}</p> : null}
            {answer.rules === undefined ? (
              <p>{LABELS.noRulesSent}</p>
            ) : answer.rules.length === 0 ? (
              <p>{LABELS.nothingAllows}</p>
            ) : (
              <ul className="mc-access-rules" aria-label={LABELS.rules}>
                {answer.rules.map((rule, index) => (
                  <AccessRuleItem
                    key={`${rule.source}-${rule.permission?.id ?? rule.role ?? index}`}
                    rule={rule}
                  />
                ))}
              </ul>
            )}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={LABELS.close} onClick={onClose} />
            <Button
              intent="primary"
              text={LABELS.submit}
              disabled={!check.complete || busy}
              loading={busy}
              onClick={phase === 'failed' ? check.retry : check.submit}
            />
          </>
        }
      />
    </AppDialog>
  );
}
