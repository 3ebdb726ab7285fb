/**
 * The access check dialog's question as a request of `POST /api/rbac/subject-access-reviews`,
 * its answer read back, and the dialog's words. Pure.
 */
import type {
  AccessAnswer,
  AccessQuestion,
  AccessResourceKind,
  AccessSubjectKind,
} from '../../../../machines/permissions/accessCheck';
import { isPlaybookAction } from '../../../../machines/permissions/accessCheck';
import type {
  AccessReviewRequest,
  AccessReviewResource,
} from '../../../../contracts/playbookAccess';
import { REVIEW_ACTIONS } from '../../../../contracts/playbookAccess';
import type { AccessReviewResponse } from '../../../api/schemas/permissions';

export const ACCESS_SUBJECT_KINDS: readonly AccessSubjectKind[] = [
  'person',
  'team',
  'role',
  'playbook',
];

export const ACCESS_RESOURCE_KINDS: readonly AccessResourceKind[] = [
  'playbook',
  'config',
  'check',
  'component',
  'canary',
  'connection',
  'view',
  'global',
];

/** The global objects a check may ask about (upstream's object names). */
export const ACCESS_GLOBAL_OBJECTS: readonly string[] = [
  'catalog',
  'topology',
  'canaries',
  'playbooks',
  'connection',
  'people',
  'notification',
  'application',
  'agent',
  'view',
  'permission',
  'scope',
  'rbac',
  'mcp',
];

/** The dialog's own words. */
export const ACCESS_CHECK_DIALOG_LABELS = {
  title: 'Check access',
  open: 'Check access',
  subjectKind: 'Subject type',
  subjectKinds: { person: 'Person', team: 'Team', role: 'Role', playbook: 'Playbook' },
  role: 'Role',
  chooseRole: 'Choose a role',
  everyone: 'everyone',
  action: 'Action',
  resourceKind: 'Resource type',
  resourceKinds: {
    playbook: 'Playbook',
    config: 'Config',
    check: 'Health check',
    component: 'Component',
    canary: 'Canary',
    connection: 'Connection',
    view: 'View',
    global: 'Global',
  },
  object: 'Object',
  chooseObject: 'Choose an object',
  targetKind: 'Run on',
  targetKinds: { none: 'Any resource', config: 'A config', check: 'A health check' },
  submit: 'Check',
  retry: 'Retry',
  close: 'Close',
  failed: 'The access could not be checked',
  allowed: 'Allowed',
  denied: 'Denied',
  allows: 'allows',
  denies: 'denies',
  rules: 'Rules',
  nothingAllows: 'No permission or role allows it.',
  noRulesSent: 'The server did not say which rules decided it.',
  sources: {
    permission: 'Permission',
    role: 'Role',
    scope: 'Token scope',
    approvers: 'Approvers',
  } as Record<string, string>,
} as const satisfies {
  subjectKinds: Record<AccessSubjectKind, string>;
  resourceKinds: Record<AccessResourceKind, string>;
  [key: string]: unknown;
};

/** The roles a role subject may be: everyone, then the console's roles. */
export function roleSubjects(roles: readonly string[]): string[] {
  return [ACCESS_CHECK_DIALOG_LABELS.everyone, ...roles];
}

/** The actions offered for a resource kind: the playbook actions only on a playbook. */
export function actionsForKind(kind: AccessResourceKind): string[] {
  return REVIEW_ACTIONS.filter((action) => kind === 'playbook' || !isPlaybookAction(action));
}

/**
 * What the dialog starts with: the preset resource, and the preset's action when it fits the
 * kind, else the kind's usual one.
 */
export function initialQuestion(
  preset: { kind: AccessResourceKind; id: string; action?: string | undefined } | undefined,
): AccessQuestion {
  const kind = preset?.kind ?? 'playbook';
  const fits = preset?.action !== undefined && actionsForKind(kind).includes(preset.action);
  return {
    subjectKind: 'person',
    subject: undefined,
    action: fits && preset.action ? preset.action : kind === 'playbook' ? 'playbook:run' : 'read',
    resourceKind: kind,
    resource: preset?.id,
    targetKind: undefined,
    target: undefined,
  };
}

/**
 * The changes a change of the question makes: another subject type clears the subject, another
 * resource kind clears the object and the target (and an action that no longer fits goes back
 * to the kind's first), another target kind clears the target.
 */
export function questionChanges(
  question: AccessQuestion,
  changes: Partial<AccessQuestion>,
): Partial<AccessQuestion> {
  const next = { ...changes };
  if (changes.subjectKind && changes.subjectKind !== question.subjectKind) {
    next.subject = undefined;
  }
  if (changes.resourceKind && changes.resourceKind !== question.resourceKind) {
    next.resource = undefined;
    next.targetKind = undefined;
    next.target = undefined;
    const actions = actionsForKind(changes.resourceKind);
    const action = changes.action ?? question.action;
    if (!actions.includes(action)) next.action = actions[0] ?? 'read';
  }
  if ('targetKind' in changes && changes.targetKind !== question.targetKind) {
    next.target = undefined;
  }
  return next;
}

/** The review's resource: the one resource, or a playbook with what it would run on. */
export function reviewResource(question: AccessQuestion): AccessReviewResource {
  const id = question.resource ?? '';
  switch (question.resourceKind) {
    case 'playbook': {
      const resource: AccessReviewResource = { playbook: id };
      if (question.targetKind === 'config' && question.target) resource.config = question.target;
      if (question.targetKind === 'check' && question.target) resource.check = question.target;
      return resource;
    }
    case 'global':
      return { global: id };
    default: {
      // `component` and `canary` are keys the demo reads beyond upstream's (config, check,
      // view and connection are upstream's).
      const resource: Record<string, string> = { [question.resourceKind]: id };
      return resource as AccessReviewResource;
    }
  }
}

/** `POST /api/rbac/subject-access-reviews` body for one subject. */
export function reviewRequest(question: AccessQuestion): AccessReviewRequest {
  return {
    resource: reviewResource(question),
    action: question.action,
    subjects: [question.subject ?? ''],
  };
}

/** The answer for the subject asked about (the first result); denied when there is none. */
export function answerOf(response: AccessReviewResponse, subject: string): AccessAnswer {
  const result = response.results.find((one) => one.subject === subject) ?? response.results[0];
  if (!result) return { allowed: false, rules: [] };
  return {
    allowed: result.allowed,
    ...(result.error ? { error: result.error } : {}),
    ...(result.rules ? { rules: result.rules } : {}),
  };
}
