/**
 * What the integrations pages show from another area, handed to them by the app (features
 * never import each other): the typed editor of catalog scrapers (type picker, forms and code).
 * Its props are those of `features/editors/TypedResourceEditor`, written here as these pages
 * use them.
 */
import type { ComponentType } from 'react';
import type { TypedValues } from '../../../machines/editors/typePicker';

export type { TypedValues };

export interface ScraperEditorProps {
  family: 'scraper';
  /** The stored scraper; absent for a new one (the editor opens on the picker). */
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

export interface IntegrationSlots {
  /** Edits catalog scrapers; without it the scraper options say they are not available. */
  TypedEditor?: ComponentType<ScraperEditorProps>;
}
