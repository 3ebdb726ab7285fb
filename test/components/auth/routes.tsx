import type { RouteObject } from 'react-router-dom';
import { useLocation } from 'react-router-dom';
import { kratosRoutes } from '../../../src/auth/kratos/routes';

/** Any page outside the identity flows: names the address it is at. */
function Elsewhere() {
  const location = useLocation();
  return <h1>{`Page ${location.pathname}${location.search}`}</h1>;
}

/** The identity pages as the app mounts them, plus a stand-in page for every other address. */
export const testRoutes: RouteObject[] = [...kratosRoutes, { path: '*', element: <Elsewhere /> }];
