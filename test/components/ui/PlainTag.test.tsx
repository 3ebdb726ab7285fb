import { Classes, Tag } from '@blueprintjs/core';
import { render, screen } from '@testing-library/react';
import { PlainTag } from '../../../src/ui/PlainTag';

/** Counts the reads of elements' widths (what makes the browser lay the page out at once). */
function watchWidthReads() {
  const scroll = jest.spyOn(Element.prototype, 'scrollWidth', 'get');
  const client = jest.spyOn(Element.prototype, 'clientWidth', 'get');
  return {
    reads: () => scroll.mock.calls.length + client.mock.calls.length,
    restore: () => {
      scroll.mockRestore();
      client.mockRestore();
    },
  };
}

describe('PlainTag', () => {
  it("draws as Blueprint's tag: its classes, the intent, and the text cut by an ellipsis", () => {
    render(
      <PlainTag minimal round intent="primary" className="extra" title="Twelve checks">
        12
      </PlainTag>,
    );
    const text = screen.getByText('12');
    expect(text).toHaveClass(Classes.FILL, Classes.TEXT_OVERFLOW_ELLIPSIS);
    expect(text).toHaveAttribute('title', 'Twelve checks');
    expect(text.parentElement).toHaveClass(
      Classes.TAG,
      Classes.MINIMAL,
      Classes.ROUND,
      Classes.INTENT_PRIMARY,
      'extra',
    );
  });

  it('leaves out the classes not asked for', () => {
    render(<PlainTag intent="none">Hidden</PlainTag>);
    expect(screen.getByText('Hidden').parentElement?.className).toBe(Classes.TAG);
  });

  it("does not measure its text as it mounts or changes, as Blueprint's tag does", () => {
    const widths = watchWidthReads();
    try {
      const plain = render(<PlainTag>1</PlainTag>);
      plain.rerender(<PlainTag>2</PlainTag>);
      expect(widths.reads()).toBe(0);
      // What the count replaces: Blueprint's tag reads its text's width.
      render(<Tag>3</Tag>);
      expect(widths.reads()).toBeGreaterThan(0);
    } finally {
      widths.restore();
    }
  });
});
