import type { EditorType } from './types';
import { CUSTOM_TYPE } from './types';

/** A type as a picker's catalogue lists it: its documentation page under the family's docs. */
export type TypeEntry = Omit<EditorType, 'Form' | 'defaults' | 'docsUrl'> & {
  /** The page under the family's documentation, when there is one. */
  docs?: string;
  /** A new entry's values when the type has no form that gives them. */
  defaults?: () => Record<string, unknown>;
};

/** The forms of a family's types, by type id, with their new entry's values. */
export type TypeForms = Readonly<Record<string, Pick<EditorType, 'Form' | 'defaults'>>>;

export interface TypeCatalogue {
  /** Where the family's documentation pages are. */
  docs: string;
  entries: readonly TypeEntry[];
  /** A new entry's values for a type with neither a form's nor its own. */
  blank: () => Record<string, unknown>;
}

/**
 * The picker's types, sorted by label: each with its documentation link, its form when `forms`
 * has one, and its new entry's values (the form's, else its own, else the blank entry); the
 * custom type has none, it is free YAML.
 */
export function editorTypes(catalogue: TypeCatalogue, forms: TypeForms): EditorType[] {
  return catalogue.entries
    .map((entry) => {
      const { docs, defaults, ...rest } = entry;
      const form = forms[entry.id];
      const type: EditorType = { ...rest };
      if (docs) type.docsUrl = `${catalogue.docs}/${docs}`;
      if (form?.Form) type.Form = form.Form;
      if (entry.id !== CUSTOM_TYPE) type.defaults = form?.defaults ?? defaults ?? catalogue.blank;
      return type;
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}
