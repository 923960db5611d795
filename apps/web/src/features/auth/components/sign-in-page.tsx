import { LoginInputSchema } from '@annadaan/contract/auth';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from '../../../i18n/react';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { serverMessage } from '../../../lib/api-client';
import { zodValidate } from '../../../lib/form-errors';
import { useSessionToken } from '../../../lib/use-session';
import { useLogin } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { PasswordField } from '../../../components/password-field';

/** Where RequireAuth said the visitor was going, if it is a path inside this app. */
function requestedPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  // Only same-app paths: "//host" would leave the site.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

export function SignInPage() {
  const { t } = useTranslation('auth');
  const token = useSessionToken();
  const location = useLocation();
  const loginMutation = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: zodValidate(LoginInputSchema),
    validateInputOnBlur: true,
    // The failure below the form goes once the person changes what they typed (issue 11).
    onValuesChange: () => loginMutation.reset(),
  });

  // Signed in (already, or just now): go where the visitor first asked, else home.
  if (token) return <Navigate to={requestedPath(location.state) ?? paths.home} replace />;

  const failure = loginMutation.error ? (serverMessage(loginMutation.error) ?? t('signIn.failed')) : null;

  return (
    <AuthCard title={t('signIn.title')}>
      <form noValidate onSubmit={form.onSubmit((values) => loginMutation.mutate(values))}>
        <Stack gap="md">
          <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordField label={t('fields.password')} autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              {t('signIn.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={loginMutation.isPending}>
            {t('signIn.submit')}
          </Button>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Text size="sm" ta="center">
            {t('signIn.newHere')}{' '}
            <Anchor component={Link} to={paths.signUp}>
              {t('signIn.signUp')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
