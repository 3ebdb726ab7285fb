/**
 * What the editor page shows from other areas, handed to it by the app (features never import
 * each other): the typed editor of health checks and catalog scrapers, and a record's job
 * history. Their props are those of `features/editors/TypedResourceEditor` and
 * `features/jobs/JobHistoryTable`, written here as this page uses them.
 */
import type { ComponentType } from 'react';
import type { TypedValues } from '../../../machines/editors/typePicker';

/** Which typed editor edits a table's records. */
export type TypedFamily = 'check' | 'scraper';

/** A health check's or scraper's values as the typed editor edits them (spec 002 §3.6). */
export type { TypedValues };

/** The typed editor's props (type picker, forms and code). */
export interface TypedEditorProps {
  family: TypedFamily;
  /** The stored resource; absent for a new one (the editor opens on the picker). */
  resource?: TypedValues;
  readOnly?: boolean;
  /** Creates or updates; rejects with the server's error (the editor shows it). */
  save: (values: TypedValues) => Promise<unknown>;
  /** Deletes, after the editor's confirmation. */
  remove?: () => Promise<unknown>;
  onSaved?: (values: TypedValues) => void;
  onDeleted?: () => void;
  onCancel?: () => void;
}

/** The job history table's props: JOB-01 narrowed to one resource. */
export interface JobHistoryProps {
  resourceType?: string;
  resourceId?: string;
}

export interface ResourceEditorSlots {
  /** Edits health checks and catalog scrapers. */
  TypedEditor?: ComponentType<TypedEditorProps>;
  /** A record's Job History tab. */
  JobHistory?: ComponentType<JobHistoryProps>;
}
