import { List, Text } from '@mantine/core';
import { TERMS } from '@annadaan/contract/terms';

/** The five terms, shown both in the sign-up modal and on /terms. */
export function TermsList() {
  return (
    <List type="ordered" spacing="md">
      {TERMS.map((term) => (
        <List.Item key={term.title}>
          <Text fw={700} component="span">
            {term.title}.
          </Text>{' '}
          {term.text}
        </List.Item>
      ))}
    </List>
  );
}
