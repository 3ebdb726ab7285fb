import { Link } from 'react-router-dom';
import { useGetTeamByNameQuery } from '../api/endpoints/ownership';
import { paths } from '../shell/paths';
import { useOwnerLabel } from '../shell/ShellContext';

/** The owner team's name in a label map under `key`, if it holds a non-empty text. */
export function ownerOf(labels: Record<string, unknown> | null | undefined, key: string) {
  const value = labels?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The owner team's name in an item's labels, under the runtime config's owner label. */
export function useOwner(labels: Record<string, unknown> | null | undefined): string | undefined {
  return ownerOf(labels, useOwnerLabel());
}

/** A team's name linking to its page once the team is found by that name; the name alone else. */
export function OwnerLink({ team }: { team: string }) {
  const { data } = useGetTeamByNameQuery(team);
  return data ? (
    <Link to={paths.settingsResource.getHref('teams', data.id)}>{team}</Link>
  ) : (
    <span>{team}</span>
  );
}

/** An item's owner team from its labels, as a link to the team's page; nothing when unowned. */
export function OwnerOfLabels({ labels }: { labels: Record<string, unknown> | null | undefined }) {
  const team = useOwner(labels);
  return team ? <OwnerLink team={team} /> : null;
}
