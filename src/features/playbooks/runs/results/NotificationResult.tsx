import type { NotificationOutput } from '../model/results';

/** The message a notification action sent. */
export function NotificationResult({ output }: { output: NotificationOutput }) {
  return (
    <figure className="mc-run-result mc-run-notification" aria-label="Sent notification">
      {output.title && <figcaption>{output.title}</figcaption>}
      <p>{output.message}</p>
    </figure>
  );
}
