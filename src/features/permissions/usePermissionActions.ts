import { useSelector } from 'react-redux';
import {
  useCreatePermissionMutation,
  useDeletePermissionMutation,
  useUpdatePermissionMutation,
} from '../../api/endpoints/permissions';
import { toErrorMessage } from '../../api/errors';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { toastError, toastSuccess } from '../../ui/toaster';
import type { PermissionFormValues } from './model/permissionForm';
import { toPermissionInput } from './model/permissionForm';

/** Toasts of the permission editor (spec 002 §8). */
export const PERMISSION_TOASTS = {
  added: 'Permission added',
  updated: 'Permission updated',
  deleted: 'Permission deleted',
  missing: 'The permission no longer exists.',
} as const;

class MissingPermissionError extends Error {}

/** The permission being edited: its id and what the form does not edit. */
export interface EditedPermission {
  id: string;
  until?: string | null;
}

export interface PermissionActions {
  /** Creates a permission, or updates `existing`. Toasts the outcome; resolves to whether it saved. */
  save(values: PermissionFormValues, existing?: EditedPermission): Promise<boolean>;
  /** Deletes the permission. Toasts the outcome; resolves to whether it was deleted. */
  remove(id: string): Promise<boolean>;
  isDeleting: boolean;
}

/** Writes to the permissions table, with the outcome of each write in a toast. */
export function usePermissionActions(): PermissionActions {
  const user = useSelector(selectCurrentUser);
  const [createPermission] = useCreatePermissionMutation();
  const [updatePermission] = useUpdatePermissionMutation();
  const [deletePermission, deleteState] = useDeletePermissionMutation();

  const fail = (error: unknown) => {
    void toastError(
      error instanceof MissingPermissionError ? error.message : toErrorMessage(error),
    );
    return false;
  };

  const save: PermissionActions['save'] = async (values, existing) => {
    try {
      if (existing === undefined) {
        await createPermission({
          ...toPermissionInput(values),
          ...(user?.id ? { created_by: user.id } : {}),
        }).unwrap();
        void toastSuccess(PERMISSION_TOASTS.added);
      } else {
        const rows = await updatePermission({
          id: existing.id,
          changes: {
            ...toPermissionInput(values, existing.until),
            ...(user?.id ? { updated_by: user.id } : {}),
          },
        }).unwrap();
        if (rows.length === 0) throw new MissingPermissionError(PERMISSION_TOASTS.missing);
        void toastSuccess(PERMISSION_TOASTS.updated);
      }
      return true;
    } catch (error) {
      return fail(error);
    }
  };

  const remove: PermissionActions['remove'] = async (id) => {
    try {
      const rows = await deletePermission(id).unwrap();
      if (rows.length === 0) throw new MissingPermissionError(PERMISSION_TOASTS.missing);
      void toastSuccess(PERMISSION_TOASTS.deleted);
      return true;
    } catch (error) {
      return fail(error);
    }
  };

  return { save, remove, isDeleting: deleteState.isLoading };
}
