import { screen } from '@testing-library/react';
import { useEffect, useMemo, useState } from 'react';
import { defineUrlState, dialogId, oneOf, text, triState } from '../../../src/lib/urlState';
import { useUrlState } from '../../../src/widgets/useUrlState';
import { renderApp } from '../../support/renderApp';

const FRUIT_STATE = defineUrlState({
  colour: oneOf(['red', 'green'], { filter: true }),
  query: text({ filter: true }),
  layout: oneOf(['table', 'card'], { default: 'table' }),
  fruitId: dialogId(),
});

function Fruits() {
  const { state, set, update, resetFilters, filtered } = useUrlState(FRUIT_STATE);
  return (
    <>
      <output aria-label="State">{JSON.stringify(state)}</output>
      <button type="button" onClick={() => set('colour', 'red')}>
        Red
      </button>
      <button type="button" onClick={() => set('layout', 'card')}>
        Cards
      </button>
      <button type="button" onClick={() => set('fruitId', 'pear')}>
        Open pear
      </button>
      <button type="button" onClick={() => update({ query: 'p', layout: 'table' })}>
        Search p in a table
      </button>
      {filtered && (
        <button type="button" onClick={resetFilters}>
          Clear filters
        </button>
      )}
    </>
  );
}

/** A spec whose fields are known only at run time: one selection per chosen column. */
function Columns() {
  const [columns, setColumns] = useState(['size']);
  const spec = useMemo(
    () =>
      defineUrlState(Object.fromEntries(columns.map((name) => [name, triState({ filter: true })]))),
    [columns],
  );
  const { state, set } = useUrlState(spec);
  return (
    <>
      <output aria-label="State">{JSON.stringify(state)}</output>
      <button type="button" onClick={() => setColumns(['size', 'shape'])}>
        Add shape
      </button>
      <button type="button" onClick={() => set('shape', { round: -1 })}>
        Not round
      </button>
    </>
  );
}

/** Sets the search as a search box does when its pause is over, outside any event. */
let searchNow: (() => void) | undefined;

function SearchNow() {
  const { state, update } = useUrlState(FRUIT_STATE);
  useEffect(() => {
    searchNow = () => update({ query: 'fig' }, { flushSync: true });
  }, [update]);
  return <output aria-label="State">{JSON.stringify(state)}</output>;
}

const shown = () => JSON.parse(screen.getByRole('status', { name: 'State' }).textContent ?? '{}');

describe('useUrlState', () => {
  it('reads the typed state from the address', () => {
    renderApp(<Fruits />, { url: '/fruits?colour=green&layout=card&fruitId=fig&zz=1' });
    expect(shown()).toEqual({ colour: 'green', layout: 'card', fruitId: 'fig' });
    expect(shown()).not.toHaveProperty('query');
  });

  it('replaces the entry for a filter and goes back to the first page, keeping other parameters', async () => {
    const { user, currentUrl, router } = renderApp(<Fruits />, {
      url: '/fruits?pageIndex=3&pageSize=25&zz=1',
    });
    await user.click(screen.getByRole('button', { name: 'Red' }));
    expect(currentUrl()).toBe('/fruits?pageSize=25&zz=1&colour=red');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(shown().colour).toBe('red');
  });

  it('adds a history entry to open a dialog, so Back closes it', async () => {
    const { user, currentUrl, router } = renderApp(<Fruits />, { url: '/fruits?pageIndex=2' });
    await user.click(screen.getByRole('button', { name: 'Open pear' }));
    expect(currentUrl()).toBe('/fruits?pageIndex=2&fruitId=pear');
    expect(router.state.historyAction).toBe('PUSH');
    await router.navigate(-1);
    expect(await screen.findByText('{"layout":"table"}')).toBeInTheDocument();
    expect(currentUrl()).toBe('/fruits?pageIndex=2');
  });

  it('leaves a default out of the address and sets several fields at once', async () => {
    const { user, currentUrl } = renderApp(<Fruits />, { url: '/fruits?layout=card' });
    await user.click(screen.getByRole('button', { name: 'Search p in a table' }));
    expect(currentUrl()).toBe('/fruits?query=p');
    await user.click(screen.getByRole('button', { name: 'Cards' }));
    expect(currentUrl()).toBe('/fruits?query=p&layout=card');
  });

  it('clears every filter and the page, and keeps the rest', async () => {
    const { user, currentUrl } = renderApp(<Fruits />, {
      url: '/fruits?colour=red&query=x&layout=card&pageIndex=4&zz=1',
    });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentUrl()).toBe('/fruits?layout=card&zz=1');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('renders a change made with flushSync before it returns', () => {
    const { currentUrl } = renderApp(<SearchNow />, { url: '/fruits' });
    // Outside act on purpose (act would render any update before returning), which React
    // warns about.
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      searchNow?.();
      expect(shown().query).toBe('fig');
      expect(currentUrl()).toBe('/fruits?query=fig');
    } finally {
      quiet.mockRestore();
    }
  });

  it('reads the address again when its spec changes, without an address change', async () => {
    const { user, currentUrl } = renderApp(<Columns />, {
      url: '/fruits?size=big:1&shape=square:1',
    });
    expect(shown()).toEqual({ size: { big: 1 } });
    await user.click(screen.getByRole('button', { name: 'Add shape' }));
    expect(shown()).toEqual({ size: { big: 1 }, shape: { square: 1 } });
    await user.click(screen.getByRole('button', { name: 'Not round' }));
    expect(currentUrl()).toBe('/fruits?size=big%3A1&shape=round%3A-1');
  });
});
