/** How long a run took (the console's one duration format). */
export { runDuration } from '../../../../lib/durations';

/** A status or health word for people: `healthy` → `Healthy`, `pending_approval` → `Pending approval`. */
export function statusWord(value: string | null | undefined): string {
  const text = (value ?? '').trim().replace(/_/g, ' ');
  return text === '' ? '' : text.charAt(0).toUpperCase() + text.slice(1);
}

/** External ids as a list: the backend sends an array (or, from older rows, one text). */
export function externalIds(value: readonly string[] | string | null | undefined): string[] {
  if (!value) return [];
  return (typeof value === 'string' ? [value] : [...value]).filter((id) => id !== '');
}
