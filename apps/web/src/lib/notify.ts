import { notifications } from '@mantine/notifications';

/*
 * The spec's alerts become toasts (Mantine renders each with role="alert", so screen readers
 * announce them). Failures stay longer: people need time to read what went wrong.
 */
// Mantine's close button has no accessible name of its own.
const closeButtonProps = { 'aria-label': 'Close notification' };

export function notifySuccess(message: string) {
  notifications.show({ message, color: 'green', autoClose: 5_000, closeButtonProps });
}

export function notifyError(message: string) {
  notifications.show({ message, color: 'red', autoClose: 10_000, closeButtonProps });
}
