import { Classes } from '@blueprintjs/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryViewProps } from '../../../src/ui/QueryView';
import { QueryView } from '../../../src/ui/QueryView';
import { expectAlert } from '../../support/expectations';

interface Incident {
  title: string;
  responders: string[];
}

const idle = { loading: false, error: undefined, onRetry: () => undefined, retrying: false };

function renderView(props: Partial<QueryViewProps<Incident>>) {
  return render(
    <QueryView<Incident>
      {...idle}
      data={undefined}
      loadingLabel="Loading incident"
      errorTitle="Error loading the incident"
      notFound={{
        title: 'Incident not found',
        description: 'It may have been removed.',
        action: <a href="/incidents">Back to incidents</a>,
      }}
      isEmpty={(incident) => incident.responders.length === 0}
      empty={{ text: 'No responders yet.', icon: 'people' }}
      {...props}
    >
      {(incident) => <h1>{incident.title}</h1>}
    </QueryView>,
  );
}

/** The empty state's icon is drawn once Blueprint has loaded its paths. */
async function iconDrawn() {
  await waitFor(() =>
    expect(document.querySelector(`.${Classes.NON_IDEAL_STATE} svg path`)).not.toBeNull(),
  );
}

describe('QueryView', () => {
  it('shows a spinner named after what loads, and nothing else, while loading', () => {
    renderView({ loading: true });
    expect(screen.getByLabelText('Loading incident')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Incident not found')).toBeNull();
  });

  it("shows the server's reason with Retry when the load failed", async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    renderView({ error: 'permission denied for table incidents', onRetry });
    expectAlert('Error loading the incident', 'permission denied for table incidents');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows a retry under way on the button', () => {
    renderView({ error: 'timeout', retrying: true });
    expect(screen.getByRole('button', { name: /Retry/ })).toHaveClass('bp6-loading');
  });

  it.each([
    ['null', null],
    ['nothing', undefined],
  ])('says "not found" with the way back when the answer is %s', async (_name, data) => {
    renderView({ data });
    await iconDrawn();
    expect(screen.getByRole('heading', { name: 'Incident not found' })).toBeInTheDocument();
    expect(screen.getByText('It may have been removed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to incidents' })).toHaveAttribute(
      'href',
      '/incidents',
    );
  });

  it('shows nothing for a missing record when no "not found" is given', () => {
    const { container } = renderView({ data: null, notFound: undefined });
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the empty text when the record holds nothing', async () => {
    renderView({ data: { title: 'Database down', responders: [] } });
    await iconDrawn();
    expect(screen.getByText('No responders yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Database down' })).toBeNull();
  });

  it('shows the empty state with its title above the text', async () => {
    renderView({
      data: { title: 'Database down', responders: [] },
      empty: { title: 'No responders', text: 'Add one to page them.', icon: 'people' },
    });
    await iconDrawn();
    expect(screen.getByRole('heading', { name: 'No responders' })).toBeInTheDocument();
    expect(screen.getByText('Add one to page them.')).toBeInTheDocument();
  });

  it('shows the empty text as a muted line without an icon', () => {
    renderView({ data: { title: 'Database down', responders: [] }, empty: { text: 'No checks' } });
    expect(screen.getByText('No checks').tagName).toBe('P');
  });

  it('shows the content with the loaded record', () => {
    renderView({ data: { title: 'Database down', responders: ['alice'] } });
    expect(screen.getByRole('heading', { name: 'Database down' })).toBeInTheDocument();
    expect(screen.queryByText('No responders yet.')).toBeNull();
  });

  it('shows a small spinner and a compact callout in a panel', () => {
    const { rerender } = renderView({ loading: true, size: 'panel' });
    expect(screen.getByLabelText('Loading incident')).toBeInTheDocument();
    rerender(
      <QueryView<Incident>
        {...idle}
        error="timeout"
        data={undefined}
        loadingLabel="Loading incident"
        errorTitle="Error loading the incident"
        size="panel"
      >
        {(incident) => incident.title}
      </QueryView>,
    );
    expect(screen.getByRole('alert')).toHaveClass('bp6-callout');
    expect(screen.getByRole('alert').className).toMatch(/compact/);
  });
});
