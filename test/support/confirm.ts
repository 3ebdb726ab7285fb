import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/** Confirms the confirmation that shows with Delete; when given, expects it to ask `question`. */
export async function confirmDelete(user: ReturnType<typeof userEvent.setup>, question?: string) {
  const confirm = await screen.findByRole('alertdialog');
  if (question !== undefined) expect(confirm).toHaveTextContent(question);
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
}
