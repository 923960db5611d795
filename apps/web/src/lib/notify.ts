import { notifications } from '@mantine/notifications';

/*
 * The spec's alerts become toasts (Mantine renders each with role="alert", so screen readers
 * announce them). Failures stay longer: people need time to read what went wrong.
 */
export function notifySuccess(message: string) {
  notifications.show({ message, color: 'green', autoClose: 5_000 });
}

export function notifyError(message: string) {
  notifications.show({ message, color: 'red', autoClose: 10_000 });
}
