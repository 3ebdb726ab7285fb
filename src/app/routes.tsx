import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { paths } from './paths';
import { ErrorPage } from './pages/ErrorPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { CrashPage } from './pages/CrashPage';

/**
 * Main-area pages in the order the home route prefers them (spec: `/` goes to /topology).
 * A page joins this list, and the route table, only once it is built.
 */
const homeCandidates: string[] = [];

/** The route table. Feature areas are loaded lazily, one chunk each. */
export function createRoutes(): RouteObject[] {
  const home = homeCandidates[0];
  return [
    {
      path: '/',
      errorElement: <CrashPage />,
      children: [
        { index: true, element: home ? <Navigate to={home} replace /> : <NotFoundPage /> },
        { path: paths.error.path, element: <ErrorPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
