/**
 * The message of whatever an actor rejected with: the text it rejected with, or the `message` of
 * the error, when either says something; `fallback` otherwise. The console's actors reject with
 * errors whose `message` is already in the user's words.
 */
export function rejectionMessage(error: unknown, fallback: string): string {
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}
