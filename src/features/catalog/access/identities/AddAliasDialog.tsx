import { Tag } from '@blueprintjs/core';
import {
  useAddExternalUserAliasMutation,
  useGetExternalUserQuery,
} from '../../../../api/endpoints/configAccess';
import { outcomeAnnounced } from '../../../../api/outcomes';
import { useAppDispatch } from '../../../../shell/hooks';
import { FormDialog } from '../../../../ui/form/FormDialog';
import { TextField } from '../../../../ui/form/TextField';
import { IDENTITY_TEXT } from './identityText';

interface AliasValues {
  alias?: string;
}

export interface AddAliasDialogProps {
  userId: string;
  /** The user's name as the list shows it. */
  name: string;
  onClose: () => void;
}

/** The user's aliases as they are now, once read. */
function CurrentAliases({ userId }: { userId: string }) {
  const { data } = useGetExternalUserQuery(userId);
  if (data === undefined) return null;
  const aliases = data?.aliases ?? [];
  return (
    <div className="mc-access-aliases" aria-label={IDENTITY_TEXT.currentAliases} role="group">
      <span className="mc-meta-text">{IDENTITY_TEXT.currentAliases}: </span>
      {aliases.length === 0 ? (
        <span className="mc-meta-text">{IDENTITY_TEXT.noAliases}</span>
      ) : (
        aliases.map((alias) => (
          <Tag key={alias} minimal>
            {alias}
          </Tag>
        ))
      )}
    </div>
  );
}

/**
 * Add an alias to an external user (`rpc/add_external_user_alias`): the alias is trimmed and
 * required; the server's reason for refusing it shows in the dialog with the alias kept. Once
 * added, the access lists are read again and a toast says so.
 */
export function AddAliasDialog({ userId, name, onClose }: AddAliasDialogProps) {
  const dispatch = useAppDispatch();
  const [addAlias] = useAddExternalUserAliasMutation();
  return (
    <FormDialog<AliasValues>
      title={IDENTITY_TEXT.aliasTitle(name)}
      icon="new-person"
      submitText={IDENTITY_TEXT.add}
      busyText={IDENTITY_TEXT.adding}
      onClose={onClose}
      onSubmit={async ({ alias = '' }) => {
        const added = await addAlias({ externalUserId: userId, alias }).unwrap();
        dispatch(
          outcomeAnnounced({
            kind: 'success',
            message: IDENTITY_TEXT.aliasAdded(added.alias, name),
          }),
        );
      }}
    >
      <CurrentAliases userId={userId} />
      <TextField
        name="alias"
        label={IDENTITY_TEXT.aliasLabel}
        helperText={IDENTITY_TEXT.aliasHelp}
        required
        autoFocus
      />
    </FormDialog>
  );
}
