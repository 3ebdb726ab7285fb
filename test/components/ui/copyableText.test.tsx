import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CopyableText } from '../../../src/ui/CopyableText';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
});

describe('CopyableText', () => {
  it('shows inline text under its label and copies it with the default button name', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    stubClipboard(writeText);
    render(<CopyableText label="Username" text="agent-edge" copiedMessage="Username copied" />);
    const text = screen.getByLabelText('Username');
    expect(text.tagName).toBe('CODE');
    expect(text).toHaveTextContent('agent-edge');
    await userEvent.click(screen.getByRole('button', { name: 'Copy username' }));
    expect(writeText).toHaveBeenCalledWith('agent-edge');
    expect(await screen.findByText('Username copied')).toBeInTheDocument();
  });

  it('shows output as a block and copies the real text when a masked one is shown', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    stubClipboard(writeText);
    render(
      <CopyableText
        block
        label="Flux manifest"
        text="token: ••••"
        copyText="token: s3cret"
        buttonText="Copy"
        copyLabel="Copy Flux manifest"
      />,
    );
    expect(screen.getByLabelText('Flux manifest').tagName).toBe('PRE');
    const button = screen.getByRole('button', { name: 'Copy Flux manifest' });
    expect(button).toHaveTextContent('Copy');
    await userEvent.click(button);
    expect(writeText).toHaveBeenCalledWith('token: s3cret');
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
  });

  it('says so when the browser refuses the copy', async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    render(<CopyableText label="Helm command" text="helm install" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy helm command' }));
    expect(await screen.findByText('Failed to copy to clipboard')).toBeInTheDocument();
  });

  it('keeps further buttons after the copy button', () => {
    render(
      <CopyableText label="Token" text="••••">
        <button type="button">Show token</button>
      </CopyableText>,
    );
    const buttons = screen
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(buttons).toEqual(['Copy token', 'Show token']);
  });
});
