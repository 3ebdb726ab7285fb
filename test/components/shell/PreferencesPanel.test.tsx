import { Classes } from '@blueprintjs/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { PreferencesPanel } from '../../../src/shell/PreferencesButton';
import { PREFERENCES_STORAGE_KEY } from '../../../src/shell/preferencesSlice';
import { useFormatDate } from '../../../src/shell/useFormatDate';
import { renderApp } from '../../support/renderApp';
import type { RenderAppOptions } from '../../support/renderApp';

// The time zone list has some 600 entries: selecting in it is slow under jsdom.
jest.setTimeout(20_000);

/** A date as the rest of the console shows it. */
function DateProbe() {
  const format = useFormatDate();
  return <output aria-label="Probe date">{format('2024-07-01T12:05:09Z')}</output>;
}

function renderPanel(options: RenderAppOptions = {}) {
  return renderApp(
    <>
      <PreferencesPanel />
      <DateProbe />
    </>,
    options,
  );
}

const ui = {
  open: () => screen.getByRole('button', { name: 'Preferences' }),
  form: () => screen.findByRole('form', { name: 'Preferences' }),
  switch: (name: string) => screen.getByRole('checkbox', { name }),
  slider: () => screen.getByRole('slider', { name: 'Topology card width' }),
  select: (name: string) => screen.getByRole('combobox', { name }),
  probe: () => screen.getByLabelText('Probe date'),
};

const stored = () => JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '{}');

afterEach(() => {
  document.body.classList.remove(Classes.DARK, 'mc-dark');
});

describe('preferences panel', () => {
  it('starts from the defaults', async () => {
    const { user } = renderPanel();
    await user.click(ui.open());
    await ui.form();
    expect(ui.switch('Show hidden components')).toBeChecked();
    expect(ui.switch('Show deleted configs')).not.toBeChecked();
    expect(ui.slider()).toHaveAttribute('aria-valuenow', '554');
    expect(ui.slider()).toHaveAttribute('aria-valuemin', '250');
    expect(ui.slider()).toHaveAttribute('aria-valuemax', '768');
    expect(ui.select('Date/time format')).toHaveValue('medium');
    expect(
      within(ui.select('Date/time format'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['short', 'medium', 'full', 'timestamp']);
    const zone = ui.select('Timezone');
    expect(zone).toHaveValue('browser');
    const options = (zone as HTMLSelectElement).options;
    expect(options[0]).toHaveTextContent(/^Browser \(/);
    // Every zone, once the time zones have loaded.
    await waitFor(() => expect(options.length).toBeGreaterThan(300));
    expect(ui.switch('Dark theme')).not.toBeChecked();
  });

  it('stores every change and brings it back on the next visit', async () => {
    const first = renderPanel();
    await first.user.click(ui.open());
    await ui.form();
    await first.user.click(ui.switch('Show hidden components'));
    await first.user.click(ui.switch('Show deleted configs'));
    act(() => ui.slider().focus());
    await first.user.keyboard('{ArrowRight}{ArrowRight}');
    await first.user.selectOptions(ui.select('Date/time format'), 'full');
    await first.user.selectOptions(ui.select('Timezone'), 'Asia/Kolkata');
    await first.user.click(ui.switch('Dark theme'));

    expect(stored()).toMatchObject({
      showHiddenComponents: false,
      showDeletedConfigs: true,
      topologyCardWidth: 558,
      dateTimeFormat: 'full',
      timezone: 'Asia/Kolkata',
      theme: 'dark',
    });
    expect(document.body).toHaveClass(Classes.DARK);
    first.unmount();
    document.body.classList.remove(Classes.DARK);

    const second = renderPanel();
    expect(document.body).toHaveClass(Classes.DARK);
    await second.user.click(ui.open());
    await ui.form();
    expect(ui.switch('Show hidden components')).not.toBeChecked();
    expect(ui.switch('Show deleted configs')).toBeChecked();
    expect(ui.slider()).toHaveAttribute('aria-valuenow', '558');
    expect(ui.select('Date/time format')).toHaveValue('full');
    expect(ui.select('Timezone')).toHaveValue('Asia/Kolkata');
    expect(ui.switch('Dark theme')).toBeChecked();
  });

  it('makes dates follow the chosen format and time zone', async () => {
    const { user } = renderPanel();
    await user.click(ui.open());
    await ui.form();
    await user.selectOptions(ui.select('Timezone'), 'Europe/Berlin');
    expect(ui.probe()).toHaveTextContent('Jul 1, 2024 14:05:09');
    await user.selectOptions(ui.select('Date/time format'), 'timestamp');
    expect(ui.probe()).toHaveTextContent('2024-07-01T14:05:09.000+02:00');
    await user.selectOptions(ui.select('Timezone'), 'America/New_York');
    expect(ui.probe()).toHaveTextContent('2024-07-01T08:05:09.000-04:00');
    await user.selectOptions(ui.select('Date/time format'), 'short');
    expect(ui.probe()).toHaveTextContent('Jul 1, 08:05');
  });

  it('turns the state-machine inspector on', async () => {
    const inspectorLoader = jest.fn(async () => ({ inspect: jest.fn() }));
    const { user } = renderPanel({ inspectorLoader });
    await user.click(ui.open());
    await ui.form();
    expect(ui.switch('Inspect state machines')).not.toBeChecked();
    expect(inspectorLoader).not.toHaveBeenCalled();
    await user.click(ui.switch('Inspect state machines'));
    expect(stored()).toMatchObject({ inspect: true });
    expect(inspectorLoader).toHaveBeenCalledTimes(1);
  });

  it('switches to the built-in flow inspector, which needs no hosted one', async () => {
    const inspectorLoader = jest.fn(async () => ({ inspect: jest.fn() }));
    const { user } = renderPanel({ inspectorLoader });
    await user.click(ui.open());
    await ui.form();
    expect(screen.queryByRole('combobox', { name: 'Inspector' })).not.toBeInTheDocument();
    await user.click(ui.switch('Inspect state machines'));
    await user.selectOptions(ui.select('Inspector'), 'local');
    expect(stored()).toMatchObject({ inspect: true, inspectMode: 'local' });
    expect(await screen.findByRole('region', { name: 'Flow inspector' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close flow inspector' }));
    expect(stored()).toMatchObject({ inspect: false, inspectMode: 'local' });
    expect(screen.queryByRole('region', { name: 'Flow inspector' })).not.toBeInTheDocument();
  });
});
