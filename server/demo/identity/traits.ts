import { inputNode, texts } from './ui/nodes';
import type { UiNode, UiNodeGroup, UiText } from './ui/types';

/** Traits of the `default` identity schema: `{ email, name: { first, last } }`. */
export interface Traits {
  email: string;
  name: { first: string; last: string };
}

export const SCHEMA_ID = 'default';

/** The identity schema the stand-in serves at `/schemas/ZGVmYXVsdA`. */
export const IDENTITY_SCHEMA = {
  $id: 'https://schemas.ory.sh/presets/kratos/identity.email.schema.json',
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Person',
  type: 'object',
  properties: {
    traits: {
      type: 'object',
      properties: {
        email: {
          type: 'string',
          format: 'email',
          title: 'E-Mail',
          minLength: 3,
          'ory.sh/kratos': {
            credentials: { password: { identifier: true } },
            verification: { via: 'email' },
            recovery: { via: 'email' },
          },
        },
        name: {
          type: 'object',
          properties: {
            first: { type: 'string', title: 'First Name' },
            last: { type: 'string', title: 'Last Name' },
          },
        },
      },
      required: ['email'],
      additionalProperties: false,
    },
  },
};

/**
 * The label of the sign-in identifier: the identity schema's title of the identifier trait when
 * exactly one identifier trait has one (message 1070002, "E-Mail" here), else "ID" (1070004).
 */
export function identifierLabel(): UiText {
  const traits = IDENTITY_SCHEMA.properties.traits.properties;
  const titled = Object.entries(traits).flatMap(([name, property]) => {
    const kratos = (
      property as { 'ory.sh/kratos'?: { credentials?: { password?: { identifier?: boolean } } } }
    )['ory.sh/kratos'];
    const title = (property as { title?: string }).title;
    return kratos?.credentials?.password?.identifier && title ? [{ name, title }] : [];
  });
  const only = titled.length === 1 ? titled[0] : undefined;
  return only ? texts.schemaTitle(only.title, `traits.${only.name}`) : texts.id();
}

interface TraitField {
  name: string;
  path: string[];
  title: string;
  type: 'email' | 'text';
  required: boolean;
  autocomplete?: string;
}

const FIELDS: TraitField[] = [
  {
    name: 'traits.email',
    path: ['email'],
    title: 'E-Mail',
    type: 'email',
    required: true,
    autocomplete: 'email',
  },
  {
    name: 'traits.name.first',
    path: ['name', 'first'],
    title: 'First Name',
    type: 'text',
    required: false,
  },
  {
    name: 'traits.name.last',
    path: ['name', 'last'],
    title: 'Last Name',
    type: 'text',
    required: false,
  },
];

function read(source: unknown, path: string[]): unknown {
  let value: unknown = source;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** One input per trait, filled from `traits` when given. */
export function traitNodes(group: UiNodeGroup, traits?: unknown): UiNode[] {
  return FIELDS.map((field) =>
    inputNode({
      name: field.name,
      type: field.type,
      group,
      value: traits === undefined ? undefined : read(traits, field.path),
      required: field.required,
      autocomplete: field.autocomplete,
      label: texts.schemaTitle(field.title, field.name),
    }),
  );
}

/** The submitted trait values keyed by input name, for showing them again. */
export function traitValues(traits: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = read(traits, field.path);
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

// The same loose check as Go's net/mail address parser used for `format: email`: local@domain.
const EMAIL_PATTERN = /^[^\s@"<>()[\],;:]+@[^\s@"<>()[\],;:]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export interface TraitsCheck {
  traits: Traits | null;
  errors: Record<string, UiText[]>;
}

/** Validates submitted traits against the schema; empty strings count as missing. */
export function validateTraits(submitted: unknown): TraitsCheck {
  const errors: Record<string, UiText[]> = {};
  const add = (name: string, message: UiText) => {
    (errors[name] ??= []).push(message);
  };
  const email = read(submitted, ['email']);
  if (email === undefined || email === null || email === '') {
    add('traits.email', texts.missingProperty('email'));
  } else if (typeof email !== 'string') {
    add('traits.email', texts.reason(`expected string, but got ${typeof email}`));
  } else if (email.length < 3) {
    add('traits.email', texts.minLength(3, email.length));
  } else if (!isEmail(email)) {
    add('traits.email', texts.reason(`"${email}" is not valid "email"`));
  }
  const names: Record<string, string> = { first: '', last: '' };
  for (const key of ['first', 'last'] as const) {
    const value = read(submitted, ['name', key]);
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') {
      add(`traits.name.${key}`, texts.reason(`expected string, but got ${typeof value}`));
    } else {
      names[key] = value;
    }
  }
  if (Object.keys(errors).length > 0) return { traits: null, errors };
  return {
    traits: {
      email: String(email).trim(),
      name: { first: names.first ?? '', last: names.last ?? '' },
    },
    errors,
  };
}

/** The `people.name` for the traits: first and last name, else the email. */
export function displayName(traits: Traits): string {
  const name = `${traits.name.first} ${traits.name.last}`.trim();
  return name || traits.email;
}
