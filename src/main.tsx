import '@blueprintjs/core/lib/css/blueprint.css';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { BootErrorPage } from './app/pages/BootErrorPage';
import { createAppRouter } from './app/router';
import { loadRuntimeConfig } from './app/runtimeConfig';
import { createStore } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

async function boot(): Promise<void> {
  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    root.render(<BootErrorPage message={message} onRetry={() => void boot()} />);
    return;
  }
  const router = createAppRouter();
  const store = createStore({
    config,
    storage: window.localStorage,
    onSessionExpired: (url) => void router.navigate(url),
  });
  root.render(<App config={config} store={store} router={router} />);
}

void boot();
