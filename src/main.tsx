import '@blueprintjs/core/lib/css/blueprint.css';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { BootErrorPage } from './app/pages/BootErrorPage';
import { createAppRouter } from './app/router';
import { createRoutes } from './app/routes';
import type { RuntimeConfig } from './app/runtimeConfig';
import { loadRuntimeConfig } from './app/runtimeConfig';
import { createStore } from './app/store';
import type { HostedAuth } from './auth/clerk/hostedAuth';
import { loadIconsOneByOne } from './ui/iconPaths';

loadIconsOneByOne();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

/**
 * Hosted sign-in (authMode `clerk`): its code is a separate chunk, fetched only here, so
 * deployments on the identity service never download it.
 */
async function loadHostedAuth(
  config: RuntimeConfig,
  navigate: (to: string, options: { replace: boolean }) => void,
): Promise<HostedAuth | undefined> {
  if (config.authMode !== 'clerk') return undefined;
  const { createHostedAuth } = await import('./auth/clerk/hostedAuth');
  return createHostedAuth({ publishableKey: config.clerkPublishableKey, navigate });
}

async function boot(): Promise<void> {
  let config;
  let hosted;
  try {
    config = await loadRuntimeConfig();
    hosted = await loadHostedAuth(config, (to, options) => void router.navigate(to, options));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    root.render(<BootErrorPage message={message} onRetry={() => void boot()} />);
    return;
  }
  const router = hosted ? createBrowserRouter(createRoutes(hosted.routes)) : createAppRouter();
  const store = createStore({
    config,
    storage: window.localStorage,
    tabStorage: window.sessionStorage,
    getBackend: hosted?.store.getBackend,
    onSessionExpired: (url) => void router.navigate(url),
    navigate: (href) => void router.navigate(href),
  });
  root.render(<App config={config} store={store} router={router} hosted={hosted?.app} />);
}

void boot();
