import type { IconName } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import type { LoadOnce } from '../../lib/loadOnce';
import type { TypedValues } from '../../../machines/editors/typePicker';

/**
 * The editors of resources whose spec is keyed by a type (health checks and catalog scrapers):
 * the types offered in the picker, and the values the chosen type's editor edits.
 */

/** Which picker a type belongs to. */
export type EditorFamily = 'check' | 'scraper';

/** The type id of a spec whose type is none of the known ones (code only). */
export const CUSTOM_TYPE = 'custom';

/** The props of a type's form: its fields are named under `prefix` (e.g. `spec.http[0]`). */
export interface TypeFormProps {
  prefix: string;
  disabled?: boolean;
}

/** One type in the picker. */
export interface EditorType {
  /**
   * The type's id in the picker: the spec key it is stored under (`http`, `kubernetes`, ...),
   * unless `specKey` says otherwise; `custom` for free YAML.
   */
  id: string;
  /**
   * The spec key, when it is not the id: a preset of another key's check (an SMB share is a
   * `folder` check with an SMB connection). The custom type has none.
   */
  specKey?: string;
  /** The name shown in the picker and the editor's title. */
  label: string;
  /** A Blueprint icon shown on the picker's card. */
  icon: IconName;
  /** The type's documentation page. */
  docsUrl?: string;
  /**
   * The form of the type's first entry (`spec[id][0]`), rendered inside the editor's
   * react-final-form form; absent for the types that are edited as code only.
   */
  Form?: ComponentType<TypeFormProps>;
  /** Loads the form's code (`typeForm`): the editor waits for it before it shows the type. */
  loadForm?: LoadOnce<unknown>;
  /** A new entry's values, with the defaults spec 002 §3.7, §3.8 and §9 give. */
  defaults?: () => Record<string, unknown>;
}

/**
 * The values the chosen type's editor edits (spec 002 §3.6), as stored in the resource's row:
 * the type picker machine's values.
 */
export type TypedResourceValues = TypedValues;
