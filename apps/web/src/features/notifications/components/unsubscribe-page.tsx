import { Alert, Anchor, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from '../../../i18n/react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { useConfirmUnsubscribe, useUnsubscribeLink } from '../api/preferences-api';

/**
 * Where an email's unsubscribe link leads. Opening it changes nothing (mail scanners open links);
 * the button does. No sign-in: the link's token allows this one change and nothing else.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useUnsubscribeLink(token);
  const confirm = useConfirmUnsubscribe();
  const done = confirm.data;

  return (
    <Container size="xs" py="xl" px="md">
      <Title order={1} mb="lg">
        {t('unsubscribe.title')}
      </Title>
      <Paper withBorder p="md" radius="md">
        {token === '' || link.isError ? (
          <Alert color="red" role="alert">
            {link.error instanceof ApiError && link.error.status === 400
              ? link.error.shownMessage
              : token === ''
                ? t('unsubscribe.invalid')
                : t('unsubscribe.checkFailed')}
          </Alert>
        ) : link.isPending ? (
          <Loader aria-label={t('unsubscribe.checking')} />
        ) : done ? (
          <Stack gap="sm">
            <Text role="status">{t('unsubscribe.done', { label: t(`kinds.${done.kind}.label`) })}</Text>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text>
              <Trans t={t} i18nKey="unsubscribe.ask" values={{ label: t(`kinds.${link.data.kind}.label`) }} components={{ strong: <strong /> }} />
            </Text>
            {link.data.email ? null : <Text size="sm">{t('unsubscribe.alreadyOff')}</Text>}
            {confirm.isError ? (
              <Alert color="red" role="alert">
                {confirm.error instanceof ApiError && confirm.error.status === 400 ? confirm.error.shownMessage : t('unsubscribe.failed')}
              </Alert>
            ) : null}
            <div>
              <Button onClick={() => confirm.mutate(token)} loading={confirm.isPending}>
                {t('unsubscribe.button')}
              </Button>
            </div>
          </Stack>
        )}
        <Text size="sm" mt="md">
          {t('unsubscribe.signedIn')}{' '}
          <Anchor component={Link} to={paths.notificationSettings}>
            {t('unsubscribe.allSettings')}
          </Anchor>
        </Text>
      </Paper>
    </Container>
  );
}
