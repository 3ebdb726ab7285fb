import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { LazyDialog, lazyPart } from '../../../src/ui/LazyPart';

/** A part whose code "loads" when the test lets it, counting how often it was asked for. */
function deferredPart() {
  let release: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    release = resolve;
  });
  const counter = { loads: 0 };
  const load = async () => {
    counter.loads += 1;
    await ready;
    return function Part({ text }: { text: string }) {
      return <p>{text}</p>;
    };
  };
  return { load, release: () => release(), counter };
}

describe('lazy parts', () => {
  it('loads a dialog’s code at its first opening, shows the kit’s spinner meanwhile, and keeps it mounted after', async () => {
    const part = deferredPart();
    const Dialog = lazy(async () => ({ default: await part.load() }));
    const { rerender } = render(
      <LazyDialog isOpen={false}>
        <Dialog text="Send detail" />
      </LazyDialog>,
    );
    expect(part.counter.loads).toBe(0);
    expect(screen.queryByRole('progressbar')).toBeNull();

    rerender(
      <LazyDialog isOpen>
        <Dialog text="Send detail" />
      </LazyDialog>,
    );
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    part.release();
    expect(await screen.findByText('Send detail')).toBeInTheDocument();

    // Closed again: still mounted (its own closing transition and focus return run).
    rerender(
      <LazyDialog isOpen={false}>
        <Dialog text="Send detail" />
      </LazyDialog>,
    );
    expect(screen.getByText('Send detail')).toBeInTheDocument();
    expect(part.counter.loads).toBe(1);
  });

  it('draws a slot’s component once its code has loaded, with the spinner named as asked', async () => {
    const part = deferredPart();
    const Slot = lazyPart(part.load, 'Loading the chart');
    render(<Slot text="Histogram" />);
    expect(await screen.findByLabelText('Loading the chart')).toBeInTheDocument();
    part.release();
    expect(await screen.findByText('Histogram')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the chart')).toBeNull();
  });

  it('keeps the room the part will take while its code loads, when told its height', async () => {
    const part = deferredPart();
    const Chart = lazyPart(part.load, 'Loading the chart', 251);
    render(<Chart text="Recent changes" />);
    const spinner = await screen.findByLabelText('Loading the chart');
    expect(spinner.closest('.mc-lazy-part-placeholder')).toHaveStyle({ height: '251px' });
    part.release();
    expect(await screen.findByText('Recent changes')).toBeInTheDocument();
    expect(document.querySelector('.mc-lazy-part-placeholder')).toBeNull();
  });
});
