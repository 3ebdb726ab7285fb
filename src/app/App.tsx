import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { BlueprintProvider } from '@blueprintjs/core';
import type { HostedShellOptions } from './AppProviders';
import { AppProviders } from './AppProviders';
import type { RuntimeConfig } from './runtimeConfig';
import type { AppStore } from './store';
import type { AppRouter } from './router';

export interface AppProps {
  config: RuntimeConfig;
  store: AppStore;
  router: AppRouter;
  /** Hosted sign-in: its provider and user menu. */
  hosted?: HostedShellOptions;
}

/**
 * Providers around the router: the one Redux store, Blueprint's overlay and hotkey context, and
 * the console-wide settings (version, theme, state-machine inspector).
 */
export function App({ config, store, router, hosted }: AppProps) {
  return (
    <Provider store={store}>
      <BlueprintProvider>
        <AppProviders config={config} {...hosted}>
          <RouterProvider router={router} />
        </AppProviders>
      </BlueprintProvider>
    </Provider>
  );
}
