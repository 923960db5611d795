import { ConfirmPickupInputSchema } from '@annadaan/contract/requests';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify';

/**
 * The state of a pickup-code field. `validCode()` gives the code to send, or null after showing why
 * it cannot be sent: empty gets the screen's own spec message, and a code that is not 6 digits
 * (the contract's one other rule) gets `formatMessage`, caught here rather than spending one of
 * the 5 allowed wrong entries. Both come in the reader's language.
 */
export function usePickupCodeField(emptyMessage: string, formatMessage: string) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const validCode = (): string | null => {
    const parsed = ConfirmPickupInputSchema.safeParse({ pickupCode: code });
    if (parsed.success) return parsed.data.pickupCode;
    const message = code.trim() ? formatMessage : emptyMessage;
    notifyError(message);
    setError(message);
    return null;
  };

  const inputProps = {
    value: code,
    error,
    onValueChange: (value: string) => {
      setCode(value);
      setError(null);
    },
  };
  return { validCode, setError, inputProps };
}

/** The field where a donor types the receiver's 6-digit pickup code. */
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
