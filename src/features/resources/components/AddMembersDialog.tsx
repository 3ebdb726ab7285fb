import { useMemo } from 'react';
import { useGetChangePeopleQuery } from '../../../api/endpoints/catalogChanges';
import { useAddTeamMembersMutation } from '../../../api/endpoints/teams';
import type { PersonSummary } from '../../../api/schemas/lookups';
import { personName } from '../../../ui/Avatar';
import { FormDialog } from '../../../ui/form/FormDialog';
import { MultiSelectField } from '../../../ui/form/TagsField';

/** The dialog's words (spec 002 §2.8). */
export const ADD_MEMBERS = {
  title: 'Add users',
  users: 'Users',
  placeholder: 'Search people…',
  submit: 'Add',
  busy: 'Adding',
} as const;

interface AddMembersValues {
  people?: string[];
}

export interface AddMembersDialogProps {
  teamId: string;
  /** Who is in the team already (not offered). */
  members: readonly PersonSummary[];
  onClose: () => void;
}

/**
 * Add users: a multi-select of the people (AUTH-03) who are not members yet, and Add, which
 * inserts them all at once (AUTH-21). A refusal is toasted and the dialog stays open.
 */
export function AddMembersDialog({ teamId, members, onClose }: AddMembersDialogProps) {
  const people = useGetChangePeopleQuery();
  const [addMembers] = useAddTeamMembersMutation();
  const options = useMemo(() => {
    const taken = new Set(members.map((member) => member.id));
    return (people.data ?? [])
      .filter((person) => !taken.has(person.id))
      .map((person) => ({ value: person.id, label: personName(person) }));
  }, [people.data, members]);

  return (
    <FormDialog<AddMembersValues>
      title={ADD_MEMBERS.title}
      icon="add"
      submitText={ADD_MEMBERS.submit}
      busyText={ADD_MEMBERS.busy}
      showSubmitError={false}
      loading={people.isLoading}
      onClose={onClose}
      onSubmit={async ({ people: ids = [] }) => {
        const chosen = ids.map((id) => ({
          id,
          name: options.find((option) => option.value === id)?.label ?? id,
        }));
        await addMembers({ teamId, people: chosen }).unwrap();
      }}
    >
      <MultiSelectField
        name="people"
        label={ADD_MEMBERS.users}
        options={options}
        placeholder={ADD_MEMBERS.placeholder}
        required
      />
    </FormDialog>
  );
}
