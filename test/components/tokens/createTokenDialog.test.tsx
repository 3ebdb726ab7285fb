import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { AnyEventObject } from 'xstate';
import type { CreateTokenContext } from '../../../machines/tokens/createToken';
import { CREATE_TOKEN_FAILED } from '../../../machines/tokens/createToken';
import type { TokenDraft } from '../../../src/features/tokens/model/tokenDraft';
import { createTokenRequest } from '../../../src/features/tokens/model/tokenDraft';
import { HIDDEN_TOKEN } from '../../../src/features/tokens/CreatedToken';
import { CreateTokenDialog } from '../../../src/features/tokens/CreateTokenDialog';
import { clearToasts } from '../../../src/ui/toaster';
import type { Gesture, ViewCheck } from '../../support/driveDialog';
import { driveDialogAlongPaths } from '../../support/driveDialog';
import { renderApp } from '../../support/renderApp';
import {
  CREATED_TOKEN,
  INPUT,
  SERVER_MESSAGE,
  VALID_DRAFT,
  describeRun,
  eventKey,
  eventsFor,
  inertTokenMachine,
  serializeState,
} from '../../machines/tokens/createTokenPaths';
import type { TokenBackend } from './tokenBackend';
import { tokenBackend } from './tokenBackend';

/**
 * The token dialog driven along the `createToken` machine's generated paths
 * (machines/tokens/createToken.ts, the model in test/machines/tokens/createTokenPaths.ts): the
 * shortest path to every vertex, and a path through every other transition (each event of each
 * vertex: a blank name, a failure with and without the server's message). The create call is
 * held by msw until the path's next step answers it.
 */

const ui = {
  form: () => screen.getByRole('dialog', { name: 'Create new token' }),
  created: () => screen.getByRole('dialog', { name: 'Token Created Successfully' }),
  name: () => screen.getByLabelText(/^Name/),
  create: () => within(ui.form()).getByRole('button', { name: /Create$/ }),
  token: () => within(ui.created()).getByLabelText('Token'),
  close: () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }),
};

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <CreateTokenDialog
      isOpen={open}
      onClose={() => {
        onClose();
        setOpen(false);
      }}
    />
  );
}

jest.setTimeout(30_000);

let backend: TokenBackend;
afterEach(async () => {
  backend?.settleAll();
  await clearToasts();
});

function renderDialog() {
  backend = tokenBackend();
  const onClose = jest.fn();
  const rendered = renderApp(<Harness onClose={onClose} />);
  const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
  return { ...rendered, onClose, writeText };
}

type Rendered = ReturnType<typeof renderDialog>;
type Machine = typeof inertTokenMachine;

const draftOf = (event: AnyEventObject) => (event as unknown as { draft: TokenDraft }).draft;
const contextOf = (state: { context: unknown }) => state.context as CreateTokenContext;

/** What the user does, or the answer the server gives to the create call it holds. */
const GESTURES: Record<string, Gesture<Machine, Rendered>> = {
  'token.submit': async ({ user }, event) => {
    const { name } = draftOf(event);
    await user.clear(ui.name());
    await user.type(ui.name(), name);
    if (name.trim() === '') {
      // A blank name cannot be sent: Create stays disabled, and Enter does nothing.
      expect(ui.create()).toBeDisabled();
      expect(within(ui.form()).getByText('Name is required')).toBeInTheDocument();
      await user.type(ui.name(), '{Enter}');
    } else {
      await user.click(ui.create());
      await screen.findByRole('button', { name: /Create$/ });
      expect(backend.waiting).toBe(1);
    }
  },
  'xstate.done.actor.createToken': async (_rendered, event) => {
    backend.settle({ token: String(event.output) });
    expect(await screen.findByText('Token created successfully')).toBeInTheDocument();
  },
  'xstate.error.actor.createToken': async (_rendered, event) => {
    if (event.error instanceof Error) {
      backend.settle({ status: 400, body: { error: event.error.message } });
    } else {
      backend.settle({ status: 500, body: '' });
    }
  },
  'token.reveal': ({ user }) =>
    user.click(within(ui.created()).getByRole('button', { name: 'Show token' })),
  'token.hide': ({ user }) =>
    user.click(within(ui.created()).getByRole('button', { name: 'Hide token' })),
  'token.copy': async ({ user, writeText }) => {
    writeText.mockClear();
    await user.click(within(ui.created()).getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith(CREATED_TOKEN);
    expect(await screen.findByText('Token copied to clipboard')).toBeInTheDocument();
  },
  'token.close': ({ user }) => user.click(ui.close()),
};

/** What the dialog shows in each state of the machine. */
const VIEWS: Record<string, ViewCheck<Machine, Rendered>> = {
  editing: () => {
    expect(ui.form()).toBeInTheDocument();
    expect(ui.create()).toBeDisabled();
    expect(within(ui.form()).queryByRole('alert')).toBeNull();
  },
  creating: () => {
    expect(ui.create()).toBeDisabled();
    expect(ui.name()).toHaveValue(VALID_DRAFT.name);
  },
  created: (_rendered, { state }) => {
    const { revealed } = contextOf(state);
    expect(ui.token()).toHaveTextContent(revealed ? CREATED_TOKEN : HIDDEN_TOKEN);
    if (!revealed) {
      expect(within(ui.created()).queryByText(CREATED_TOKEN, { exact: false })).toBeNull();
    }
  },
  failed: (_rendered, { state }) => {
    const { error, draft } = contextOf(state);
    expect(within(ui.form()).getByRole('alert')).toHaveTextContent(error ?? '');
    expect([SERVER_MESSAGE, CREATE_TOKEN_FAILED]).toContain(error);
    // The form keeps its values; a blank name disables Create again.
    if ((ui.name() as HTMLInputElement).value.trim() === '') {
      expect(ui.create()).toBeDisabled();
    } else {
      expect(ui.name()).toHaveValue((draft as TokenDraft).name);
      expect(ui.create()).toBeEnabled();
    }
  },
  closed: ({ onClose }) => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(CREATED_TOKEN, { exact: false })).toBeNull();
  },
};

describe('token dialog along the machine’s generated paths', () => {
  driveDialogAlongPaths(inertTokenMachine, {
    input: INPUT,
    events: eventsFor,
    serializeState,
    serializeEvent: eventKey,
    transitions: true,
    // Every event of every vertex: a blank name and a failure without a message are paths too.
    edgeOf: (before, event) => `${serializeState(before)} ${describeRun([event])}`,
    describeEvent: (event) => describeRun([event]),
    render: renderDialog,
    gestures: GESTURES,
    expectState: VIEWS,
    afterPath: (_rendered, path) => {
      // Each name sent went out once, with the body of the form's values.
      const sent = path.steps.filter(
        ({ event }) => event.type === 'token.submit' && draftOf(event).name.trim() !== '',
      );
      expect(backend.created).toEqual(sent.map(() => createTokenRequest(VALID_DRAFT)));
    },
  });
});
