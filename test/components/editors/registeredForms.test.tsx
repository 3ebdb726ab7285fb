import '../../support/withEditableMonacoMock';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { TypedResourceEditor } from '../../../src/features/editors/TypedResourceEditor';
import { checkTypes } from '../../../src/features/editors/checks/checkTypes';
import { specKeyOf } from '../../../src/features/editors/model/typedResource';
import { scraperTypes } from '../../../src/features/editors/scrapers/scraperTypes';
import type { EditorFamily } from '../../../src/features/editors/types';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';

const withForm = (family: EditorFamily) =>
  (family === 'check' ? checkTypes() : scraperTypes())
    .filter((type) => type.Form)
    .map((type) => [family, type.label, specKeyOf(type) ?? ''] as const);

/** Every registered form, in the editor: picked, shown as code, and shown again. */
describe.each(['check', 'scraper'] as const)('the %s forms in the editor', (family) => {
  it.each(withForm(family))('%s: %s goes Form → Code → Form', async (_family, label, key) => {
    server.use(
      http.get('*/api/schemas/:file', () => HttpResponse.json({ error: 'none' }, { status: 404 })),
      // The agents a health check may run on (AGENT-08): none registered.
      http.get('*/api/db/agents', () => HttpResponse.json([])),
    );
    const { user } = renderApp(<TypedResourceEditor family={family} save={async () => ({})} />);
    await user.click(await screen.findByRole('button', { name: label }));
    expect(await screen.findByRole('form', { name: label })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    const code = await screen.findByRole('textbox', { name: 'Code' });
    expect((code as HTMLTextAreaElement).value.startsWith(`${key}:\n  - `)).toBe(true);
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    expect(screen.getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
