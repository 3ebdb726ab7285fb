import { useMemo } from 'react';
import type { OwnerFilter } from '../api/endpoints/ownership';
import { useGetMyTeamsQuery } from '../api/endpoints/ownership';
import { selectCurrentUser } from '../auth/sessionSlice';
import { oneOf } from '../lib/urlState';
import { useAppSelector } from '../shell/hooks';
import { useOwnerLabel } from '../shell/ShellContext';
import { FilterSwitch } from './FilterBar';

export { ownerOf } from './OwnerLink';

export const OWNED_BY_MY_TEAMS = 'Owned by my teams';

/** `owned=mine` in a list's address: the list shows what the signed-in user's teams own. */
export const ownedField = () => oneOf(['mine'], { filter: true });

export type Owned = 'mine' | undefined;

export interface OwnerFilterState {
  /** The owner label and the user's teams; absent when the list is not narrowed to them. */
  owners?: OwnerFilter;
  /** Narrowed, but the user's teams have not answered yet: the list waits for them. */
  pending: boolean;
}

/**
 * The owner filter of a list whose address says `owned=mine`: the runtime config's owner label
 * and the names of the signed-in user's teams (none when the teams could not be read, so the
 * list shows nothing rather than everything).
 */
export function useOwnerFilter(owned: Owned): OwnerFilterState {
  const label = useOwnerLabel();
  const personId = useAppSelector(selectCurrentUser)?.id;
  const skip = owned !== 'mine' || !personId;
  const { data, isError } = useGetMyTeamsQuery(personId ?? '', { skip });
  return useMemo(() => {
    if (owned !== 'mine') return { pending: false };
    if (!data && !isError) return { pending: true };
    return { owners: { label, teams: (data ?? []).map((team) => team.name) }, pending: false };
  }, [owned, data, isError, label]);
}

/** The "Owned by my teams" switch of a list's filters, bound to its `owned` address field. */
export function OwnedByMyTeamsSwitch({
  value,
  onChange,
  className = 'mc-owned-filter',
}: {
  value: Owned;
  onChange: (owned: Owned) => void;
  className?: string;
}) {
  return (
    <FilterSwitch
      label={OWNED_BY_MY_TEAMS}
      checked={value === 'mine'}
      onChange={(checked) => onChange(checked ? 'mine' : undefined)}
      className={className}
    />
  );
}
