import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { useState } from 'react';
import type { PickerOption, PickerSearch } from '../../../src/ui/ResourcePicker';
import { ResourcePicker } from '../../../src/ui/ResourcePicker';

const FRUITS: PickerOption[] = [
  { value: '1', label: 'apple', detail: 'Malus' },
  { value: '2', label: 'apricot', detail: 'Prunus' },
  { value: '3', label: 'banana', detail: 'Musa' },
];

/** A fake server search: records every text searched, answers at once. */
function fakeSearch() {
  const searched: string[] = [];
  function useSearch(text: string): PickerSearch {
    if (text !== '' && searched.at(-1) !== text) searched.push(text);
    return {
      options: text === '' ? [] : FRUITS.filter((fruit) => fruit.label.includes(text)),
      loading: false,
    };
  }
  return { searched, useSearch };
}

function Harness({ useSearch }: { useSearch: (text: string) => PickerSearch }) {
  const [value, setValue] = useState<string | undefined>();
  return (
    <>
      <ResourcePicker
        label="Fruit"
        useSearch={useSearch}
        value={value}
        onChange={(o) => setValue(o?.value)}
      />
      <output aria-label="Chosen">{value ?? 'none'}</output>
    </>
  );
}

const input = () => screen.getByLabelText(/^Fruit/);

/** Renders `element` for a user, who is returned. */
function renderForUser(element: ReactElement) {
  const user = userEvent.setup();
  render(element);
  return user;
}

/** Focuses the picker and types `text` into it. */
async function typeIn(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(input());
  await user.type(input(), text);
}

describe('ResourcePicker', () => {
  it('says "Start typing to search" before anything is typed, and searches nothing', async () => {
    const { searched, useSearch } = fakeSearch();
    const user = renderForUser(<Harness useSearch={useSearch} />);
    await user.click(input());
    expect(await screen.findByText('Start typing to search')).toBeInTheDocument();
    expect(searched).toEqual([]);
  });

  it('searches once for what was typed quickly, after the pause', async () => {
    const { searched, useSearch } = fakeSearch();
    const user = renderForUser(<Harness useSearch={useSearch} />);
    await typeIn(user, 'ap');
    expect(await screen.findByRole('option', { name: /^apple/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^apricot/ })).toBeInTheDocument();
    expect(searched).toEqual(['ap']);
  });

  it('keeps text typed the moment the field takes focus, before the list has opened', async () => {
    const { searched, useSearch } = fakeSearch();
    render(<Harness useSearch={useSearch} />);
    // Focus and text in one go, as a paste or a fast typist does while the list opens.
    act(() => {
      input().focus();
      fireEvent.change(input(), { target: { value: 'ban' } });
    });
    expect(await screen.findByRole('option', { name: /^banana/ })).toBeInTheDocument();
    expect(input()).toHaveValue('ban');
    expect(searched).toEqual(['ban']);
  });

  it('forgets the typed text once the list closes without a choice', async () => {
    const { useSearch } = fakeSearch();
    const user = renderForUser(<Harness useSearch={useSearch} />);
    await typeIn(user, 'ap');
    await screen.findByRole('option', { name: /^apple/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(input()).toHaveValue(''));
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('none');
  });

  it('says "No options found" when the search finds nothing', async () => {
    const { useSearch } = fakeSearch();
    const user = renderForUser(<Harness useSearch={useSearch} />);
    await typeIn(user, 'cherry');
    expect(await screen.findByText('No options found')).toBeInTheDocument();
  });

  it('chooses a result with the mouse, shows its name, and clears it', async () => {
    const { useSearch } = fakeSearch();
    const user = renderForUser(<Harness useSearch={useSearch} />);
    await typeIn(user, 'ban');
    const option = await screen.findByRole('option', { name: /^banana/ });
    await user.click(within(option).getByText('banana'));
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('3');
    await waitFor(() => expect(input()).toHaveValue('banana'));
    await user.click(screen.getByRole('button', { name: 'Clear Fruit' }));
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('none');
  });

  it('chooses a result with the arrow keys and Enter', async () => {
    const { useSearch } = fakeSearch();
    const user = renderForUser(<Harness useSearch={useSearch} />);
    await typeIn(user, 'ap');
    await screen.findByRole('option', { name: /^apricot/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('2');
  });

  it("shows the chosen value's label from the record, and the error it is given", () => {
    const { useSearch } = fakeSearch();
    render(
      <ResourcePicker
        label="Fruit"
        useSearch={useSearch}
        value="9"
        valueLabel="durian"
        error="This field is required"
        required
        onChange={() => undefined}
      />,
    );
    expect(input()).toHaveValue('durian');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('(required)')).toBeInTheDocument();
  });

  describe('names read by useLabel', () => {
    /** A fake lookup of one fruit by its value: records every value asked. */
    function fakeLabel() {
      const asked: Array<string | undefined> = [];
      function useLabel(value: string | undefined): string | undefined {
        asked.push(value);
        return FRUITS.find((fruit) => fruit.value === value)?.label;
      }
      return { asked, useLabel };
    }

    function LabelHarness({
      initial,
      useLabel,
      valueLabel,
    }: {
      initial?: string;
      useLabel: (value: string | undefined) => string | undefined;
      valueLabel?: string;
    }) {
      const { useSearch } = fakeSearch();
      const [value, setValue] = useState<string | undefined>(initial);
      return (
        <ResourcePicker
          label="Fruit"
          useSearch={useSearch}
          useLabel={useLabel}
          value={value}
          valueLabel={valueLabel}
          onChange={(o) => setValue(o?.value)}
        />
      );
    }

    it('shows the name of a value given without one (from the address)', () => {
      const { asked, useLabel } = fakeLabel();
      render(<LabelHarness initial="3" useLabel={useLabel} />);
      expect(input()).toHaveValue('banana');
      expect(asked).toContain('3');
    });

    it('shows the value itself while its name is unknown', () => {
      render(<LabelHarness initial="42" useLabel={() => undefined} />);
      expect(input()).toHaveValue('42');
    });

    it('asks nothing for a value with a label, nor for an option just picked', async () => {
      const { asked, useLabel } = fakeLabel();
      const { unmount } = render(
        <LabelHarness initial="9" valueLabel="durian" useLabel={useLabel} />,
      );
      expect(input()).toHaveValue('durian');
      expect(asked.every((value) => value === undefined)).toBe(true);
      unmount();

      const picking = fakeLabel();
      const user = renderForUser(<LabelHarness useLabel={picking.useLabel} />);
      await typeIn(user, 'apr');
      const option = await screen.findByRole('option', { name: /^apricot/ });
      await user.click(within(option).getByText('apricot'));
      await waitFor(() => expect(input()).toHaveValue('apricot'));
      expect(picking.asked.every((value) => value === undefined)).toBe(true);
    });
  });

  describe('"create new"', () => {
    function CreateHarness({ onCreate }: { onCreate: (query: string) => void }) {
      const { useSearch } = fakeSearch();
      const [value, setValue] = useState<string | undefined>();
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onCreate('submitted');
          }}
        >
          <ResourcePicker
            label="Fruit"
            useSearch={useSearch}
            value={value}
            createOption={{ text: (query) => `Create "${query}"`, onCreate }}
            onChange={(o) => setValue(o?.value)}
          />
          <output aria-label="Chosen">{value ?? 'none'}</output>
        </form>
      );
    }

    it('offers to create the typed text below the results, and calls back with it', async () => {
      const onCreate = jest.fn();
      const user = renderForUser(<CreateHarness onCreate={onCreate} />);
      await user.click(input());
      expect(await screen.findByText('Start typing to search')).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: /^Create/ })).toBeNull();
      await user.type(input(), ' ap ');
      await screen.findByRole('option', { name: /^apricot/ });
      const options = screen.getAllByRole('option').map((option) => option.textContent);
      expect(options.at(-1)).toBe('Create "ap"');
      await user.click(screen.getByText('Create "ap"'));
      expect(onCreate).toHaveBeenCalledWith('ap');
      expect(screen.getByLabelText('Chosen')).toHaveTextContent('none');
    });

    it('offers it when nothing is found, and takes it with the keyboard without submitting', async () => {
      const onCreate = jest.fn();
      const user = renderForUser(<CreateHarness onCreate={onCreate} />);
      await typeIn(user, 'cherry');
      expect(await screen.findByRole('option', { name: 'Create "cherry"' })).toBeInTheDocument();
      expect(screen.queryByText('No options found')).toBeNull();
      await user.keyboard('{Enter}');
      expect(onCreate.mock.calls).toEqual([['cherry']]);
    });
  });

  describe('free text', () => {
    function FreeHarness({
      useSearch,
      initial,
    }: {
      useSearch: (text: string) => PickerSearch;
      initial?: string;
    }) {
      const [value, setValue] = useState<string | undefined>(initial);
      return (
        <>
          <ResourcePicker
            label="Fruit"
            freeText
            useSearch={useSearch}
            value={value}
            onChange={(o) => setValue(o?.value)}
          />
          <output aria-label="Chosen">{value ?? 'none'}</output>
          <button type="button" onClick={() => setValue(undefined)}>
            Reset
          </button>
        </>
      );
    }
    const chosen = () => screen.getByRole('status', { name: 'Chosen' });

    it('takes the typed text as the value, and offers the results as suggestions', async () => {
      const { useSearch } = fakeSearch();
      const user = renderForUser(<FreeHarness useSearch={useSearch} />);
      await typeIn(user, 'ap*');
      expect(chosen()).toHaveTextContent('ap*');
      await user.keyboard('{Escape}');
      // The text stays when the list closes: it is the value.
      expect(input()).toHaveValue('ap*');
      await user.clear(input());
      await user.type(input(), 'ban');
      const option = await screen.findByRole('option', { name: /^banana/ });
      await user.click(within(option).getByText('banana'));
      expect(chosen()).toHaveTextContent('3');
      expect(input()).toHaveValue('3');
    });

    it('keeps the typed text on Enter, and takes a suggestion reached with the arrow keys', async () => {
      const { useSearch } = fakeSearch();
      const user = renderForUser(<FreeHarness useSearch={useSearch} />);
      await typeIn(user, 'ap');
      await screen.findByRole('option', { name: /^apple/ });
      await user.keyboard('{Enter}');
      expect(chosen()).toHaveTextContent('ap');
      expect(input()).toHaveValue('ap');
      await typeIn(user, 'r');
      // The answer for "apr" (apricot was in the answer for "ap" too): apple has gone.
      await waitFor(() => expect(screen.queryByRole('option', { name: /^apple/ })).toBeNull());
      await screen.findByRole('option', { name: /^apricot/ });
      await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
      expect(chosen()).toHaveTextContent('2');
    });

    it('shows a value from the record without searching it, and follows it when it changes', async () => {
      const { searched, useSearch } = fakeSearch();
      const user = renderForUser(<FreeHarness useSearch={useSearch} initial="web-*" />);
      expect(input()).toHaveValue('web-*');
      await user.click(input());
      expect(await screen.findByText('Start typing to search')).toBeInTheDocument();
      expect(searched).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Reset' }));
      expect(input()).toHaveValue('');
      expect(chosen()).toHaveTextContent('none');
    });
  });

  it('keeps naming the input by its label when the label is hidden in a toolbar', () => {
    const { useSearch } = fakeSearch();
    render(
      <ResourcePicker
        label="Fruit"
        hideLabel
        placeholder="Search fruits…"
        useSearch={useSearch}
        onChange={jest.fn()}
      />,
    );
    const field = screen.getByLabelText('Fruit');
    expect(field).toHaveAttribute('placeholder', 'Search fruits…');
    // The label stays in the document for assistive technology; the inline group hides it.
    expect(screen.getByText('Fruit').closest('.mc-picker-inline')).not.toBeNull();
  });
});
