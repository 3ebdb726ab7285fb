import { render, screen, waitFor } from '@testing-library/react';

describe('the error of a query that finds nothing', () => {
  it('prints the document when a query fails outside a wait', () => {
    render(<p>Checks are healthy</p>);
    expect(() => screen.getByText('Absent')).toThrow(/Ignored nodes[\s\S]*Checks are healthy/);
  });

  it('prints nothing while a wait retries, and the document once the wait gives up', async () => {
    const { rerender } = render(<p>Before</p>);
    const seen: string[] = [];
    const waiting = waitFor(
      () => {
        try {
          screen.getByText('Absent');
        } catch (error) {
          seen.push((error as Error).message);
          throw error;
        }
      },
      { timeout: 200 },
    );
    rerender(<p>After</p>);
    await expect(waiting).rejects.toThrow(/Unable to find[\s\S]*Ignored nodes[\s\S]*After/);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((message) => message.includes('Ignored nodes'))).toEqual([]);
  });

  it('names the document as it was when a findBy gives up', async () => {
    render(<p>Only this</p>);
    await expect(screen.findByRole('button', {}, { timeout: 100 })).rejects.toThrow(
      /Ignored nodes[\s\S]*Only this/,
    );
  });
});
