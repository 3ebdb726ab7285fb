import { Button, NonIdealState } from '@blueprintjs/core';
import { useGetTeamMembersQuery, useRemoveTeamMemberMutation } from '../../../api/endpoints/teams';
import type { PersonSummary } from '../../../api/schemas/lookups';
import { PersonAvatar, personName } from '../../../ui/Avatar';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { lazyPart } from '../../../ui/LazyPart';
import { ListTable } from '../../../widgets/ListPage';
import { useRowDeletion } from '../../../widgets/useRowDeletion';
import { dialogFlag, useDialogFlag } from '../../../widgets/useRecordDialog';

/** The add-members form loads when it opens. */
const AddMembersDialog = lazyPart(
  async () => (await import('./AddMembersDialog')).AddMembersDialog,
);

/** The panel's words (spec 002 §2.8). */
export const TEAM_MEMBERS = {
  label: 'Team members',
  empty: 'Add team members',
  addMembers: 'Add Members',
  remove: 'Remove user',
  removeTitle: 'Remove user',
  removeConfirm: 'Remove',
  removeText: (name: string) =>
    `Remove ${name}? They are removed from every team they belong to, not only this one.`,
  loadError: 'Error loading team members',
} as const;

const COLUMNS: DataTableColumn<PersonSummary>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (person) => (
      <span className="mc-resource-creator">
        <PersonAvatar person={person} decorative />
        <span>{personName(person)}</span>
      </span>
    ),
  },
  { id: 'email', header: 'Email', cell: (person) => person.email },
];

export interface TeamMembersPanelProps {
  teamId: string;
  /** Write on teams: Add Members and Remove user. */
  canWrite: boolean;
}

/** `?addMembers=1`: Add Members is open (in the address, so a reload keeps it). */
const ADD_MEMBERS = dialogFlag('addMembers');

/** The Members tab of a team (AUTH-20..22): who is in it, adding people and removing them. */
export function TeamMembersPanel({ teamId, canWrite }: TeamMembersPanelProps) {
  const members = useGetTeamMembersQuery(teamId);
  const [removeMember] = useRemoveTeamMemberMutation();
  const adding = useDialogFlag(ADD_MEMBERS);
  const removal = useRowDeletion<PersonSummary>({
    title: TEAM_MEMBERS.removeTitle,
    confirmText: TEAM_MEMBERS.removeConfirm,
    icon: 'remove',
    question: (person) => TEAM_MEMBERS.removeText(personName(person)),
    onConfirm: (person) => removeMember({ id: person.id, name: personName(person) }).unwrap(),
  });
  const rows = members.data ?? [];
  const addButton = canWrite && (
    <Button intent="primary" icon="add" text={TEAM_MEMBERS.addMembers} onClick={adding.open} />
  );

  return (
    <div className="mc-team-members">
      {rows.length > 0 && addButton && <div className="mc-team-members-header">{addButton}</div>}
      <ListTable<PersonSummary>
        aria-label={TEAM_MEMBERS.label}
        columns={COLUMNS}
        rows={rows}
        getRowId={(person) => person.id}
        {...(canWrite
          ? {
              actionsWidth: 160,
              rowActions: (person: PersonSummary) => (
                <Button
                  icon="remove"
                  variant="minimal"
                  intent="danger"
                  text={TEAM_MEMBERS.remove}
                  aria-label={`${TEAM_MEMBERS.remove} ${personName(person)}`}
                  onClick={() => removal.ask(person)}
                />
              ),
            }
          : {})}
        query={members}
        errorTitle={TEAM_MEMBERS.loadError}
        empty={
          <NonIdealState icon="people" title={TEAM_MEMBERS.empty} action={addButton || undefined} />
        }
      />
      {/* Opens once the members are read: it offers only people who are not members yet. */}
      {canWrite && adding.isOpen && members.data && (
        <AddMembersDialog teamId={teamId} members={rows} onClose={adding.close} />
      )}
      {removal.dialog}
    </div>
  );
}
