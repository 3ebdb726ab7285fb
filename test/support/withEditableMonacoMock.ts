/**
 * Monaco needs a real browser: a component test that imports this module first (before the
 * pages it renders) gets the code editor as a plain text area that can be typed into
 * (`monacoEditableMock`), and Monaco's set-up is left out.
 *
 *     import '../../support/withEditableMonacoMock';
 */
jest.mock('../../src/ui/CodeEditor/monacoSetup', () => ({}));
jest.mock('@monaco-editor/react', () => jest.requireActual('./monacoEditableMock'));
