import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';

/** The next steps an empty list offers, each worded in the common catalog's `emptyState`. */
export type EmptyStateAction = 'donate' | 'browse' | 'postNeed';

interface Props {
  /** The list's empty text: the spec's own words where it gives them. */
  message: string;
  /** What to do next and where that is, e.g. "Donate food" to the donate form. */
  action?: { kind: EmptyStateAction; to: string };
  /** `status` where the text replaces a loading message, so screen readers hear that the list is empty. */
  role?: 'status';
}

/**
 * An empty list: a small drawing of an empty plate, the list's text and one next step. The drawing
 * is decorative and sized up front, so the text does not move when it arrives.
 */
export function EmptyState({ message, action, role }: Props) {
  const { t } = useTranslation('common');
  return (
    <Stack align="center" gap="sm" py="lg" data-empty-state>
      <img src="/illustrations/empty-plate.svg" alt="" width={160} height={100} decoding="async" />
      <Text role={role} ta="center" fw={500}>
        {message}
      </Text>
      {action ? (
        <Button component={Link} to={action.to} variant="light">
          {t(`emptyState.${action.kind}`)}
        </Button>
      ) : null}
    </Stack>
  );
}
