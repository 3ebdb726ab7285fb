/** The request header that narrows what the backend answers to some Scopes (their ids, as JSON). */
export const SCOPE_HEADER = 'X-Flanksource-Scope';
