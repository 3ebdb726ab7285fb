import { render, screen } from '@testing-library/react';
import { StatusDot } from '../../../src/ui/StatusDot';

describe('StatusDot', () => {
  it.each([
    [{ status: 'unhealthy' }, 'red', 'unhealthy'],
    [{ status: 'Degraded' }, 'red', 'Degraded'],
    [{ status: 'suspended' }, 'grey', 'suspended'],
    [{ status: 'warning' }, 'orange', 'warning'],
    [{ status: 'healthy' }, 'green', 'healthy'],
    [{ good: false }, 'red', 'Unhealthy'],
    [{ good: true }, 'green', 'Healthy'],
    [{ mixed: true }, 'orange', 'Mixed'],
  ])('%p is a %s dot named %s', (props, color, name) => {
    render(<StatusDot {...props} />);
    const dot = screen.getByRole('img', { name });
    expect(dot).toHaveAttribute('data-color', color);
    expect(dot).toHaveClass(`mc-status-dot--${color}`);
    expect(dot).toHaveAttribute('title', name);
  });

  it('takes a title and a class', () => {
    render(<StatusDot status="healthy" title="3 of 3 passing" className="extra" />);
    const dot = screen.getByRole('img', { name: '3 of 3 passing' });
    expect(dot).toHaveClass('extra');
    expect(dot).toHaveClass('mc-status-dot');
  });

  it('renders nothing without a status or flags', () => {
    const { container } = render(<StatusDot status="" />);
    expect(container).toBeEmptyDOMElement();
  });
});
