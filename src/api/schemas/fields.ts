import { nullable, number, optional, record, string, type, union, unknown } from 'superstruct';

/** A text column that may be absent or null. */
export const optionalText = () => optional(nullable(string()));

/** A number that may be absent or null. */
export const optionalNumber = () => optional(nullable(number()));

/** Postgres `numeric`: a JSON number from PostgREST, text from some drivers. */
export const optionalNumeric = () => optional(nullable(union([number(), string()])));

/** A `jsonb` map of tags or labels (values other than strings are tolerated). */
export const optionalStringMap = () => optional(nullable(record(string(), unknown())));

/** Counts by key (health word, analysis type). */
export const optionalCounts = () => optional(nullable(record(string(), number())));

/**
 * A person as PostgREST embeds one (api.md `A`: `id,name,avatar,email`), every column tolerated
 * absent or null: an embed may be narrowed, and a deleted person reads as nulls.
 */
export const EmbeddedPersonStruct = type({
  id: optionalText(),
  name: optionalText(),
  email: optionalText(),
  avatar: optionalText(),
});
