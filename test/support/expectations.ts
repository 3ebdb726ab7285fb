import type { ByRoleMatcher } from '@testing-library/react';
import { screen, waitFor, within } from '@testing-library/react';

/**
 * Expects the elements of `role` in `container`, each named by a key of `values`, to have
 * `attribute` set to that key's value: e.g. which states of a chart are covered, which radio
 * of a group is checked.
 */
export function expectAttribute(
  container: HTMLElement,
  role: ByRoleMatcher,
  attribute: string,
  values: Record<string, string>,
) {
  for (const [name, value] of Object.entries(values)) {
    expect(within(container).getByRole(role, { name })).toHaveAttribute(attribute, value);
  }
}

/** Expects the one alert shown to say what failed (`title`) and why (`reason`); returns it. */
export function expectAlert(title: string, reason: string) {
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent(title);
  expect(alert).toHaveTextContent(reason);
  return alert;
}

/** Waits until `table` has received exactly one write and returns it. */
export async function onlyWrite<W>(table: { readonly writes: readonly W[] }): Promise<W> {
  await waitFor(() => expect(table.writes).toHaveLength(1));
  return table.writes[0] as W;
}
