import { Button, Callout, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import type { MergeDuplicate } from '../../../../../machines/access/mergeExternalUsers';
import type { ExternalUserSearchArgs } from '../../../../api/endpoints/configAccess';
import { useSearchExternalUsersQuery } from '../../../../api/endpoints/configAccess';
import type { ExternalUser } from '../../../../api/schemas/configAccess';
import { AppDialog } from '../../../../ui/AppDialog';
import type { PickerOption } from '../../../../ui/ResourcePicker';
import { ResourcePicker } from '../../../../ui/ResourcePicker';
import { searchHook } from '../../../../widgets/pickers';
import { IDENTITY_TEXT, mergeSummary } from './identityText';
import { useMergeExternalUsers } from './useMergeExternalUsers';

/** An external user as a choice of the picker: its name, with its email beside it. */
function userOption(user: ExternalUser): PickerOption {
  return {
    value: user.id,
    label: user.name || user.email || user.id,
    ...(user.email ? { detail: user.email } : {}),
  };
}

/** The picker's search over `external_users`, leaving out the user merged away. */
function useUserSearch(exceptId: string) {
  const [search] = useState(() =>
    searchHook(
      useSearchExternalUsersQuery,
      (text): ExternalUserSearchArgs => ({ search: text, exceptId }),
      userOption,
    ),
  );
  return search;
}

export interface MergeUsersDialogProps {
  duplicate: MergeDuplicate;
  onClose: () => void;
}

/**
 * Merge an external user into another (`mergeExternalUsers` machine): choose the user to keep,
 * read what will change, merge. The server's reason for a failed merge shows with Back and Retry.
 */
export function MergeUsersDialog({ duplicate, onClose }: MergeUsersDialogProps) {
  const merge = useMergeExternalUsers(duplicate, onClose);
  const { phase, context } = merge;
  const useSearch = useUserSearch(duplicate.id);
  const busy = phase === 'merging';
  const primary = context.primary;

  return (
    <AppDialog
      isOpen
      onClose={busy ? () => undefined : merge.close}
      size="small"
      icon="merge-columns"
      title={IDENTITY_TEXT.mergeTitle(duplicate.name)}
    >
      <DialogBody>
        {phase === 'choosing' && (
          <ResourcePicker
            label={IDENTITY_TEXT.keepLabel}
            useSearch={useSearch}
            value={primary?.id}
            valueLabel={primary?.name}
            onChange={(option) =>
              merge.choose(
                option && { id: option.value, name: option.label, email: option.detail ?? null },
              )
            }
            helperText={IDENTITY_TEXT.keepHelp(duplicate.name)}
            required
          />
        )}
        {phase !== 'choosing' && primary && (
          <Callout intent="warning" icon="warning-sign" role="status">
            {mergeSummary(duplicate, primary)}
          </Callout>
        )}
        {phase === 'failed' && (
          <Callout intent="danger" role="alert">
            {context.error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          phase === 'choosing' ? (
            <>
              <Button text={IDENTITY_TEXT.cancel} onClick={merge.close} />
              <Button
                intent="primary"
                text={IDENTITY_TEXT.next}
                disabled={!primary}
                onClick={merge.next}
              />
            </>
          ) : (
            <>
              <Button text={IDENTITY_TEXT.back} onClick={merge.back} disabled={busy} />
              {phase === 'failed' ? (
                <Button intent="danger" text={IDENTITY_TEXT.retry} onClick={merge.retry} />
              ) : (
                <Button
                  intent="danger"
                  text={busy ? IDENTITY_TEXT.merging : IDENTITY_TEXT.merge}
                  icon={busy ? 'refresh' : undefined}
                  aria-busy={busy}
                  disabled={busy}
                  onClick={merge.confirm}
                />
              )}
            </>
          )
        }
      />
    </AppDialog>
  );
}
