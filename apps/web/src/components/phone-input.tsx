import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A mobile number field with a visible +91 prefix: people type the 10 digits only. The contract's
 * PhoneSchema also accepts a pasted +91 number, so nothing is lost either way.
 */
export function PhoneInput(props: Omit<TextInputProps, 'type' | 'leftSection'>) {
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      leftSection={<span aria-hidden="true">+91</span>}
      leftSectionWidth={48}
      leftSectionPointerEvents="none"
      description="India (+91): 10 digits starting with 6, 7, 8 or 9"
      {...props}
    />
  );
}

/** The stored form +91XXXXXXXXXX as the 10 digits the field shows next to its prefix. */
export function localMobileDigits(stored: string): string {
  return stored.startsWith('+91') ? stored.slice(3) : stored;
}
