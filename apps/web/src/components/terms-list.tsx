import { List, Loader, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from '../i18n/react';

/**
 * The five terms, shown both in the sign-up modal and on /terms: the contract's TERMS, in the
 * reader's language (a unit test keeps the English catalog word for word with the contract).
 * Their catalog loads on first use; it suspends here, not the sign-up form around the modal.
 */
export function TermsList() {
  return (
    <Suspense fallback={<Loader size="sm" aria-hidden="true" />}>
      <Terms />
    </Suspense>
  );
}

function Terms() {
  const { t } = useTranslation('pages');
  const terms = t('terms.list', { returnObjects: true });
  return (
    <List type="ordered" spacing="md">
      {terms.map((term) => (
        <List.Item key={term.title}>
          <Text fw={700} component="span">
            {t('terms.termTitle', { title: term.title })}
          </Text>{' '}
          {term.text}
        </List.Item>
      ))}
    </List>
  );
}
