import { frontendApiHost } from './clerkKey';
import type { AuthMode } from './settings';

export interface PolicyOptions {
  authMode: AuthMode;
  clerkPublishableKey: string | null;
  /** Standalone pages (`/view/*`) may be embedded in other sites' frames. */
  framable: boolean;
}

type Directives = Record<string, string[]>;

/** Pages meant to be embedded elsewhere (dashboards on a wall screen, iframes in wikis). */
export function isFramablePath(pathname: string): boolean {
  return pathname.startsWith('/view/');
}

function baseDirectives(): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Blueprint and Monaco set style attributes at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** Origins the hosted-auth provider loads its script, API calls, images and bot checks from. */
function addHostedAuthOrigins(directives: Directives, publishableKey: string | null): void {
  const host = publishableKey === null ? null : frontendApiHost(publishableKey);
  const frontendApi = host === null ? [] : [`https://${host}`];
  const devInstances = 'https://*.clerk.accounts.dev';
  const botCheck = 'https://challenges.cloudflare.com';
  const protect = 'https://*.protect.clerk.com';
  const add = (name: string, sources: string[]) => {
    const list = directives[name] ?? [];
    for (const source of sources) if (!list.includes(source)) list.push(source);
    directives[name] = list;
  };
  add('script-src', [...frontendApi, devInstances, botCheck, protect]);
  add('connect-src', [
    ...frontendApi,
    devInstances,
    `${protect}:*`,
    'https://clerk-telemetry.com',
    'https://*.clerk-telemetry.com',
    // In hosted mode each organisation's metadata names its own Mission Control, which the
    // console may call directly; those addresses are only known at run time.
    'https:',
  ]);
  add('img-src', ['https://img.clerk.com']);
  add('frame-src', ["'self'", ...frontendApi, devInstances, botCheck, protect]);
  add('worker-src', [...frontendApi, devInstances]);
}

/** The Content-Security-Policy header value for a page. */
export function contentSecurityPolicy(options: PolicyOptions): string {
  const directives = baseDirectives();
  if (options.authMode === 'clerk') {
    addHostedAuthOrigins(directives, options.clerkPublishableKey);
  }
  if (!options.framable) {
    directives['frame-ancestors'] = ["'none'"];
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Builds the function giving the security headers for a request path. */
export function securityHeaders(
  options: Omit<PolicyOptions, 'framable'>,
): (pathname: string) => Record<string, string> {
  const common = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  const framed = {
    ...common,
    'content-security-policy': contentSecurityPolicy({ ...options, framable: true }),
  };
  const unframed = {
    ...common,
    'content-security-policy': contentSecurityPolicy({ ...options, framable: false }),
    'x-frame-options': 'DENY',
  };
  return (pathname) => (isFramablePath(pathname) ? framed : unframed);
}
