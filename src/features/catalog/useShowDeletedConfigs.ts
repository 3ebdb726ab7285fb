import { selectPreferences } from '../../shell/preferencesSlice';
import { useAppSelector } from '../../shell/hooks';

/** The user's "show deleted configs" preference (default no). */
export function useShowDeletedConfigs(): boolean {
  return useAppSelector((state) => selectPreferences(state).showDeletedConfigs);
}
