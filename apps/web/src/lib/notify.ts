/*
 * The spec's alerts become toasts (Mantine renders each with role="alert", so screen readers
 * announce them). Failures stay longer: people need time to read what went wrong.
 *
 * At most one error toast is on screen: a new failure replaces the last one, and any success
 * (a success toast, or any mutation that succeeds, see app.tsx) takes it away, so a stale
 * error never sits beside a result that worked (issue 11). Errors about a form field are not
 * toasts at all: lib/form-errors puts them next to the field.
 */
import { i18n } from '../i18n/i18n';
import { OFFLINE_MESSAGE } from './api-client';
import { codeText } from './error-message';

// Mantine's close button has no accessible name of its own; named in the language shown when the toast opens.
const closeButtonProps = () => ({ 'aria-label': i18n.t('closeNotification', { ns: 'common' }) });
const ERROR_ID = 'error';

type Notifications = (typeof import('@mantine/notifications'))['notifications'];

/** Whether any toast was raised on this page yet: the container mounts then, not before (app.tsx). */
let toastsRaised = false;
const toastListeners = new Set<() => void>();

export function subscribeToastsRaised(listener: () => void): () => void {
  toastListeners.add(listener);
  return () => toastListeners.delete(listener);
}

export function haveToastsBeenRaised(): boolean {
  return toastsRaised;
}

/**
 * Loaded on first use, like the toast container, so no first screen carries the toast code. The
 * first toast also mounts the container: until a page has something to say, it holds no toast
 * code and its first screen does not mount one (a 70 ms task with the CPU slowed 4×, issue 18).
 */
function withNotifications(use: (notifications: Notifications) => void, shows = true) {
  void import('@mantine/notifications').then(({ notifications }) => {
    use(notifications);
    if (shows && !toastsRaised) {
      toastsRaised = true;
      for (const listener of toastListeners) listener();
    }
  });
}

export function notifySuccess(message: string) {
  withNotifications((notifications) => {
    notifications.hide(ERROR_ID);
    notifications.show({ message, color: 'green', autoClose: 5_000, closeButtonProps: closeButtonProps() });
  });
}

/** News from the live stream (a request arrived, an accept): a title and a line, gone after 8 s. */
export function notifyInfo(title: string, message: string) {
  withNotifications((notifications) => {
    // Under a title Mantine dims the message below the contrast people need; full text colour instead.
    notifications.show({
      title,
      message,
      color: 'green',
      autoClose: 8_000,
      closeButtonProps: closeButtonProps(),
      styles: { description: { color: 'var(--mantine-color-text)' } },
    });
  });
}

/**
 * A failure while the browser is offline is said as that (issue 18): "You are offline. This needs
 * a connection…" in place of the screen's own "Failed to …", which would leave people guessing.
 */
export function notifyError(message: string) {
  const shown = typeof navigator !== 'undefined' && navigator.onLine === false ? codeText('OFFLINE', OFFLINE_MESSAGE) : message;
  withNotifications((notifications) => {
    // Hidden first: show() with an id already on screen would be ignored, keeping the old text.
    notifications.hide(ERROR_ID);
    notifications.show({ id: ERROR_ID, message: shown, color: 'red', autoClose: 10_000, closeButtonProps: closeButtonProps() });
  });
}

/** Takes a failure toast away once its cause is gone (the next action worked). */
export function dismissError() {
  withNotifications((notifications) => notifications.hide(ERROR_ID), false);
}
