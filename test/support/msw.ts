import { setupServer } from 'msw/node';

/** The network of component tests: every request must be answered by a handler of the test. */
export const server = setupServer();
