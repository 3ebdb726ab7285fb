import '@testing-library/jest-dom';
import { act, configure, waitFor } from '@testing-library/react';
import { setDefaultEditorLoading } from '../../src/ui/CodeEditor/monacoLoader';
import { loadIconsOneByOne } from '../../src/ui/iconPaths';
import { clearToasts } from '../../src/ui/toaster';
import { getElementError } from './elementError';
import { server } from './msw';

// Pages are lazy chunks: the first render in a fresh worker transforms and loads them, which
// can take several seconds on a 2-core machine, and many times that when the machine is busy
// with other work. Waiting for what a user sees may take that long; a passing test never waits
// for the limit, so it is generous.
configure({ asyncUtilTimeout: 15_000, getElementError });
jest.setTimeout(60_000);

// Icons load their paths one by one, as in the console (jest maps their addresses to modules).
loadIconsOneByOne();

// Monaco is a stand-in here (`withMonacoMock`): pages' tests get it at once, as the console
// does once an editor is wanted; the plain view shown before has its own tests.
setDefaultEditorLoading('eager');

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
