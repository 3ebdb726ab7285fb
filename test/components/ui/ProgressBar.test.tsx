import { Classes } from '@blueprintjs/core';
import { render, screen } from '@testing-library/react';
import { ProgressBar, clampProgress } from '../../../src/ui/ProgressBar';
import { expectAnswers } from '../../support/answers';

function bar(name?: string) {
  return name ? screen.getByRole('progressbar', { name }) : screen.getByRole('progressbar');
}

describe('ProgressBar', () => {
  it.each([
    [50, 50, Classes.INTENT_SUCCESS],
    [75, 75, Classes.INTENT_SUCCESS],
    [76, 76, Classes.INTENT_WARNING],
    [90, 90, Classes.INTENT_WARNING],
    [91, 91, Classes.INTENT_DANGER],
    [100, 100, Classes.INTENT_DANGER],
  ])('%d%% fills %d%% in %s', (value, width, intent) => {
    render(<ProgressBar value={value} />);
    expect(bar()).toHaveAttribute('aria-valuenow', String(width));
    expect(bar()).toHaveClass(intent);
    const meter = bar().querySelector<HTMLElement>(`.${Classes.PROGRESS_METER}`);
    expect(meter?.style.width).toBe(`${width}%`);
  });

  it('clamps to 5–100', () => {
    expectAnswers(clampProgress, [
      [-20, 5],
      [0, 5],
      [4.9, 5],
      [250, 100],
      [Number.NaN, 5],
    ]);
    render(<ProgressBar value={0} />);
    expect(bar()).toHaveAttribute('aria-valuenow', '5');
    expect(bar()).toHaveClass(Classes.INTENT_SUCCESS);
  });

  it('is red when a value above 100 is clamped', () => {
    render(<ProgressBar value={400} />);
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    expect(bar()).toHaveClass(Classes.INTENT_DANGER);
  });

  it('shows its label and is named by it', () => {
    render(<ProgressBar value={42} label="42% of 8 GB" />);
    expect(screen.getByText('42% of 8 GB')).toBeInTheDocument();
    expect(bar('42% of 8 GB')).toBeInTheDocument();
  });

  it('is named by its percentage without a label', () => {
    render(<ProgressBar value={42.4} />);
    expect(bar('42%')).toBeInTheDocument();
  });
});
