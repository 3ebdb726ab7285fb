import type { OverlayToaster as OverlayToasterClass, Toaster, ToastProps } from '@blueprintjs/core';
import { Intent, Position, Spinner, SpinnerSize } from '@blueprintjs/core';
import type { MouseEvent, ReactNode } from 'react';
import { loadOnce } from '../lib/loadOnce';
import { isPlainClick } from './plainClick';

/** How long success, error and info toasts stay. Loading toasts stay until replaced. */
export const TOAST_TIMEOUT_MS = 5_000;

export type ToastKind = 'success' | 'error' | 'info' | 'loading';

let toaster: Promise<Toaster> | undefined;

/**
 * The toaster's code (Blueprint's toaster and toast), loaded with the first toast so that a
 * page's first load does not carry it.
 */
export const loadToasterCode = loadOnce(() => import('./overlayToaster'));

function createToaster({ OverlayToaster }: { OverlayToaster: typeof OverlayToasterClass }) {
  return OverlayToaster.create({ position: Position.BOTTOM_RIGHT, maxToasts: 5 });
}

/**
 * The console's one toaster, at the bottom right, created on first use (at once when its code
 * has loaded, else once it has; when the code fails to load, the next toast tries again).
 */
export function getToaster(): Promise<Toaster> {
  const code = loadToasterCode.now();
  toaster ??= code
    ? createToaster(code)
    : loadToasterCode().then(createToaster, (error: unknown) => {
        toaster = undefined;
        throw error;
      });
  return toaster;
}

/** The Blueprint props of a toast of each kind. */
export function toastProps(kind: ToastKind, message: ReactNode): ToastProps {
  switch (kind) {
    case 'success':
      return { message, intent: Intent.SUCCESS, icon: 'tick-circle', timeout: TOAST_TIMEOUT_MS };
    case 'error':
      return { message, intent: Intent.DANGER, icon: 'error', timeout: TOAST_TIMEOUT_MS };
    case 'info':
      return { message, intent: Intent.PRIMARY, icon: 'info-sign', timeout: TOAST_TIMEOUT_MS };
    case 'loading':
      return {
        message,
        icon: <Spinner size={SpinnerSize.SMALL} aria-label="Loading" />,
        timeout: 0,
        isCloseButtonShown: false,
      };
  }
}

/**
 * Shows a toast and gives its key. Passing the key of a shown toast replaces it: a loading
 * toast becomes the success or error toast of the same operation.
 */
export async function showToast(kind: ToastKind, message: ReactNode, key?: string) {
  const instance = await getToaster();
  return instance.show(toastProps(kind, message), key);
}

export const toastSuccess = (message: ReactNode, key?: string) =>
  showToast('success', message, key);

/** A button in a toast that opens an address inside the console ("Open incident"). */
export interface ToastLink {
  text: string;
  href: string;
}

/**
 * The Blueprint action of a toast's link: an anchor to `href` (a new tab works as usual) whose
 * plain click is handed to `open`, the router's `navigate` (the toaster renders outside the
 * router). The toast is dismissed after the click.
 */
export function toastLinkAction(
  link: ToastLink,
  open: (href: string) => void,
): ToastProps['action'] {
  return {
    text: link.text,
    href: link.href,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      open(link.href);
    },
  };
}

/** Shows a toast with a button that opens a console address; gives its key. */
export async function showToastWithLink(
  kind: ToastKind,
  message: ReactNode,
  link: ToastLink,
  open: (href: string) => void,
  key?: string,
) {
  const instance = await getToaster();
  return instance.show({ ...toastProps(kind, message), action: toastLinkAction(link, open) }, key);
}
export const toastError = (message: ReactNode, key?: string) => showToast('error', message, key);
export const toastInfo = (message: ReactNode, key?: string) => showToast('info', message, key);
/** A toast with a spinner, without a close button, until replaced by its key or dismissed. */
export const toastLoading = (message: ReactNode, key?: string) =>
  showToast('loading', message, key);

export async function dismissToast(key: string): Promise<void> {
  (await getToaster()).dismiss(key);
}

/** Removes every toast (sign-out, tests). */
export async function clearToasts(): Promise<void> {
  if (toaster) (await toaster).clear();
}
