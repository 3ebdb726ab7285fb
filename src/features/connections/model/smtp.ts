import type { ConnectionUrlCodec } from './connectionTypes';

/**
 * The URL of an SMTP (`email`) connection. Mission Control sends mail with the connection's
 * URL, its `$(username)` and `$(password)` resolved from the connection's columns:
 * `smtp://$(username):$(password)@{host}:{port}/?UseStartTLS=…&Encryption=…&Auth=…&from=…&to=…`
 * (`UseStartTLS` carries the Insecure TLS switch, as Mission Control writes it). The same
 * options are kept under `properties` (`host`, `port`, `auth`, `encryptionMethod`, `from`,
 * `fromname`, `to`, `subject`, `headers`); a connection made elsewhere may have only the URL.
 */

/** The encryption methods (`Encryption`). */
export const SMTP_ENCRYPTION_METHODS = ['None', 'ExplicitTLS', 'ImplicitTLS', 'Auto'] as const;
/** The authentication methods (`Auth`). */
export const SMTP_AUTH_METHODS = ['None', 'Plain', 'CRAMMD5', 'Unknown', 'OAuth2'] as const;

/** The port of a connection that names none. */
export const SMTP_DEFAULT_PORT = '587';

/** The URL's query parameters and the property each one mirrors, in the URL's order. */
const QUERY_PROPERTIES: ReadonlyArray<readonly [param: string, property: string]> = [
  ['Encryption', 'encryptionMethod'],
  ['Auth', 'auth'],
  ['from', 'from'],
  ['to', 'to'],
];

/** Parameters read back besides those written (Mission Control reads them too). */
const READ_ONLY_PARAMS: ReadonlyArray<readonly [param: string, property: string]> = [
  ['fromName', 'fromname'],
  ['subject', 'subject'],
];

/** A query value encoded, with the `@` and `,` of addresses left readable. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@').replace(/%2C/gi, ',');
}

/** The connection's URL from what is saved. */
export function composeSmtpUrl({
  properties,
  insecureTls,
}: {
  properties: Readonly<Record<string, string>>;
  insecureTls: boolean;
}): string {
  const host = (properties.host ?? '').trim();
  const port = (properties.port ?? '').trim() || SMTP_DEFAULT_PORT;
  const query = [`UseStartTLS=${insecureTls ? 'true' : 'false'}`];
  for (const [param, property] of QUERY_PROPERTIES) {
    const value = (properties[property] ?? '').trim();
    if (value !== '') query.push(`${param}=${encodeValue(value)}`);
  }
  return `smtp://$(username):$(password)@${host}:${port}/?${query.join('&')}`;
}

/** The properties an SMTP URL holds: host, port and the options of its query. */
export function readSmtpUrl(url: string): Record<string, string> {
  const match = /^smtps?:\/\/([^?#]*)(?:\?([^#]*))?/i.exec(url.trim());
  if (!match) return {};
  const [, path = '', search = ''] = match;
  const authority = path.split('/')[0] ?? '';
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const portMatch = /^(.*):(\d+)$/.exec(hostPort);
  const read: Record<string, string> = {};
  const host = portMatch ? (portMatch[1] ?? '') : hostPort;
  if (host !== '') read.host = host;
  if (portMatch?.[2]) read.port = portMatch[2];
  const params = new URLSearchParams(search);
  for (const [param, property] of [...QUERY_PROPERTIES, ...READ_ONLY_PARAMS]) {
    const value = params.get(param);
    if (value) read[property] = value;
  }
  return read;
}

export const SMTP_URL: ConnectionUrlCodec = { compose: composeSmtpUrl, read: readSmtpUrl };
