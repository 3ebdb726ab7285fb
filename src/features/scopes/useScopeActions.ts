import { useSelector } from 'react-redux';
import {
  useCreateScopeMutation,
  useDeleteScopeMutation,
  useUpdateScopeMutation,
} from '../../api/endpoints/scopes';
import { toErrorMessage } from '../../api/errors';
import type { Scope } from '../../api/schemas/scopes';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { toastError, toastSuccess } from '../../ui/toaster';
import type { ScopeFormValues } from './model/scopeForm';
import { toScopeInput } from './model/scopeForm';

/** Toasts of the scopes page (spec 000 §8). */
export const SCOPE_TOASTS = {
  created: 'Scope created',
  updated: 'Scope updated',
  deleted: 'Scope deleted',
  missing: (name: string) => `The scope ${name} no longer exists.`,
} as const;

class MissingScopeError extends Error {}

export interface ScopeActions {
  /** Creates a scope, or updates `scope`. Says how it went in a toast; resolves to whether it saved. */
  save(values: ScopeFormValues, scope?: Scope): Promise<boolean>;
  /** Soft-deletes the scope; says how it went in a toast. Resolves to whether it was deleted. */
  remove(scope: Scope): Promise<boolean>;
  isDeleting: boolean;
}

/** Writes to the scopes table, with the outcome of each write in a toast. */
export function useScopeActions(): ScopeActions {
  const user = useSelector(selectCurrentUser);
  const [createScope] = useCreateScopeMutation();
  const [updateScope] = useUpdateScopeMutation();
  const [deleteScope, deleteState] = useDeleteScopeMutation();

  const save: ScopeActions['save'] = async (values, scope) => {
    try {
      if (scope === undefined) {
        await createScope(toScopeInput(values, user?.id)).unwrap();
        void toastSuccess(SCOPE_TOASTS.created);
      } else {
        const rows = await updateScope({ id: scope.id, changes: toScopeInput(values) }).unwrap();
        if (rows.length === 0) throw new MissingScopeError(SCOPE_TOASTS.missing(scope.name));
        void toastSuccess(SCOPE_TOASTS.updated);
      }
      return true;
    } catch (error) {
      void toastError(error instanceof MissingScopeError ? error.message : toErrorMessage(error));
      return false;
    }
  };

  const remove: ScopeActions['remove'] = async (scope) => {
    try {
      const rows = await deleteScope({ id: scope.id }).unwrap();
      if (rows.length === 0) throw new MissingScopeError(SCOPE_TOASTS.missing(scope.name));
      void toastSuccess(SCOPE_TOASTS.deleted);
      return true;
    } catch (error) {
      void toastError(error instanceof MissingScopeError ? error.message : toErrorMessage(error));
      return false;
    }
  };

  return { save, remove, isDeleting: deleteState.isLoading };
}
