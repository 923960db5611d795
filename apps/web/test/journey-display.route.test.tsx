import { waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { label, renderRoute, useRouteTestServer } from './support/route-test';

/*
 * Issue 11, what the screens say when something fails: each error once, beside its cause, and
 * gone once the person corrects it or the next action works. (Moved from e2e/journey-display.spec.ts:
 * nothing here needs a browser. The browser keeps time left and photos, the location prompts, the
 * statistics drawing and the 360 px phone.)
 */
const server = useRouteTestServer();

/** Mantine's notifications (toasts), drawn outside the page's main part. */
const toasts = () => [...document.querySelectorAll('.mantine-Notification-root')].map((toast) => toast.textContent);

test('sign-up and sign-in show each error once, beside its cause, and clear it', async () => {
  const taken = await server.signUp('RECEIVER');
  const { screen, main, user, router } = await renderRoute('/');
  await user.click(within(await screen.findByRole('navigation', { name: 'Main' }, { timeout: 10_000 })).getByRole('link', { name: 'Sign Up' }));
  expect(await main().findByRole('heading', { name: 'Sign up', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  expect(document.title).toBe('Sign up · Annadaan');
  await user.type(main().getByLabelText(label('Full name')), 'Asha Verma');
  await user.type(main().getByRole('textbox', { name: label('Phone number') }), `98${String(Date.now()).slice(-8)}`);
  await user.type(main().getByLabelText(label('Email')), taken.email);
  await user.type(main().getByLabelText(label('Location')), 'Pune 411001');
  await user.type(main().getByLabelText(label('Password'), { selector: 'input' }), 'Monsoon-Lantern-77');
  await user.selectOptions(main().getByLabelText(label('Role')), 'RECEIVER');
  await user.click(main().getByLabelText(label('I accept the Terms and Conditions')));
  await user.click(main().getByRole('button', { name: 'Sign Up' }));

  // The spec's words, once, under the email that caused it: no toast saying it again.
  const message = 'Registration failed: This email is already registered.';
  expect(await main().findAllByText(message, undefined, { timeout: 10_000 })).toHaveLength(1);
  // The field's accessible description carries it (as Playwright's toHaveAccessibleDescription read it).
  const described = (main().getByLabelText(label('Email')).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
  expect(described).toContain(message);
  expect(toasts()).toHaveLength(0);
  await user.type(main().getByLabelText(label('Email')), 'x');
  await waitFor(() => expect(main().queryByText(message)).toBeNull());

  // Sign-in's failure goes as soon as the person corrects what they typed.
  await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Sign In' }));
  expect(await main().findByRole('heading', { name: 'Sign in', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/signin');
  await user.type(main().getByLabelText(label('Email')), taken.email);
  const password = main().getByLabelText(label('Password'), { selector: 'input' });
  await user.type(password, 'Not-the-right-one-42');
  await user.click(main().getByRole('button', { name: 'Login' }));
  expect(await main().findByRole('alert', undefined, { timeout: 10_000 })).toBeTruthy();
  expect(main().getByRole('alert').textContent).toBe('Invalid email or password.');
  expect(toasts()).toHaveLength(0);
  await user.clear(password);
  await user.type(password, taken.password);
  await waitFor(() => expect(main().queryByRole('alert')).toBeNull());
});

test('a failure toast goes away once the next action works', async () => {
  const person = await server.signUp('RECEIVER');
  const { screen, main, user } = await renderRoute('/', { as: person });
  await user.click(within(await screen.findByRole('banner', undefined, { timeout: 10_000 })).getByRole('link', { name: 'Profile' }));
  const name = await main().findByLabelText(label('Full name'), undefined, { timeout: 10_000 });
  await waitFor(() => expect((name as HTMLInputElement).value).toBe(person.fullName));

  // The first save fails on the way (the network drops), the second works.
  server.intercept('/api/user/update-profile', () => Promise.reject(new TypeError('Failed to fetch')), { times: 1 });
  await user.clear(name);
  await user.type(name, 'Ravi Kumar Rao');
  const save = main().getByRole('button', { name: 'Save' });
  await user.click(save);
  expect(await screen.findByText('Failed to update profile. Please try again.', undefined, { timeout: 10_000 })).toBeTruthy();
  await user.click(save);
  expect(await screen.findByText('Profile updated successfully!', undefined, { timeout: 10_000 })).toBeTruthy();
  // The failure no longer stands beside a result that worked (it used to stay for 10 s).
  await waitFor(() => expect(screen.queryByText('Failed to update profile. Please try again.')).toBeNull());
});

test('the request form shows a failure once, beside its cause', async () => {
  const receiver = await server.signUp('RECEIVER');
  const { screen, main, user } = await renderRoute('/', { as: receiver });
  await user.click(within(await screen.findByRole('navigation', { name: 'Main' }, { timeout: 10_000 })).getByRole('link', { name: 'Home' }));
  await user.click(await main().findByRole('link', { name: 'Post a Food Need' }, { timeout: 10_000 }));
  expect((await main().findByTestId('request-person', undefined, { timeout: 10_000 })).textContent).toContain(receiver.fullName);
  await user.click(main().getByRole('button', { name: 'Next >>' }));
  await user.type(await main().findByLabelText(label('Number of people')), '6');
  await user.type(main().getByLabelText(label('Food description')), 'Dal and rice');

  // A field the server blames: the message on that field, nothing else.
  const blamed = 'The request must stay open until a time in the future.';
  const stop = server.intercept('/api/food-requests/create', async () =>
    Response.json({ message: 'Invalid input.', code: 'VALIDATION_ERROR', fieldErrors: { requestExpiryTime: blamed } }, { status: 400 }),
  );
  await user.click(main().getByRole('button', { name: 'Submit Request' }));
  expect(await main().findAllByText(blamed, undefined, { timeout: 10_000 })).toHaveLength(1);
  expect(main().queryByText('Failed to submit request.')).toBeNull();
  expect(toasts()).toHaveLength(0);
  stop();

  // No field to blame (the server is down): the spec's words once, beside the button; gone on the next edit.
  server.intercept('/api/food-requests/create', async () => Response.json({ message: 'Service unavailable.', code: 'UNAVAILABLE' }, { status: 503 }));
  await user.click(main().getByRole('button', { name: 'Submit Request' }));
  expect(await main().findAllByText('Failed to submit request.', undefined, { timeout: 10_000 })).toHaveLength(1);
  expect(toasts()).toHaveLength(0);
  await user.type(main().getByLabelText(label('Food description')), ', curd');
  await waitFor(() => expect(main().queryByText('Failed to submit request.')).toBeNull());
});
