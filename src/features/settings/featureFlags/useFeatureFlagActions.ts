import { useSelector } from 'react-redux';
import {
  useCreatePropertyMutation,
  useDeletePropertyMutation,
  useUpdatePropertyMutation,
} from '../../../api/endpoints/properties';
import { toErrorMessage } from '../../../api/errors';
import type { PropertyInput } from '../../../api/schemas/properties';
import { selectCurrentUser } from '../../../auth/sessionSlice';
import { toastError, toastSuccess } from '../../../ui/toaster';
import type { FeatureFlagValues } from './featureFlagForm';
import { RESOURCE_NAME, normalizeFeatureFlag } from './featureFlagForm';

export const MESSAGES = {
  created: `${RESOURCE_NAME} created successfully`,
  updated: `${RESOURCE_NAME} updated successfully`,
  deleted: `${RESOURCE_NAME} deleted successfully`,
  notFound: (name: string) => `There is no property named ${name} in the database.`,
} as const;

class NotFoundError extends Error {}

export interface FeatureFlagActions {
  /**
   * Creates the property, or updates the one named `originalName`. Resolves to an error
   * message for the form, or undefined when saved (a success toast is shown).
   */
  save(values: FeatureFlagValues, originalName?: string): Promise<string | undefined>;
  /** Deletes the property; says how it went in a toast. Resolves to whether it was deleted. */
  remove(name: string): Promise<boolean>;
  isDeleting: boolean;
}

/** Writes to the properties table, with the outcome of each write in a toast. */
export function useFeatureFlagActions(): FeatureFlagActions {
  const user = useSelector(selectCurrentUser);
  const [createProperty] = useCreatePropertyMutation();
  const [updateProperty] = useUpdatePropertyMutation();
  const [deleteProperty, deleteState] = useDeletePropertyMutation();

  const save: FeatureFlagActions['save'] = async (values, originalName) => {
    const body: PropertyInput = {
      ...normalizeFeatureFlag(values),
      ...(user?.id ? { created_by: user.id } : {}),
    };
    try {
      if (originalName === undefined) {
        await createProperty(body).unwrap();
        void toastSuccess(MESSAGES.created);
      } else {
        const rows = await updateProperty({ name: originalName, changes: body }).unwrap();
        if (rows.length === 0) throw new NotFoundError(MESSAGES.notFound(originalName));
        void toastSuccess(MESSAGES.updated);
      }
      return undefined;
    } catch (error) {
      return error instanceof NotFoundError ? error.message : toErrorMessage(error);
    }
  };

  const remove: FeatureFlagActions['remove'] = async (name) => {
    try {
      const rows = await deleteProperty(name).unwrap();
      if (rows.length === 0) {
        void toastError(MESSAGES.notFound(name));
        return false;
      }
      void toastSuccess(MESSAGES.deleted);
      return true;
    } catch (error) {
      void toastError(toErrorMessage(error));
      return false;
    }
  };

  return { save, remove, isDeleting: deleteState.isLoading };
}
