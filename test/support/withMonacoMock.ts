/**
 * Monaco needs a real browser: a component test that imports this module first (before the
 * pages it renders) gets the code editor as its text and the diff editor as its two sides
 * (`monacoMock`), and Monaco's set-up is left out.
 *
 *     import '../../support/withMonacoMock';
 */
jest.mock('../../src/ui/CodeEditor/monacoSetup', () => ({}));
jest.mock('@monaco-editor/react', () => jest.requireActual('./monacoMock'));
