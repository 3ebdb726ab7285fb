import { Button, Callout, FormGroup, HTMLSelect, Tag } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { ROLES } from '../../../../contracts/access';
import { PLAYBOOK_ACTIONS, type PlaybookAction } from '../../../../contracts/playbookAccess';
import { useReviewSubjectAccessMutation } from '../../../api/endpoints/permissions';
import { toErrorMessage } from '../../../api/errors';
import type { AccessReviewRule } from '../../../api/schemas/permissions';
import { LoadErrorCallout } from '../../../ui/LoadErrorCallout';
import { KindPicker } from '../../../widgets/pickers';
import { PersonPicker, TeamPicker } from '../../../widgets/peoplePickers';
import {
  ACCESS_CHECK_LABELS,
  RESOURCE_KINDS,
  SUBJECT_KINDS,
  reviewRequest,
  type AccessQuestion,
  type AccessResourceKind,
  type AccessSubjectKind,
} from './model/accessCheck';

export interface AccessCheckProps {
  /** The playbook asked about. */
  playbookId: string;
}

/** One rule behind an answer: where it comes from, its effect, and what it says. */
function RuleItem({ rule }: { rule: AccessReviewRule }) {
  const source = ACCESS_CHECK_LABELS.sources[rule.source];
  const name = rule.permission
    ? [rule.permission.namespace, rule.permission.name].filter(Boolean).join('/')
    : rule.role;
  return (
    <li className="mc-access-rule">
      <Tag minimal intent={rule.effect === 'allow' ? 'success' : 'danger'}>
        {rule.effect === 'allow' ? ACCESS_CHECK_LABELS.allows : ACCESS_CHECK_LABELS.denies}
      </Tag>{' '}
      <strong>{source}</strong>
      {name ? (
        <>
          {' '}
          <code>{name}</code>
        </>
      ) : null}
      {rule.permission ? (
        <>
          {' '}
          <code>{rule.permission.action}</code>
        </>
      ) : null}
      : {rule.description}
    </li>
  );
}

/**
 * "May [subject] [action] this playbook on [resource]?": a person, team or role, run or approve,
 * and optionally a config or check; answered by `POST /api/rbac/subject-access-reviews` with the
 * decision and, where the backend gives them, the rules that decided it. One request: the
 * mutation's own state (sending, answered, failed with Retry) is the whole flow, and changing
 * the question clears the last answer.
 */
export function AccessCheck({ playbookId }: AccessCheckProps) {
  const ids = { subjectKind: useId(), action: useId(), resourceKind: useId(), role: useId() };
  const [subjectKind, setSubjectKind] = useState<AccessSubjectKind>('person');
  const [subject, setSubject] = useState<string | undefined>();
  const [action, setAction] = useState<PlaybookAction>('playbook:run');
  const [resourceKind, setResourceKind] = useState<AccessResourceKind>('none');
  const [resource, setResource] = useState<string | undefined>();
  const [review, result] = useReviewSubjectAccessMutation();
  const question: AccessQuestion = {
    playbookId,
    subjectKind,
    subject,
    action,
    resourceKind,
    resource,
  };
  const request = reviewRequest(question);
  // A changed question leaves no answer to another one on screen.
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      result.reset();
    };
  const ask = () => {
    if (request) void review(request);
  };
  const answer = result.data?.results[0];

  return (
    <section className="mc-access-check" aria-label={ACCESS_CHECK_LABELS.title}>
      <h3 className="mc-access-check-title">{ACCESS_CHECK_LABELS.title}</h3>
      <div className="mc-access-check-form">
        <FormGroup label={ACCESS_CHECK_LABELS.subjectKind} labelFor={ids.subjectKind}>
          <HTMLSelect
            id={ids.subjectKind}
            value={subjectKind}
            options={SUBJECT_KINDS.map((kind) => ({
              value: kind,
              label: ACCESS_CHECK_LABELS.subjectKinds[kind],
            }))}
            onChange={(event) => {
              change(setSubjectKind)(event.currentTarget.value as AccessSubjectKind);
              setSubject(undefined);
            }}
          />
        </FormGroup>
        {subjectKind === 'person' && (
          <PersonPicker value={subject} onChange={(option) => change(setSubject)(option?.value)} />
        )}
        {subjectKind === 'team' && (
          <TeamPicker value={subject} onChange={(option) => change(setSubject)(option?.value)} />
        )}
        {subjectKind === 'role' && (
          <FormGroup label={ACCESS_CHECK_LABELS.role} labelFor={ids.role}>
            <HTMLSelect
              id={ids.role}
              value={subject ?? ''}
              options={[
                { value: '', label: ACCESS_CHECK_LABELS.chooseRole },
                ...ROLES.map((role) => ({ value: role, label: role })),
              ]}
              onChange={(event) => change(setSubject)(event.currentTarget.value || undefined)}
            />
          </FormGroup>
        )}
        <FormGroup label={ACCESS_CHECK_LABELS.action} labelFor={ids.action}>
          <HTMLSelect
            id={ids.action}
            value={action}
            options={PLAYBOOK_ACTIONS.map((value) => ({
              value,
              label: ACCESS_CHECK_LABELS.actions[value],
            }))}
            onChange={(event) => change(setAction)(event.currentTarget.value as PlaybookAction)}
          />
        </FormGroup>
        <FormGroup label={ACCESS_CHECK_LABELS.resourceKind} labelFor={ids.resourceKind}>
          <HTMLSelect
            id={ids.resourceKind}
            value={resourceKind}
            options={RESOURCE_KINDS.map((kind) => ({
              value: kind,
              label: ACCESS_CHECK_LABELS.resourceKinds[kind],
            }))}
            onChange={(event) => {
              change(setResourceKind)(event.currentTarget.value as AccessResourceKind);
              setResource(undefined);
            }}
          />
        </FormGroup>
        {resourceKind !== 'none' && (
          <KindPicker
            kind={resourceKind === 'config' ? 'configs' : 'checks'}
            value={resource}
            onChange={(option) => change(setResource)(option?.value)}
          />
        )}
        <Button
          intent="primary"
          icon="endorsed"
          text={ACCESS_CHECK_LABELS.check}
          disabled={!request}
          loading={result.isLoading}
          onClick={ask}
        />
      </div>
      {result.isError && (
        <LoadErrorCallout
          title={ACCESS_CHECK_LABELS.failed}
          message={toErrorMessage(result.error)}
          onRetry={ask}
          retrying={result.isLoading}
          compact
        />
      )}
      {answer && (
        <Callout
          role="status"
          intent={answer.allowed ? 'success' : 'danger'}
          icon={answer.allowed ? 'tick-circle' : 'disable'}
          title={answer.allowed ? ACCESS_CHECK_LABELS.allowed : ACCESS_CHECK_LABELS.denied}
          className="mc-access-check-answer"
        >
          {answer.error ? <p>{answer.error}</p> : null}
          {answer.rules === undefined ? (
            <p>{ACCESS_CHECK_LABELS.noRulesSent}</p>
          ) : answer.rules.length === 0 ? (
            <p>{ACCESS_CHECK_LABELS.nothingAllows}</p>
          ) : (
            <ul className="mc-access-rules" aria-label={ACCESS_CHECK_LABELS.rules}>
              {answer.rules.map((rule, index) => (
                <RuleItem
                  key={`${rule.source}-${rule.permission?.id ?? rule.role ?? index}`}
                  rule={rule}
                />
              ))}
            </ul>
          )}
        </Callout>
      )}
    </section>
  );
}
