import type { Role } from '../../../auth/authorizer';
import { ROLES } from '../../../auth/authorizer';
import type { InviteUserBody, UpdateUserBody } from '../../../api/schemas/users';

import { REQUIRED } from '../../../ui/form/fieldError';

export { REQUIRED };
export const INVALID_EMAIL = 'Enter a valid email address';

/** The roles a user can be given, most powerful first. */
export const ROLE_OPTIONS: readonly Role[] = ROLES;

/** New users get the least access unless someone chooses more. */
export const DEFAULT_INVITE_ROLE: Role = 'viewer';

export interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

export interface EditValues extends InviteValues {
  active: boolean;
}

export type UserFormErrors = Partial<Record<keyof EditValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field errors of the invite and edit forms: names, email and role are required. */
export function validateUserForm(values: Partial<InviteValues>): UserFormErrors {
  const errors: UserFormErrors = {};
  const blank = (value: string | undefined) => (value ?? '').trim() === '';
  if (blank(values.firstName)) errors.firstName = REQUIRED;
  if (blank(values.lastName)) errors.lastName = REQUIRED;
  if (blank(values.email)) errors.email = REQUIRED;
  else if (!EMAIL.test((values.email ?? '').trim())) errors.email = INVALID_EMAIL;
  if (blank(values.role)) errors.role = REQUIRED;
  return errors;
}

export function emptyInvite(): InviteValues {
  return { firstName: '', lastName: '', email: '', role: DEFAULT_INVITE_ROLE };
}

/** AUTH-14 body: trimmed values. */
export function inviteBody(values: InviteValues): InviteUserBody {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    role: values.role,
  };
}

/** AUTH-15 body for the user `id`: trimmed values. */
export function updateBody(id: string, values: EditValues): UpdateUserBody {
  return { id, ...inviteBody(values), active: values.active };
}
