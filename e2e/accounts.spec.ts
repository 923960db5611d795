import { expectAccessible, newPassword, newUser, signIn, toast } from './support/accounts';
import { expect, test } from './support/test';

test('a donor signs up, keeps the session, signs out and in, edits the profile and changes the password', async ({ page }) => {
  const user = newUser();
  const banner = page.getByRole('banner');
  const main = page.getByRole('main');

  await test.step('sign up as a donor with an FSSAI licence', async () => {
    await page.goto('/signup');
    await main.getByLabel('Full name').fill(user.fullName);
    await main.getByLabel('Phone number').fill(user.phone);
    await main.getByLabel('Email').fill(user.email);
    await main.getByLabel('Location').fill(user.location);
    await main.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await main.getByLabel('Role').selectOption({ label: 'Donor' });
    await main.getByRole('radio', { name: 'Yes' }).check();
    await main.getByLabel('FSSAI License Number').fill('12345678901234');
    await main.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
    await main.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, 'Registration successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/home2$/);
    await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  await test.step('a reload keeps the session', async () => {
    await page.reload();
    await expect(page).toHaveURL(/\/home2$/);
    await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  await test.step('logout clears the session and goes to /', async () => {
    await banner.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => [sessionStorage.getItem('token'), sessionStorage.getItem('role')])).toEqual([null, null]);
  });

  await test.step('a protected route sends the visitor to /signin and back after signing in', async () => {
    await page.goto('/Profile');
    await expect(page).toHaveURL(/\/signin$/);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/Profile$/);
    await expect(main.getByLabel('Email')).toHaveValue(user.email);
    await expect(main.getByLabel('Email')).toHaveJSProperty('readOnly', true);
    await expect(main.getByText('SMS alerts activation')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expectAccessible(page);
  });

  await test.step('a profile edit persists after a reload; a new phone number needs the password', async () => {
    await main.getByLabel('Full name').fill('Asha Verma Kulkarni');
    // Pasted with its country code, the number shows beside the field's +91 as the 10 digits only.
    await main.getByLabel('Phone number').fill('+91 98220 01122');
    await expect(main.getByLabel('Phone number')).toHaveValue('9822001122');
    await main.getByLabel('Location').fill('Nashik 422001');
    await main.getByRole('button', { name: 'Save' }).click();
    const confirm = main.getByLabel('Your password');
    await expect(main.getByText('Enter your current password to change your phone number.')).toBeVisible();
    await confirm.fill('not-my-password-1');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByText('Your current password is not correct.')).toBeVisible();
    await confirm.fill(user.password);
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated successfully!')).toBeVisible();
    await page.reload();
    await expect(main.getByLabel('Full name')).toHaveValue('Asha Verma Kulkarni');
    await expect(main.getByLabel('Phone number')).toHaveValue('9822001122');
    await expect(main.getByLabel('Location')).toHaveValue('Nashik 422001');
  });

  const changed = newPassword();
  await test.step('a wrong current password is refused', async () => {
    await main.getByLabel('Current password').fill('not-my-password-1');
    await main.getByRole('textbox', { name: 'New password', exact: true }).fill(changed);
    await main.getByRole('button', { name: 'Update password' }).click();
    await expect(toast(page, 'Failed to change password. Please try again.')).toBeVisible();
    await expect(main.getByText('Your current password is not correct.')).toBeVisible();
  });

  await test.step('change the password; the fields are cleared', async () => {
    await main.getByLabel('Current password').fill(user.password);
    await main.getByRole('textbox', { name: 'New password', exact: true }).fill(changed);
    await main.getByRole('button', { name: 'Update password' }).click();
    await expect(toast(page, 'Password updated successfully!')).toBeVisible();
    await expect(main.getByLabel('Current password')).toHaveValue('');
    await expect(main.getByRole('textbox', { name: 'New password', exact: true })).toHaveValue('');
  });

  await test.step('sign out; the old password fails and the new one works', async () => {
    await banner.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await banner.getByRole('link', { name: 'Sign In' }).click();
    await signIn(page, user.email, user.password);
    await expect(main.getByRole('alert')).toHaveText('Invalid email or password.');
    await signIn(page, user.email, changed);
    await expect(page).toHaveURL(/\/home2$/);
  });

  await test.step('a signed-in visitor of /signin goes to /home2', async () => {
    await page.goto('/signin');
    await expect(page).toHaveURL(/\/home2$/);
  });
});

test('sign-up: the button stays disabled until the terms are accepted, and the terms open in a dialog', async ({ page }) => {
  await page.goto('/signup');
  const main = page.getByRole('main');
  const signUp = main.getByRole('button', { name: 'Sign Up' });
  const terms = main.getByRole('checkbox', { name: 'I accept the Terms and Conditions' });
  await expect(signUp).toBeDisabled();
  await expectAccessible(page);

  await main.getByRole('button', { name: 'Read the Terms and Conditions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(dialog.getByRole('listitem')).toHaveCount(5);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(signUp).toBeDisabled();

  await terms.check();
  await expect(signUp).toBeEnabled();
  await terms.uncheck();
  await expect(signUp).toBeDisabled();

  // Accepting from the dialog ticks the box too.
  await main.getByRole('button', { name: 'Read the Terms and Conditions' }).click();
  await dialog.getByRole('button', { name: 'Accept terms' }).click();
  await expect(terms).toBeChecked();
  await expect(signUp).toBeEnabled();
});

test('sign-up: a receiver has no licence question, and a taken email is reported', async ({ page, request }) => {
  const user = newUser();
  const first = await request.post('/api/auth/register', {
    data: { fullName: user.fullName, contactNumber: user.phone, email: user.email, password: user.password, location: user.location },
  });
  expect(first.status()).toBe(201);

  await page.goto('/signup');
  const main = page.getByRole('main');
  await main.getByLabel('Role').selectOption({ label: 'Receiver' });
  await expect(main.getByRole('radiogroup', { name: 'Do you have an FSSAI License?' })).toBeHidden();
  await main.getByLabel('Full name').fill('Ravi Kumar');
  await main.getByLabel('Phone number').fill('8123456789');
  await main.getByLabel('Email').fill(user.email);
  await main.getByLabel('Location').fill('Chennai 600001');
  await main.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword());
  await main.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
  await main.getByRole('button', { name: 'Sign Up' }).click();
  // Once, under the email that caused it (issue 11), not also as a toast.
  await expect(main.getByText('Registration failed: This email is already registered.')).toHaveCount(1);
  await expect(main.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/signup$/);
});

test('sign-in: a wrong password shows the message below the form; keyboard alone signs in', async ({ page, request }) => {
  const user = newUser();
  const created = await request.post('/api/auth/register', {
    data: { fullName: user.fullName, contactNumber: user.phone, email: user.email, password: user.password, location: user.location, role: 'RECEIVER' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/signin');
  await expectAccessible(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Login' }).click();
  await expect(main.getByText('Enter a valid email address.')).toBeVisible();
  await expect(main.getByText('Enter your password.')).toBeVisible();
  // Error texts must stay readable too.
  await expectAccessible(page);

  await signIn(page, user.email, 'wrong-password-123');
  await expect(main.getByRole('alert')).toHaveText('Invalid email or password.');
  await expectAccessible(page);

  const password = page.getByRole('main').getByRole('textbox', { name: 'Password', exact: true });
  await password.fill(user.password);
  await password.press('Enter');
  await expect(page).toHaveURL(/\/home2$/);
});
