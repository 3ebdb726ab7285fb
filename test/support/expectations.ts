import type { ByRoleMatcher } from '@testing-library/react';
import { within } from '@testing-library/react';

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
