import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { AnyEventObject } from 'xstate';
import type { CreateTokenContext } from '../../../machines/tokens/createToken';
import { CREATE_TOKEN_FAILED } from '../../../machines/tokens/createToken';
import type { TokenDraft } from '../../../src/features/tokens/model/tokenDraft';
import { createTokenRequest } from '../../../src/features/tokens/model/tokenDraft';
import { HIDDEN_TOKEN } from '../../../src/features/tokens/CreatedToken';
import { CreateTokenDialog } from '../../../src/features/tokens/CreateTokenDialog';
import { clearToasts } from '../../../src/ui/toaster';
import { renderApp } from '../../support/renderApp';
import {
  CREATED_TOKEN,
  SERVER_MESSAGE,
  VALID_DRAFT,
  describeRun,
  edgeRuns,
  expectedSnapshots,
} from '../../machines/tokens/createTokenPaths';
import type { TokenBackend } from './tokenBackend';
import { tokenBackend } from './tokenBackend';

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

/** Does in the dialog what the machine event stands for. */
async function perform(event: AnyEventObject, { user, writeText }: Rendered) {
  switch (event.type) {
    case 'token.submit': {
      const { name } = (event as unknown as { draft: TokenDraft }).draft;
      await user.clear(ui.name());
      await user.type(ui.name(), name);
      if (name.trim() === '') {
        // A blank name cannot be sent: Create stays disabled, and Enter does nothing.
        expect(ui.create()).toBeDisabled();
        expect(within(ui.form()).getByText('Name is required')).toBeInTheDocument();
        await user.type(ui.name(), '{Enter}');
      } else {
        await user.click(ui.create());
        await waitFor(() => expect(backend.waiting).toBe(1));
      }
      return;
    }
    case 'xstate.done.actor.createToken':
      backend.settle({ token: String(event.output) });
      await screen.findByRole('dialog', { name: 'Token Created Successfully' });
      expect(await screen.findByText('Token created successfully')).toBeInTheDocument();
      return;
    case 'xstate.error.actor.createToken':
      if (event.error instanceof Error) {
        backend.settle({ status: 400, body: { error: event.error.message } });
      } else {
        backend.settle({ status: 500, body: '' });
      }
      await within(ui.form()).findByRole('alert');
      return;
    case 'token.reveal':
      await user.click(within(ui.created()).getByRole('button', { name: 'Show token' }));
      return;
    case 'token.hide':
      await user.click(within(ui.created()).getByRole('button', { name: 'Hide token' }));
      return;
    case 'token.copy':
      writeText.mockClear();
      await user.click(within(ui.created()).getByRole('button', { name: 'Copy token' }));
      expect(writeText).toHaveBeenCalledWith(CREATED_TOKEN);
      expect(await screen.findByText('Token copied to clipboard')).toBeInTheDocument();
      return;
    case 'token.close':
      await user.click(ui.close());
      return;
    default:
      throw new Error(`no way to perform ${event.type}`);
  }
}

/** What the dialog must show in each state of the machine. */
async function expectState(
  expected: { value: string; context: CreateTokenContext },
  { onClose }: Rendered,
) {
  switch (expected.value) {
    case 'editing':
      expect(ui.form()).toBeInTheDocument();
      expect(ui.create()).toBeDisabled();
      expect(within(ui.form()).queryByRole('alert')).toBeNull();
      return;
    case 'creating':
      expect(ui.create()).toBeDisabled();
      expect(ui.name()).toHaveValue(VALID_DRAFT.name);
      return;
    case 'created': {
      const shown = expected.context.revealed ? CREATED_TOKEN : HIDDEN_TOKEN;
      expect(ui.token()).toHaveTextContent(shown);
      if (!expected.context.revealed) {
        expect(within(ui.created()).queryByText(CREATED_TOKEN, { exact: false })).toBeNull();
      }
      return;
    }
    case 'failed':
      expect(within(ui.form()).getByRole('alert')).toHaveTextContent(expected.context.error ?? '');
      expect([SERVER_MESSAGE, CREATE_TOKEN_FAILED]).toContain(expected.context.error);
      // The form keeps its values; a blank name disables Create again.
      if ((ui.name() as HTMLInputElement).value.trim() === '') {
        expect(ui.create()).toBeDisabled();
      } else {
        expect(ui.name()).toHaveValue((expected.context.draft as TokenDraft).name);
        expect(ui.create()).toBeEnabled();
      }
      return;
    case 'closed':
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(screen.queryByText(CREATED_TOKEN, { exact: false })).toBeNull();
      return;
    default:
      throw new Error(`unexpected state ${expected.value}`);
  }
}

describe('token dialog along the machine’s generated paths', () => {
  const runs = edgeRuns();

  it('has runs covering every edge', () => {
    expect(runs.length).toBeGreaterThan(5);
  });

  it.each(runs.map((run) => [describeRun(run), run] as const))('%s', async (_name, run) => {
    const rendered = renderDialog();
    await screen.findByRole('dialog', { name: 'Create new token' });
    const expected = expectedSnapshots(run);
    for (const [index, event] of run.entries()) {
      await perform(event, rendered);
      await expectState(expected[index]!, rendered);
    }
    // Each name sent went out once, with the body of the form's values.
    const sent = run.filter(
      (event) =>
        event.type === 'token.submit' &&
        (event as unknown as { draft: TokenDraft }).draft.name.trim() !== '',
    );
    expect(backend.created).toEqual(sent.map(() => createTokenRequest(VALID_DRAFT)));
  });
});
