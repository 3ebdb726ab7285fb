import { Classes } from '@blueprintjs/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { CLIPBOARD_MESSAGES, copyToClipboard } from '../../../src/ui/clipboard';
import {
  TOAST_TIMEOUT_MS,
  clearToasts,
  getToaster,
  loadToasterCode,
  toastError,
  toastLoading,
  toastSuccess,
} from '../../../src/ui/toaster';

/** The toast that holds this text. */
function toastOf(text: string): HTMLElement {
  const element = screen.getByText(text).closest<HTMLElement>(`.${Classes.TOAST}`);
  if (!element) throw new Error(`no toast around ${text}`);
  return element;
}

async function show(action: () => Promise<unknown>) {
  await act(async () => {
    await action();
  });
}

afterEach(async () => {
  await act(async () => {
    await clearToasts();
    jest.runOnlyPendingTimers();
  });
  jest.useRealTimers();
});

// The toaster mounts once (its code loaded first), with real timers; each test then runs on fake
// ones.
beforeAll(async () => {
  await loadToasterCode();
  let created: Promise<unknown> | undefined;
  act(() => {
    created = getToaster();
  });
  await created;
});
beforeEach(() => jest.useFakeTimers());

describe('toasts', () => {
  it('appear at the bottom right', async () => {
    await show(() => toastSuccess('Scope created'));
    const container = toastOf('Scope created').closest(`.${Classes.TOAST_CONTAINER}`);
    expect(container).toHaveClass(`${Classes.TOAST_CONTAINER}-bottom`);
    expect(container).toHaveClass(`${Classes.TOAST_CONTAINER}-right`);
    expect(toastOf('Scope created')).toHaveClass(Classes.INTENT_SUCCESS);
  });

  it.each([
    ['success', toastSuccess],
    ['error', toastError],
  ])('a %s toast goes after 5 seconds', async (_kind, toast) => {
    await show(() => toast('Scope updated'));
    act(() => jest.advanceTimersByTime(TOAST_TIMEOUT_MS - 10));
    expect(screen.getByText('Scope updated')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10));
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.queryByText('Scope updated')).toBeNull();
    expect(TOAST_TIMEOUT_MS).toBe(5_000);
  });

  it('can be dismissed', async () => {
    await show(() => toastError('Network Error. Please try again.'));
    const toast = toastOf('Network Error. Please try again.');
    expect(toast).toHaveClass(Classes.INTENT_DANGER);
    act(() => {
      fireEvent.click(toast.querySelector('button[aria-label="Close"]')!);
    });
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.queryByText('Network Error. Please try again.')).toBeNull();
  });

  it('stays while loading, without a close button, until replaced', async () => {
    let key = '';
    await show(async () => {
      key = await toastLoading('Saving scope');
    });
    const toast = toastOf('Saving scope');
    expect(toast.querySelector('button[aria-label="Close"]')).toBeNull();
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Saving scope')).toBeInTheDocument();

    await show(() => toastSuccess('Scope updated', key));
    expect(screen.queryByText('Saving scope')).toBeNull();
    expect(toastOf('Scope updated').querySelector('button[aria-label="Close"]')).not.toBeNull();
    act(() => jest.advanceTimersByTime(TOAST_TIMEOUT_MS));
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.queryByText('Scope updated')).toBeNull();
  });
});

describe('clipboard', () => {
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  const setClipboard = (value: unknown) =>
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value });
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else delete (navigator as { clipboard?: unknown }).clipboard;
  });

  it('copies and says so', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    let copied: boolean | undefined;
    await show(async () => {
      copied = await copyToClipboard('kubectl get canaries');
    });
    expect(copied).toBe(true);
    expect(writeText).toHaveBeenCalledWith('kubectl get canaries');
    expect(screen.getByText(CLIPBOARD_MESSAGES.copied)).toBeInTheDocument();
    expect(CLIPBOARD_MESSAGES.copied).toBe('Copied to clipboard');
  });

  it('uses a given success message', async () => {
    setClipboard({ writeText: jest.fn().mockResolvedValue(undefined) });
    await show(() => copyToClipboard('token', 'Token copied'));
    expect(screen.getByText('Token copied')).toBeInTheDocument();
  });

  it('says when there is no clipboard', async () => {
    setClipboard(undefined);
    let copied: boolean | undefined;
    await show(async () => {
      copied = await copyToClipboard('x');
    });
    expect(copied).toBe(false);
    expect(screen.getByText('Clipboard not available')).toBeInTheDocument();
  });

  it('says when the browser refuses the write', async () => {
    setClipboard({ writeText: jest.fn().mockRejectedValue(new DOMException('denied')) });
    let copied: boolean | undefined;
    await show(async () => {
      copied = await copyToClipboard('x');
    });
    expect(copied).toBe(false);
    expect(screen.getByText('Failed to copy to clipboard')).toBeInTheDocument();
  });
});
