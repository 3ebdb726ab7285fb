import type { RouteObject } from 'react-router-dom';
import { useLocation } from 'react-router-dom';
import { kratosRoutes } from '../../../src/auth/kratos/routes';
import type { IdentityAnswer, Kind } from '../../support/kratosHandlers';
import { identityService } from '../../support/kratosHandlers';
import { renderWithApp } from '../../support/renderApp';

/** Any page outside the identity flows: names the address it is at. */
function Elsewhere() {
  const location = useLocation();
  return <h1>{`Page ${location.pathname}${location.search}`}</h1>;
}

/** The identity pages as the app mounts them, plus a stand-in page for every other address. */
export const testRoutes: RouteObject[] = [...kratosRoutes, { path: '*', element: <Elsewhere /> }];

/**
 * The identity service serving `kind`'s flow (and answering its submits in turn), then the app
 * opened at `url`.
 */
export function openFlowPage(
  url: string,
  kind: Kind,
  flow: unknown,
  ...submitted: IdentityAnswer[]
) {
  const identity = identityService();
  identity.serves(kind, flow, ...submitted);
  return { identity, ...renderWithApp(testRoutes, { url }) };
}
