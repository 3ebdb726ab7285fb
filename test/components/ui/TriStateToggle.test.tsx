import { IconSize, Icons } from '@blueprintjs/icons';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { TriState } from '../../../src/lib/triState';
import { TriStateToggle } from '../../../src/ui/TriStateToggle';

beforeAll(() => Icons.load(['plus', 'minus'], IconSize.STANDARD));

const ui = {
  include: () => screen.getByRole('button', { name: 'Include Kubernetes' }),
  exclude: () => screen.getByRole('button', { name: 'Exclude Kubernetes' }),
};

function Controlled({ onChange }: { onChange: (next: TriState) => void }) {
  const [value, setValue] = useState<TriState>(0);
  return (
    <>
      <TriStateToggle
        label="Kubernetes"
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
      <output>state {value}</output>
    </>
  );
}

describe('TriStateToggle', () => {
  it('shows the state through aria-pressed', () => {
    const { rerender } = render(
      <TriStateToggle label="Kubernetes" value={0} onChange={jest.fn()} />,
    );
    expect(ui.include()).toHaveAttribute('aria-pressed', 'false');
    expect(ui.exclude()).toHaveAttribute('aria-pressed', 'false');
    rerender(<TriStateToggle label="Kubernetes" value={1} onChange={jest.fn()} />);
    expect(ui.include()).toHaveAttribute('aria-pressed', 'true');
    expect(ui.exclude()).toHaveAttribute('aria-pressed', 'false');
    rerender(<TriStateToggle label="Kubernetes" value={-1} onChange={jest.fn()} />);
    expect(ui.include()).toHaveAttribute('aria-pressed', 'false');
    expect(ui.exclude()).toHaveAttribute('aria-pressed', 'true');
  });

  it('cycles 0 → 1 → -1 → 0 by clicks; clicking the active state returns to neutral', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Controlled onChange={onChange} />);
    await user.click(ui.include());
    expect(screen.getByText('state 1')).toBeInTheDocument();
    await user.click(ui.exclude());
    expect(screen.getByText('state -1')).toBeInTheDocument();
    await user.click(ui.exclude());
    expect(screen.getByText('state 0')).toBeInTheDocument();
    await user.click(ui.include());
    await user.click(ui.include());
    expect(screen.getByText('state 0')).toBeInTheDocument();
    expect(onChange.mock.calls.map(([next]) => next)).toEqual([1, -1, 0, 1, 0]);
  });

  it('is driven by the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<TriStateToggle label="Kubernetes" value={0} onChange={onChange} />);
    await user.tab();
    expect(ui.include()).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(ui.exclude()).toHaveFocus();
    await user.keyboard(' ');
    expect(onChange.mock.calls).toEqual([[1], [-1]]);
  });

  it('shows the label, or hides it from sight only', () => {
    const { rerender } = render(
      <TriStateToggle label="Kubernetes" value={0} onChange={jest.fn()} icon={<i>k8s</i>} />,
    );
    expect(screen.getByText('k8s')).toBeVisible();
    expect(document.querySelector('.mc-tristate-label')).toHaveTextContent('k8sKubernetes');
    rerender(<TriStateToggle label="Kubernetes" value={0} onChange={jest.fn()} hideLabel />);
    expect(document.querySelector('.mc-tristate-label')).toBeNull();
    expect(ui.include()).toBeInTheDocument();
  });
});
