import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from '../i18n/react';

/**
 * A password input whose show/hide toggle is a real button: Mantine's default toggle is taken out
 * of the tab order and hidden from screen readers, which leaves keyboard users without it.
 */
export function PasswordField(props: Omit<PasswordInputProps, 'visible' | 'onVisibilityChange' | 'visibilityToggleButtonProps'>) {
  const { t } = useTranslation('auth');
  const [visible, { toggle }] = useDisclosure(false);
  return (
    <PasswordInput
      visible={visible}
      onVisibilityChange={toggle}
      visibilityToggleButtonProps={{ tabIndex: 0, 'aria-label': t('fields.showPassword'), 'aria-pressed': visible }}
      {...props}
    />
  );
}
