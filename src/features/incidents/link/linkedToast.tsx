import type { ToastProps } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { paths } from '../../../shell/paths';
import { getToaster, toastProps } from '../../../ui/toaster';

/** How long the success toast stays (spec 002 §4.1). */
export const LINKED_TOAST_TIMEOUT_MS = 5_000;

/** The success toast's words, before the incident's link. */
export const LINKED_MESSAGE = 'Evidence linked to';

/** Opens an address inside the console (the router's `navigate`). */
export type OpenInConsole = (href: string) => void;

/** A plain click (no modifier, main button): the console opens the link itself. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The toast after a link: "Evidence linked to <incident>", the incident a link to
 * `/incidents/{id}`, for 5000 ms. The toaster renders outside the router, so the link is a
 * plain anchor whose plain click is handed to `open`; other clicks (new tab) work as usual.
 */
export function linkedToastProps(
  incidentId: string,
  title: string,
  open: OpenInConsole,
  dismiss: () => void = () => undefined,
): ToastProps {
  const href = paths.incident.getHref(incidentId);
  const message = (
    <>
      {LINKED_MESSAGE}{' '}
      <a
        href={href}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          dismiss();
          open(href);
        }}
      >
        {title.trim() || 'the incident'}
      </a>
    </>
  );
  return { ...toastProps('success', message), timeout: LINKED_TOAST_TIMEOUT_MS };
}

/** Shows the success toast of a link. */
export async function showLinkedToast(
  incidentId: string,
  title: string,
  open: OpenInConsole,
): Promise<void> {
  const toaster = await getToaster();
  const key = `incident-linked-${incidentId}`;
  toaster.show(
    linkedToastProps(incidentId, title, open, () => toaster.dismiss(key)),
    key,
  );
}
