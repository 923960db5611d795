import { notifications } from '@mantine/notifications';

/**
 * The spec's alerts, shown as toasts with the exact text (never window.alert, which blocks the
 * page and cannot be styled or read by screen readers as a live region).
 */
export function notifySuccess(message: string) {
  notifications.show({ message, color: 'green', autoClose: 4000 });
}

export function notifyError(message: string) {
  notifications.show({ message, color: 'red', autoClose: 6000 });
}
