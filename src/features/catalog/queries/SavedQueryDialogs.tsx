import { useRef } from 'react';
import {
  useCreateSavedQueryMutation,
  useUpdateSavedQueryMutation,
} from '../../../api/endpoints/savedQueries';
import type { SavedQuery } from '../../../api/schemas/savedQueries';
import { FormDialog } from '../../../ui/form/FormDialog';
import { TextField } from '../../../ui/form/TextField';

interface NameValues {
  description: string;
}

export interface SaveQueryDialogProps {
  /** The query to save. */
  query: string;
  onClose: () => void;
  /** After it is saved, instead of `onClose`: the saved row (its id names it in the address). */
  onSaved: (saved: SavedQuery) => void;
}

/** Save query (CAT-40): the name it is listed under, beside the query it keeps. */
export function SaveQueryDialog({ query, onClose, onSaved }: SaveQueryDialogProps) {
  const [create] = useCreateSavedQueryMutation();
  const saved = useRef<SavedQuery | undefined>(undefined);
  return (
    <FormDialog<NameValues>
      title="Save query"
      icon="floppy-disk"
      initialValues={{ description: '' }}
      onClose={onClose}
      // One change of the address both closes the dialog and opens the saved query's list.
      closeOnSuccess={false}
      onSubmit={async ({ description }) => {
        const [row] = await create({ query, description: description.trim() }).unwrap();
        saved.current = row;
      }}
      onSaved={() => {
        if (saved.current) onSaved(saved.current);
      }}
    >
      <TextField name="description" label="Name" required autoFocus />
      <pre className="mc-query-text" aria-label="Query to save">
        {query}
      </pre>
    </FormDialog>
  );
}

export interface RenameQueryDialogProps {
  /** The saved query to rename. */
  saved: SavedQuery;
  onClose: () => void;
}

/** Rename (CAT-41): a new name (`description`) for a saved query; its text is kept. */
export function RenameQueryDialog({ saved, onClose }: RenameQueryDialogProps) {
  const [update] = useUpdateSavedQueryMutation();
  return (
    <FormDialog<NameValues>
      title="Rename query"
      icon="edit"
      mode="edit"
      initialValues={{ description: saved.description ?? '' }}
      onClose={onClose}
      onSubmit={async ({ description }) => {
        await update({ id: saved.id, description: description.trim() }).unwrap();
      }}
    >
      <TextField name="description" label="Name" required autoFocus />
    </FormDialog>
  );
}
