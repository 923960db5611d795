import { TextInput, type TextInputProps } from '@mantine/core';

/** The field where a donor types the receiver's 6-digit pickup code; typing clears the last error. */
export function PickupCodeInput({
  value,
  onValueChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onValueChange: (value: string) => void }) {
  return (
    <TextInput
      {...props}
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={12}
    />
  );
}
