/**
 * A date and time field of the time range picker: Blueprint's DateInput3 with its calendar
 * (date-fns, react-day-picker; about 45 KB), in a chunk of its own that loads when the picker
 * opens.
 */
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import '@blueprintjs/datetime2/lib/css/blueprint-datetime2.css';
import { DateInput3 } from '@blueprintjs/datetime2';
import enUS from 'date-fns/locale/en-US';

export interface TimeRangeDateInputProps {
  id: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** date-fns pattern the field reads and writes. */
  format: string;
}

export default function TimeRangeDateInput({
  id,
  value,
  onChange,
  format,
}: TimeRangeDateInputProps) {
  return (
    <DateInput3
      value={value}
      onChange={onChange}
      timePrecision="minute"
      dateFnsFormat={format}
      locale={enUS}
      placeholder={format}
      inputProps={{ id }}
      fill
    />
  );
}
