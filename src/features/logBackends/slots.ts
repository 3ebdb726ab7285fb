/**
 * What the log backends page shows from another area, handed to it by the app (features never
 * import each other): the log backend form of the integrations area (Name, Labels, Spec; Add or
 * Update; no footer for a record with a source). Its props are written here as this page uses
 * them.
 */
import type { ComponentType } from 'react';
import type { LogBackendRow } from '../../api/schemas/logBackends';

/** What the form saves. */
export interface LogBackendValues {
  name: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
}

export interface LogBackendFormProps {
  /** The stored backend (INT-02's row); absent to add one. */
  record?: LogBackendRow | undefined;
  /** Fields disabled, no Add, Update or Delete (no write access). */
  readOnly?: boolean;
  /** Creates or updates (LOG-03); rejects with the server's reason. */
  save: (values: LogBackendValues) => Promise<unknown>;
  /** Soft-deletes, once confirmed; given when editing. */
  remove?: (() => Promise<unknown>) | undefined;
  /** Cancel. */
  onCancel?: (() => void) | undefined;
}

export interface LogBackendsPageSlots {
  /** The form of the add and edit dialog. */
  LogBackendForm?: ComponentType<LogBackendFormProps>;
}
