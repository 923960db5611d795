import { normalizeIndianMobile } from '@annadaan/contract/common';
import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from '../i18n/react';

/**
 * A mobile number field with a visible +91 prefix: people type the 10 digits only. A number
 * typed or pasted with its country code ("+91 98765 43210", "09876543210") becomes the 10 digits
 * as it arrives, so the field never shows "+91 +91".
 */
export function PhoneInput({ onChange, ...props }: Omit<TextInputProps, 'type' | 'leftSection'>) {
  const { t } = useTranslation('auth');
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const national = withoutCountryCode(event.currentTarget.value);
    if (national !== null) event.currentTarget.value = national;
    onChange?.(event);
  };
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      leftSection={<span aria-hidden="true">+91</span>}
      leftSectionWidth={48}
      leftSectionPointerEvents="none"
      description={t('fields.phoneHint')}
      {...props}
      onChange={change}
    />
  );
}

/** The 10 digits of a whole number written with a country code or trunk 0; null for anything else, kept as typed. */
function withoutCountryCode(typed: string): string | null {
  const digits = typed.replace(/\D/g, '');
  const normalized = digits.length > 10 ? normalizeIndianMobile(typed) : null;
  return normalized ? normalized.slice(3) : null;
}

/** A number as the API returns it (the 10 digits; older answers had +91 first) as the field shows it. */
export function localMobileDigits(stored: string): string {
  return stored.startsWith('+91') ? stored.slice(3) : stored;
}
