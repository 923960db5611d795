import { LoginInputSchema } from '@annadaan/contract/auth';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { serverMessage } from '../../../lib/api-client';
import { zodValidate } from '../../../lib/form-errors';
import { useSessionToken } from '../../../lib/use-session';
import { useLogin } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { PasswordField } from '../../../components/password-field';

const FALLBACK_MESSAGE = 'Invalid email or password. Please try again.';

/** Where RequireAuth said the visitor was going, if it is a path inside this app. */
function requestedPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  // Only same-app paths: "//host" would leave the site.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

export function SignInPage() {
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

  const failure = loginMutation.error ? (serverMessage(loginMutation.error) ?? FALLBACK_MESSAGE) : null;

  return (
    <AuthCard title="Sign in">
      <form noValidate onSubmit={form.onSubmit((values) => loginMutation.mutate(values))}>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordField label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              Forgot Password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={loginMutation.isPending}>
            Login
          </Button>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Text size="sm" ta="center">
            New to Annadaan?{' '}
            <Anchor component={Link} to={paths.signUp}>
              Sign Up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
