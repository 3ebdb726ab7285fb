import { Spinner, SpinnerSize } from '@blueprintjs/core';
import type { RouteObject } from 'react-router-dom';
import { kratosPaths } from './kratosPaths';

/** Shown while a page's chunk loads on the first visit. */
function PageLoading() {
  return <Spinner size={SpinnerSize.STANDARD} aria-label="Loading" />;
}

/**
 * The self-service pages of kratos mode, each its own lazily loaded chunk. Mount them outside
 * the signed-in shell, except `/profile-settings`, which may sit inside it.
 */
export const kratosRoutes: RouteObject[] = [
  {
    path: kratosPaths.login.path,
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await import('./LoginPage')).LoginPage }),
  },
  {
    path: kratosPaths.registration.path,
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await import('./RegistrationPage')).RegistrationPage }),
  },
  {
    path: kratosPaths.recovery.path,
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await import('./RecoveryPage')).RecoveryPage }),
  },
  {
    path: kratosPaths.verification.path,
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await import('./VerificationPage')).VerificationPage }),
  },
  {
    path: kratosPaths.settings.path,
    HydrateFallback: PageLoading,
    lazy: async () => ({
      Component: (await import('./ProfileSettingsPage')).ProfileSettingsPage,
    }),
  },
  {
    path: kratosPaths.flowError.path,
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await import('./FlowErrorPage')).FlowErrorPage }),
  },
  {
    path: kratosPaths.flowError.queryPath,
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await import('./FlowErrorPage')).FlowErrorPage }),
  },
];
