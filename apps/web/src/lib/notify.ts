/*
 * The spec's alerts become toasts (Mantine renders each with role="alert", so screen readers
 * announce them). Failures stay longer: people need time to read what went wrong.
 */
// Mantine's close button has no accessible name of its own.
const closeButtonProps = { 'aria-label': 'Close notification' };

/** Loaded on first use, like the toast container, so no first screen carries the toast code. */
function show(options: { message: string; color: string; autoClose: number }) {
  void import('@mantine/notifications').then(({ notifications }) => notifications.show({ ...options, closeButtonProps }));
}

export function notifySuccess(message: string) {
  show({ message, color: 'green', autoClose: 5_000 });
}

export function notifyError(message: string) {
  show({ message, color: 'red', autoClose: 10_000 });
}
