import type { IconName } from '@blueprintjs/core';
import type { EditorType } from './types';
import { CUSTOM_TYPE } from './types';

/**
 * A type as a family's data file lists it: its id, label and Blueprint icon, its page under the
 * family's documentation, and for a preset of another type's spec key that key and what its
 * new entry holds besides the blank entry's values.
 */
export interface TypeData {
  id: string;
  label: string;
  /** A Blueprint icon name (the catalogue tests check every one). */
  icon: string;
  docs?: string;
  specKey?: string;
  entry?: Record<string, unknown>;
}

/** A family's picker catalogue as its data file writes it (spec 002 §2.11, §2.12). */
export interface TypeCatalogueData {
  /** Where the family's documentation pages are (a link only, never fetched). */
  docs: string;
  /** The file of the family's spec JSON schema (MISC-06). */
  schema: string;
  /** The types with a form: their Form and defaults come from the family's forms. */
  formEntries: readonly TypeData[];
  /** The types edited as code only (Custom, which every family has, is added). */
  codeEntries: readonly TypeData[];
}

/** The forms of a family's types, by type id, with their new entry's values. */
export type TypeForms = Readonly<
  Record<string, Pick<EditorType, 'Form' | 'loadForm' | 'defaults'>>
>;

/** The Custom type: free YAML, code only, no documentation. */
const CUSTOM: TypeData = { id: CUSTOM_TYPE, label: 'Custom', icon: 'code' };

/**
 * A family's types and what is read from its catalogue: `types(forms)` gives the picker's
 * types, sorted by label, each with its documentation link, its form when `forms` has one,
 * and its new entry's values (the form's, else the preset's, else `blank`); the custom type
 * has none, it is free YAML.
 */
export function typeCatalogue(data: TypeCatalogueData, blank: () => Record<string, unknown>) {
  const toType = (entry: TypeData, forms: TypeForms): EditorType => {
    const { docs, entry: preset, icon, ...rest } = entry;
    const form = forms[entry.id];
    const type: EditorType = { ...rest, icon: icon as IconName };
    if (docs) type.docsUrl = `${data.docs}/${docs}`;
    if (form?.Form) type.Form = form.Form;
    if (form?.loadForm) type.loadForm = form.loadForm;
    if (entry.id === CUSTOM_TYPE) return type;
    const own = preset
      ? () => ({ ...blank(), ...(JSON.parse(JSON.stringify(preset)) as Record<string, unknown>) })
      : undefined;
    type.defaults = form?.defaults ?? own ?? blank;
    return type;
  };
  return {
    schema: data.schema,
    /** The ids of the types given a form. */
    formTypeIds: data.formEntries.map((entry) => entry.id) as readonly string[],
    types: (forms: TypeForms): EditorType[] =>
      [...data.formEntries, ...data.codeEntries, CUSTOM]
        .map((entry) => toType(entry, forms))
        .sort((a, b) => a.label.localeCompare(b.label)),
  };
}
