import { ContactInputSchema } from '@annadaan/contract/contact';
import { Button, Container, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { profileQuery } from '../../../lib/profile-api';
import { useSessionToken } from '../../../lib/use-session';
import { useSendContactMessage } from '../api/contact-api';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
const SEND_FAILED = 'Failed to send your message. Please try again.';

export function ContactHelpPage() {
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
      onSuccess: (receipt) => {
        notifySuccess(receipt.message);
        // Clear what was written, but keep who wrote it for a follow-up message.
        form.setValues({ subject: '', message: '' });
        form.resetDirty();
      },
      // The text stays in the form so nothing has to be typed twice.
      onError: (error) => {
        form.setErrors(serverFieldErrors(error, FIELDS));
        // A 4xx says what to change (too many messages, a bad field); a 5xx message is generic.
        const specific = error instanceof ApiError && error.status < 500 ? error.serverMessage : null;
        notifyError(specific ?? SEND_FAILED);
      },
    });
  });

  return (
    <Container size="sm" py="xl" px="md">
      <Title order={1} mb="xs">
        Contact &amp; Help
      </Title>
      <Text c="dimmed" mb="lg">
        Questions, problems with a pickup, or ideas: write to us and we will reply by email.
      </Text>
      <Paper withBorder p="md" radius="md">
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
            <TextInput label="Subject" required {...form.getInputProps('subject')} />
            <Textarea label="Message" required autosize minRows={5} {...form.getInputProps('message')} />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                Send Message
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
