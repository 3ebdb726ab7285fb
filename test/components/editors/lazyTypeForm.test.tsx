import '../../support/withEditableMonacoMock';
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { TypedResourceEditor } from '../../../src/features/editors/TypedResourceEditor';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';

// Its own file: a type's form loads once per module registry, and here it must not have yet.
describe('a picked type whose form loads on demand', () => {
  it('opens with its form, so a name typed at once is followed by the check', async () => {
    server.use(
      http.get('*/api/schemas/:file', () => HttpResponse.json({ error: 'none' }, { status: 404 })),
      // The agents a health check may run on (AGENT-08): none registered.
      http.get('*/api/db/agents', () => HttpResponse.json([])),
    );
    renderApp(<TypedResourceEditor family="check" save={async () => ({})} />);
    fireEvent.click(await screen.findByRole('button', { name: 'HTTP' }));
    const name = await screen.findByLabelText('Name (required)');
    // The form's fields mounted with the editor's: none registers late and takes its initial
    // value back over what was typed.
    expect(screen.getByLabelText('Check name (required)')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'typed-early' } });
    expect(await screen.findByLabelText('Check name (required)')).toHaveValue('typed-early');
  });
});
