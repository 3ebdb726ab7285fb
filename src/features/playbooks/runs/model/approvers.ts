/**
 * Who is named to approve a playbook's runs. A spec's `approval.approvers.people` lists people
 * by id, email or name; such a person may approve (PB-14) without write on `playbook_runs`.
 * Team approvers are left to the server, which knows the memberships.
 */

export interface ApproverCandidate {
  id: string;
  name: string;
  email?: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The people a playbook spec names as approvers (empty when it names none). */
export function namedApprovers(spec: unknown): string[] {
  if (!isRecord(spec) || !isRecord(spec.approval)) return [];
  const { approvers } = spec.approval;
  if (!isRecord(approvers) || !Array.isArray(approvers.people)) return [];
  return approvers.people.filter((person): person is string => typeof person === 'string');
}

/** Whether the user is one of the people the spec names as approvers. */
export function isNamedApprover(
  spec: unknown,
  user: ApproverCandidate | null | undefined,
): boolean {
  if (!user) return false;
  const self = [user.id, user.email, user.name]
    .filter((value): value is string => Boolean(value))
    .map((value) => value.toLowerCase());
  return namedApprovers(spec).some((person) => self.includes(person.toLowerCase()));
}
