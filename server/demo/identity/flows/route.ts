import type { Exchange } from '../exchange';

export interface RouteOptions {
  /** Endpoints that always answer in JSON, whatever the request negotiates. */
  alwaysJson?: boolean;
}

/** Registers a handler of the identity service; errors become envelopes or redirects. */
export type Route = (
  method: 'GET' | 'POST',
  path: string,
  handler: (ex: Exchange) => Promise<void>,
  options?: RouteOptions,
) => void;
