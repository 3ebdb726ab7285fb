import { createBrowserRouter } from 'react-router-dom';
import { createRoutes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(createRoutes());
}
