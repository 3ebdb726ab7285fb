import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadErrorCallout } from '../../../src/ui/LoadErrorCallout';
import { expectAlert } from '../../support/expectations';

describe('LoadErrorCallout', () => {
  it('says what failed and why, and reads again on Retry', async () => {
    let retries = 0;
    const user = userEvent.setup();
    render(
      <LoadErrorCallout
        title="Could not load the change"
        message="permission denied for table config_changes"
        onRetry={() => (retries += 1)}
      />,
    );
    expectAlert('Could not load the change', 'permission denied for table config_changes');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retries).toBe(1);
  });

  it('shows a retry under way on the button', () => {
    render(
      <LoadErrorCallout title="Failed" message="timeout" onRetry={() => undefined} retrying />,
    );
    expect(screen.getByRole('button', { name: /Retry/ })).toHaveClass('bp6-loading');
  });

  it('names its reason for a label, and keeps Retry from being pressed while disabled', () => {
    render(
      <LoadErrorCallout
        title="Failed"
        message="timeout"
        messageId="reason-1"
        onRetry={() => undefined}
        disabled
      />,
    );
    expect(screen.getByText('timeout')).toHaveAttribute('id', 'reason-1');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDisabled();
  });
});
