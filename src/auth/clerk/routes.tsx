import type { RouteObject } from 'react-router-dom';
import { AuthStateCheckerPage } from './AuthStateCheckerPage';
import { clerkPaths, withSubPaths } from './clerkPaths';
import { OrganizationsSwitchedPage } from './OrganizationsSwitchedPage';
import { ProfilePage } from './ProfilePage';
import { SignInPage } from './SignInPage';
import { SignUpPage } from './SignUpPage';

/**
 * The public pages of hosted mode, outside the session gate. The provider's components route
 * to sub-paths of their page (`/login/factor-one`), hence the splats.
 */
export const clerkRoutes: RouteObject[] = [
  { path: withSubPaths(clerkPaths.login.path), element: <SignInPage /> },
  { path: withSubPaths(clerkPaths.registration.path), element: <SignUpPage /> },
  { path: withSubPaths(clerkPaths.profile.path), element: <ProfilePage /> },
  { path: clerkPaths.authStateChecker.path, element: <AuthStateCheckerPage /> },
  { path: clerkPaths.organizationsSwitched.path, element: <OrganizationsSwitchedPage /> },
];
