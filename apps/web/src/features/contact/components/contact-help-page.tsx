import { ContactInputSchema } from '@annadaan/contract/contact';
import { PORTION_RULE_DEFAULTS } from '@annadaan/contract/portions';
import { Button, Container, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from '../../../i18n/react';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { profileQuery } from '../../../lib/profile-api';
import { portionRulesQuery } from '../../../lib/portion-rules-api';
import { useFormat } from '../../../lib/locale-format';
import type { RouteData } from '../../../app/route-data';
import { useSessionToken } from '../../../lib/use-session';
import { useSendContactMessage } from '../api/contact-api';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** The fair-share rules' real figures, so the server's page says them too (issue 33). */
export const routeData: RouteData = (queryClient) => queryClient.prefetchQuery(portionRulesQuery());

/**
 * Issue 33: fair shares and the waitlist, said plainly with the server's own figures (GET
 * /api/portions/rules); the contract's defaults only if they cannot be read.
 */
function FairShareHelp() {
  const { t } = useTranslation('contact');
  const format = useFormat();
  const rules = useQuery(portionRulesQuery()).data ?? PORTION_RULE_DEFAULTS;
  return (
    <Paper withBorder p="md" radius="md" mt="lg" component="section" aria-labelledby="fair-share-heading" data-testid="fair-share-help">
      <Title order={2} size="h3" id="fair-share-heading" mb="xs">
        {t('fairShare.title')}
      </Title>
      <Stack gap="xs">
        <Text>
          <Trans t={t} i18nKey="fairShare.why" components={{ brand: <span translate="no" /> }} />
        </Text>
        <Text fw={600}>{t('fairShare.rule', { cap: format.number(rules.dailyCap), organisationCap: format.number(rules.organisationDailyCap) })}</Text>
        <Text>{t('fairShare.waitlist', { minutes: format.number(rules.offerMinutes) })}</Text>
        <Text>{t('fairShare.collect', { minutes: format.number(rules.collectMinutes) })}</Text>
        <Text>{t('fairShare.hold')}</Text>
      </Stack>
    </Paper>
  );
}

export function ContactHelpPage() {
  const { t } = useTranslation('contact');
  const token = useSessionToken();
  const profile = useQuery({ ...profileQuery(), enabled: Boolean(token) });
  const send = useSendContactMessage();
  const form = useForm({
    initialValues: { name: '', email: '', subject: '', message: '' },
    validate: zodValidate(ContactInputSchema),
  });

  // Signed-in people are known: fill in who they are once, leaving anything they typed alone.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !profile.data) return;
    prefilled.current = true;
    const current = form.getValues();
    form.setValues({ name: current.name || profile.data.fullName, email: current.email || profile.data.email });
  }, [profile.data, form]);

  const submit = form.onSubmit((values) => {
    send.mutate(values, {
      // The server's receipt says the same in English; the reader's language says it here.
      onSuccess: () => {
        notifySuccess(t('sent'));
        // Clear what was written, but keep who wrote it for a follow-up message.
        form.setValues({ subject: '', message: '' });
        form.resetDirty();
      },
      // The text stays in the form so nothing has to be typed twice.
      onError: (error) => {
        form.setErrors(serverFieldErrors(error, FIELDS));
        // A 4xx says what to change (too many messages, a bad field); a 5xx message is generic.
        const specific = error instanceof ApiError && error.status < 500 ? serverMessage(error) : null;
        notifyError(specific ?? t('sendFailed'));
      },
    });
  });

  return (
    <Container size="sm" py="xl" px="md">
      <Title order={1} mb="xs">
        {t('title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('intro')}
      </Text>
      <Paper withBorder p="md" radius="md">
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <TextInput label={t('name')} autoComplete="name" required {...form.getInputProps('name')} />
            <TextInput label={t('email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
            <TextInput label={t('subject')} required {...form.getInputProps('subject')} />
            <Textarea label={t('message')} required autosize minRows={5} {...form.getInputProps('message')} />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                {t('send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <FairShareHelp />
    </Container>
  );
}
