import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { BlueprintProvider } from '@blueprintjs/core';
import type { AppStore } from './store';
import type { AppRouter } from './router';

export interface AppProps {
  store: AppStore;
  router: AppRouter;
}

/** Providers around the router: the one Redux store and Blueprint's overlay and hotkey context. */
export function App({ store, router }: AppProps) {
  return (
    <Provider store={store}>
      <BlueprintProvider>
        <RouterProvider router={router} />
      </BlueprintProvider>
    </Provider>
  );
}
