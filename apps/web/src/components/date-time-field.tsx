import { TextInput, type TextInputProps } from '@mantine/core';

/** The value a DateTimeField holds: the device's wall-clock time, "YYYY-MM-DDTHH:mm" (dayjs format). */
export const DATE_TIME_FIELD_FORMAT = 'YYYY-MM-DDTHH:mm';

/**
 * The one date-and-time picker of every form (issue 29): the device's own, so a phone opens its
 * familiar wheel or calendar and a keyboard can type the time. Forms send the instant it stands
 * for (dayjs(value).toISOString()), so a phone set to another zone does not shift it.
 */
export function DateTimeField(props: Omit<TextInputProps, 'type'>) {
  return <TextInput type="datetime-local" {...props} />;
}
