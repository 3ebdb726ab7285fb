/**
 * A new entry's values for each type of the family's forms: kept apart from the forms, which
 * load only with the type shown.
 */

/** A new check of a type whose fields have no defaults: a name to fill in. */
export function newCheck(): Record<string, unknown> {
  return { name: '' };
}

/** A new Alert Manager check. */
export const alertManagerDefaults = newCheck;

/** A new Redis check: database 0. */
export function redisDefaults(): Record<string, unknown> {
  return { name: '', db: 0 };
}

/** A new Elasticsearch check. */
export const elasticsearchDefaults = newCheck;

/** A new MongoDB check. */
export const mongoDefaults = newCheck;

/** A new exec check. */
export function execDefaults(): Record<string, unknown> {
  return { name: '', script: '' };
}

/** A new folder check. */
export const folderDefaults = newCheck;

/** A new HTTP check. */
export function httpDefaults(): Record<string, unknown> {
  return { name: '', method: 'GET' };
}

/** A new TCP check. */
export const tcpDefaults = newCheck;

/** A new ICMP ping check. */
export const icmpDefaults = newCheck;
