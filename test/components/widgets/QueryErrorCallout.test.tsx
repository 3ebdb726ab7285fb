import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryErrorCallout } from '../../../src/widgets/QueryErrorCallout';

describe('QueryErrorCallout', () => {
  it('says why the query failed in the server’s words and reads it again on Retry', async () => {
    const user = userEvent.setup();
    const refetch = jest.fn();
    render(
      <QueryErrorCallout
        title="Could not load the logs"
        query={{
          error: { status: 500, data: { message: 'backend down' } },
          isFetching: false,
          refetch,
        }}
        className="test-error"
      />,
    );
    const callout = screen.getByRole('alert');
    expect(callout).toHaveTextContent('Could not load the logs');
    expect(callout).toHaveTextContent('backend down');
    expect(callout).toHaveClass('test-error');
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('spins Retry while the query is read again', () => {
    render(
      <QueryErrorCallout
        title="Could not load the logs"
        query={{ error: new TypeError('Failed to fetch'), isFetching: true, refetch: jest.fn() }}
      />,
    );
    expect(screen.getByRole('button', { name: /Retry/ })).toHaveClass('bp6-loading');
  });
});
