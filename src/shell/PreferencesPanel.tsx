import type { MomentTimezone } from 'moment-timezone';
import { FormGroup, HTMLSelect, Slider, Switch } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { DATE_FORMAT_LABELS, formatDate } from '../lib/dates';
import type { TimezoneOption } from '../lib/timezones';
import { browserTimezone, timezoneOptions } from '../lib/timezones';
import { useTimezones } from '../ui/useTimezones';
import type { DateTimeFormat, InspectMode } from './preferencesSlice';
import {
  DATE_TIME_FORMATS,
  TOPOLOGY_CARD_WIDTH,
  dateTimeFormatSet,
  inspectModeSet,
  inspectSet,
  selectPreferences,
  showDeletedConfigsSet,
  showHiddenComponentsSet,
  themeSet,
  timezoneSet,
  topologyCardWidthSet,
} from './preferencesSlice';

const ZONES_FRESH_MS = 60 * 60 * 1000;
let cachedZones: { at: number; options: TimezoneOption[] } | undefined;

/** The zone list, made at most once an hour (offsets change with daylight saving time). */
function zoneOptions(tz: MomentTimezone): TimezoneOption[] {
  const now = Date.now();
  if (!cachedZones || now - cachedZones.at > ZONES_FRESH_MS) {
    cachedZones = { at: now, options: timezoneOptions(tz, now) };
  }
  return cachedZones.options;
}

/** The date shown as an example of each format. */
const FORMAT_SAMPLE = '2024-07-01T14:05:09.000Z';

/** A preference chosen from a list, labelled; the choice is stored at once. */
function PreferenceSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: Array<{ value: V; label: string }>;
  onChange: (value: V) => void;
}) {
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as V)}
        options={options}
      />
    </FormGroup>
  );
}

/** The form of the preferences popover; every change is stored at once. */
export function PreferencesForm() {
  const dispatch = useDispatch();
  const preferences = useSelector(selectPreferences);
  // The zone list needs the time zones, which load with the panel's first opening; until then
  // the current choice is the only option.
  const tz = useTimezones();
  const zones = useMemo(
    (): TimezoneOption[] =>
      tz
        ? zoneOptions(tz)
        : [
            { value: 'browser', label: `Browser (${browserTimezone()})`, offset: 0 },
            ...(preferences.timezone === 'browser'
              ? []
              : [{ value: preferences.timezone, label: preferences.timezone, offset: 0 }]),
          ],
    [tz, preferences.timezone],
  );
  const { min, max, step } = TOPOLOGY_CARD_WIDTH;

  return (
    <form className="mc-preferences" aria-label="Preferences" onSubmit={(e) => e.preventDefault()}>
      <Switch
        label="Show hidden components"
        checked={preferences.showHiddenComponents}
        onChange={(e) => dispatch(showHiddenComponentsSet(e.currentTarget.checked))}
      />
      <Switch
        label="Show deleted configs"
        checked={preferences.showDeletedConfigs}
        onChange={(e) => dispatch(showDeletedConfigsSet(e.currentTarget.checked))}
      />
      <FormGroup label="Topology card width">
        <Slider
          min={min}
          max={max}
          stepSize={step}
          labelValues={[min, max]}
          labelRenderer={(value) => `${value}px`}
          value={preferences.topologyCardWidth}
          onChange={(value) => dispatch(topologyCardWidthSet(value))}
          handleHtmlProps={{ 'aria-label': 'Topology card width' }}
        />
      </FormGroup>
      <PreferenceSelect<DateTimeFormat>
        id="mc-pref-date-format"
        label="Date/time format"
        value={preferences.dateTimeFormat}
        onChange={(format) => dispatch(dateTimeFormatSet(format))}
        options={DATE_TIME_FORMATS.map((format) => ({
          value: format,
          label: `${DATE_FORMAT_LABELS[format]} (${formatDate(FORMAT_SAMPLE, {
            format,
            timezone: preferences.timezone,
          })})`,
        }))}
      />
      <PreferenceSelect
        id="mc-pref-timezone"
        label="Timezone"
        value={preferences.timezone}
        onChange={(zone) => dispatch(timezoneSet(zone))}
        options={zones.map(({ value, label }) => ({ value, label }))}
      />
      <Switch
        label="Dark theme"
        checked={preferences.theme === 'dark'}
        onChange={(e) => dispatch(themeSet(e.currentTarget.checked ? 'dark' : 'light'))}
      />
      <Switch
        label="Inspect state machines"
        checked={preferences.inspect}
        onChange={(e) => dispatch(inspectSet(e.currentTarget.checked))}
      />
      {preferences.inspect ? (
        <PreferenceSelect<InspectMode>
          id="mc-pref-inspect-mode"
          label="Inspector"
          value={preferences.inspectMode}
          onChange={(mode) => dispatch(inspectModeSet(mode))}
          options={[
            { value: 'hosted', label: 'Stately inspector (hosted, needs the internet)' },
            { value: 'local', label: 'Built-in flow inspector' },
          ]}
        />
      ) : null}
    </form>
  );
}

/** The preferences button of the top bar. */
