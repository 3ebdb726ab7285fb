import { Button, Classes, Icon, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import {
  useGetRespondersQuery,
  useRemoveResponderMutation,
} from '../../../api/endpoints/incidents';
import type { Responder } from '../../../api/schemas/incidents';
import { PersonAvatar } from '../../../ui/Avatar';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { lazyPart } from '../../../ui/LazyPart';
import { QueryView } from '../../../ui/QueryView';
import { queryViewState } from '../../../widgets/tableQueryState';
import { isTeamResponder, responderLink, responderName, responderTypeOf } from './model/responders';
import { dialogFlag, useDialogFlag } from '../../../widgets/useRecordDialog';

/** The add-responder form (final-form) loads when it opens. */
const AddResponderDialog = lazyPart(
  async () => (await import('./AddResponderDialog')).AddResponderDialog,
);

export const RESPONDER_PANEL_MESSAGES = {
  loadError: 'Error loading the responders',
  empty: 'No responders yet.',
} as const;

export interface RespondersPanelProps {
  incidentId: string;
  /** Write on `responder`: responders may be added and removed. */
  canEdit: boolean;
}

/** One responder: a person's avatar, or a team's icon with its channel, and its link. */
function ResponderRow({
  responder,
  canEdit,
  onRemove,
}: {
  responder: Responder;
  canEdit: boolean;
  onRemove: () => void;
}) {
  const name = responderName(responder);
  const team = isTeamResponder(responder);
  const type = team ? responderTypeOf(responder) : undefined;
  const link = team ? responderLink(responder) : undefined;
  return (
    <li className="mc-incident-responder">
      {team ? (
        <Icon icon="people" className="mc-avatar mc-avatar--team" aria-hidden />
      ) : (
        <PersonAvatar person={{ name, avatar: responder.person?.avatar }} decorative />
      )}
      <span className="mc-incident-responder-name">{name}</span>
      {type && (
        <Tag minimal round title="Responder type">
          {type}
        </Tag>
      )}
      {link && (
        <a
          href={link}
          target="_blank"
          rel="noreferrer"
          className="mc-incident-responder-link"
          title={`Open in ${type ?? 'its tool'}`}
        >
          {responder.external_id || 'Open'} <Icon icon="share" size={12} aria-hidden />
        </a>
      )}
      {canEdit && (
        <Button
          variant="minimal"
          size="small"
          icon="cross"
          aria-label={`Remove ${name}`}
          onClick={onRemove}
        />
      )}
    </li>
  );
}

/** `?addResponder=1`: Add responder is open (in the address, so a reload keeps it). */
const ADD_RESPONDER = dialogFlag('addResponder');

/** The incident's responders (INC-19); writers add (INC-20) and remove (INC-21) them. */
export function RespondersPanel({ incidentId, canEdit }: RespondersPanelProps) {
  const query = useGetRespondersQuery(incidentId);
  const [removeResponder] = useRemoveResponderMutation();
  const adding = useDialogFlag(ADD_RESPONDER);
  const [removing, setRemoving] = useState<Responder>();

  return (
    <section className="mc-incident-panel" aria-labelledby="mc-incident-responders">
      <div className="mc-incident-panel-header">
        <h3 id="mc-incident-responders" className={Classes.HEADING}>
          Responders
        </h3>
        {canEdit && (
          <Button
            icon="add"
            text="Add responder"
            size="small"
            variant="outlined"
            onClick={adding.open}
          />
        )}
      </div>
      <QueryView
        {...queryViewState(query)}
        size="panel"
        loadingLabel="Loading the responders"
        errorTitle={RESPONDER_PANEL_MESSAGES.loadError}
        isEmpty={(responders) => responders.length === 0}
        empty={{ text: RESPONDER_PANEL_MESSAGES.empty, icon: 'people' }}
      >
        {(responders) => (
          <ul className={`${Classes.LIST_UNSTYLED} mc-incident-responders`} aria-label="Responders">
            {responders.map((responder) => (
              <ResponderRow
                key={responder.id}
                responder={responder}
                canEdit={canEdit}
                onRemove={() => setRemoving(responder)}
              />
            ))}
          </ul>
        )}
      </QueryView>
      {canEdit && adding.isOpen && (
        <AddResponderDialog incidentId={incidentId} onClose={adding.close} />
      )}
      <ConfirmDialog
        isOpen={removing !== undefined}
        title="Remove responder"
        confirmText="Remove"
        icon="remove"
        onConfirm={() => removing && removeResponder({ id: removing.id, incidentId }).unwrap()}
        onClose={() => setRemoving(undefined)}
      >
        Remove {removing ? responderName(removing) : 'the responder'} from this incident?
      </ConfirmDialog>
    </section>
  );
}
