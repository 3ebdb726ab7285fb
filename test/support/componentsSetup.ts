import '@testing-library/jest-dom';
import { act, configure, waitFor } from '@testing-library/react';
import { clearToasts } from '../../src/ui/toaster';
import { server } from './msw';

// Pages are lazy chunks: the first render in a fresh worker transforms and loads them, which
// can take several seconds on a busy 2-core machine. Waiting for what a user sees may take that
// long; nothing is expected to take longer.
configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(20_000);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  // Toasts live in their own root, outside what a test renders: no test sees another's.
  await act(() => clearToasts());
  // A dismissed toast stays in the document while it fades out; the next test starts without it.
  await waitFor(() => expect(document.querySelector('.bp6-toast')).toBeNull());
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());
