/**
 * The access check of a playbook's Permissions dialog: "May [subject] [action] this playbook on
 * [resource]?" as a request of `POST /api/rbac/subject-access-reviews`.
 */
import type { AccessReviewRequest, PlaybookAction } from '../../../../../contracts/playbookAccess';

export const SUBJECT_KINDS = ['person', 'team', 'role'] as const;
export type AccessSubjectKind = (typeof SUBJECT_KINDS)[number];

export const RESOURCE_KINDS = ['none', 'config', 'check'] as const;
export type AccessResourceKind = (typeof RESOURCE_KINDS)[number];

/** The check's own words. */
export const ACCESS_CHECK_LABELS = {
  title: 'Access check',
  subjectKind: 'Subject',
  subjectKinds: { person: 'Person', team: 'Team', role: 'Role' },
  role: 'Role',
  chooseRole: 'Choose a role',
  action: 'Action',
  actions: { 'playbook:run': 'Run', 'playbook:approve': 'Approve' },
  resourceKind: 'Resource',
  resourceKinds: { none: 'No resource', config: 'A config', check: 'A health check' },
  check: 'Check access',
  failed: 'The access could not be checked',
  allowed: 'Allowed',
  denied: 'Denied',
  allows: 'allows',
  denies: 'denies',
  rules: 'Rules',
  nothingAllows: 'No permission or role allows it.',
  noRulesSent: 'The server did not say which rules decided it.',
  sources: { permission: 'Permission', role: 'Role', scope: 'Token scope', approvers: 'Approvers' },
} as const satisfies {
  subjectKinds: Record<AccessSubjectKind, string>;
  actions: Record<PlaybookAction, string>;
  resourceKinds: Record<AccessResourceKind, string>;
  [key: string]: unknown;
};

/** What the user asks. */
export interface AccessQuestion {
  playbookId: string;
  subjectKind: AccessSubjectKind;
  /** A person's or team's id, or a role's name. */
  subject: string | undefined;
  action: PlaybookAction;
  resourceKind: AccessResourceKind;
  /** The config's or check's id. */
  resource: string | undefined;
}

/** The review's body, or null while the question is not complete. */
export function reviewRequest(question: AccessQuestion): AccessReviewRequest | null {
  if (!question.subject) return null;
  if (question.resourceKind !== 'none' && !question.resource) return null;
  return {
    resource: {
      playbook: question.playbookId,
      ...(question.resourceKind === 'config' && question.resource
        ? { config: question.resource }
        : {}),
      ...(question.resourceKind === 'check' && question.resource
        ? { check: question.resource }
        : {}),
    },
    action: question.action,
    subjects: [question.subject],
  };
}
