import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/** Expects the confirmation that shows to ask `question`, and confirms it with Delete. */
export async function confirmDelete(user: ReturnType<typeof userEvent.setup>, question: string) {
  const confirm = await screen.findByRole('alertdialog');
  expect(confirm).toHaveTextContent(question);
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
}
