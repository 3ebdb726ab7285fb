/**
 * The key a page visit is recorded under in `person_analytics`. Pages the original console's
 * getting-started checklist counts keep its keys (`health.view`, `catalog.view-item` …), so a
 * visit made here ticks the same item there; every other page is `page:` and its route pattern
 * (`page:/settings/plugins`, `page:/incidents/:id`), so ids never make keys of their own.
 */

/** The original console's keys of pages it counts, by route pattern. */
const CHECKLIST_KEYS: ReadonlyArray<[RegExp, string]> = [
  [/^\/health$/, 'health.view'],
  [/^\/catalog$/, 'catalog.view'],
  [/^\/catalog\/:id(\/|$)/, 'catalog.view-item'],
  [/^\/playbooks$/, 'playbooks.view'],
  [/^\/playbooks\/runs\/:id$/, 'playbooks.view-run'],
  [/^\/views?\//, 'views.open'],
];

/**
 * The route pattern of an address: each segment that is the value of a route parameter becomes
 * `:name` (the rest of a splat is dropped); `/incidents/42` with `{ id: '42' }` is `/incidents/:id`.
 */
export function routePattern(
  pathname: string,
  params: Readonly<Record<string, string | undefined>>,
): string {
  const named = Object.entries(params).filter(
    (entry): entry is [string, string] => entry[0] !== '*' && entry[1] !== undefined,
  );
  const splat = params['*'];
  let path = pathname;
  if (splat) {
    path = path.endsWith(`/${splat}`) ? path.slice(0, -(splat.length + 1)) : path;
  }
  const segments = path.split('/').map((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // A segment that is not valid percent-encoding is kept as it is.
    }
    const param = named.find(([, value]) => value === decoded || value === segment);
    return param ? `:${param[0]}` : segment;
  });
  const pattern = segments.join('/').replace(/\/+$/, '');
  return pattern === '' ? '/' : pattern;
}

/** The key a visit of the page at this route pattern is recorded under. */
export function pageVisitKey(pattern: string): string {
  return CHECKLIST_KEYS.find(([test]) => test.test(pattern))?.[1] ?? `page:${pattern}`;
}
