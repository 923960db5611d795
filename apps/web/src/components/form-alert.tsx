import { Alert } from '@mantine/core';

/**
 * The one message a form shows about itself (a failed submit, a summary of what is missing),
 * beside its submit button rather than as a toast, so it is next to what caused it and goes
 * away with it (issue 11). Always rendered, so the live region exists before its text arrives.
 */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert">
      {message ? (
        <Alert color="red" variant="light" p="xs">
          {message}
        </Alert>
      ) : null}
    </div>
  );
}
