import type { IdentityFlowKind } from '../../api/schemas/identity';
import { IDENTITY_FLOW_KINDS } from '../../api/schemas/identity';
import { getFlowPageHref, kratosPaths } from './kratosPaths';

/** Where an address leads: a console route (navigate in the SPA) or another site. */
export type ConsoleLocation = { internal: true; href: string } | { internal: false; href: string };

const HOME: ConsoleLocation = { internal: true, href: '/' };

const SELF_SERVICE = /\/self-service\/([a-z]+)(\/browser|\/flows)?\/?$/;
const FLOW_ERRORS = /\/self-service\/errors\/?$/;

function isFlowKind(value: string | undefined): value is IdentityFlowKind {
  return IDENTITY_FLOW_KINDS.some((kind) => kind === value);
}

function parse(url: string, origin: string): URL | null {
  try {
    return new URL(url, origin);
  } catch {
    return null;
  }
}

function pathOf(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The console page for an identity-service address on this origin (kratos.md §1.1, §4.2):
 * - `<public>/self-service/<kind>/browser?aal=&refresh=&return_to=` → `/<page>?…` (the
 *   `return_to` itself mapped the same way, so it never points at the API);
 * - `<public>/self-service/<kind>?flow=` and `…/<kind>/flows?id=` → `/<page>?flow=`;
 * - `<public>/self-service/errors?id=` → the flow-error page.
 * Other same-origin addresses stay as they are (the settings UI `/profile-settings?flow=…`).
 */
function mapSameOrigin(url: URL, origin: string): string {
  if (FLOW_ERRORS.test(url.pathname)) {
    const id = url.searchParams.get('id');
    return id ? kratosPaths.flowError.getHref(id) : kratosPaths.home.path;
  }
  const match = SELF_SERVICE.exec(url.pathname);
  const kind = match?.[1];
  if (!match || !isFlowKind(kind)) return pathOf(url);
  const param = (name: string) => url.searchParams.get(name) || undefined;
  if (match[2] === '/browser') {
    const returnTo = param('return_to');
    return getFlowPageHref(kind, {
      aal: param('aal'),
      refresh: param('refresh') === 'true',
      returnTo: returnTo ? safeReturnTo(returnTo, origin) : undefined,
    });
  }
  return getFlowPageHref(kind, { flow: param(match[2] === '/flows' ? 'id' : 'flow') });
}

/**
 * Where the browser should go for an address the identity service gave (`redirect_browser_to`,
 * an anchor node): same-origin addresses become console routes, so the SPA stays in control;
 * http(s) addresses elsewhere (a social sign-in provider) are left to the browser; anything
 * else (`javascript:`, unparsable text) goes home.
 */
export function toConsoleLocation(url: string, origin: string): ConsoleLocation {
  const parsed = parse(url, origin);
  if (!parsed) return HOME;
  if (parsed.origin === origin) return { internal: true, href: mapSameOrigin(parsed, origin) };
  if (parsed.protocol === 'https:' || parsed.protocol === 'http:') {
    return { internal: false, href: parsed.toString() };
  }
  return HOME;
}

/**
 * The path to go to after a flow: `return_to` when it is a path on this origin (relative, or
 * absolute with this origin), else `/`. Never another site: `//evil.example`, `https://evil…`
 * and `javascript:` all give `/`.
 */
export function safeReturnTo(value: string | null | undefined, origin: string): string {
  if (!value) return HOME.href;
  const location = toConsoleLocation(value, origin);
  return location.internal ? location.href : HOME.href;
}
