import { expectAccessible } from './support/accounts';
import { registerPerson, useSession } from './support/scenario';
import { expect, test } from './support/test';

test('the request food form: details from the profile, two steps, messages per field, submitting and the result', async ({ page, request }) => {
  const person = await registerPerson(request, 'RECEIVER', { location: 'Aundh, Pune 411007' });
  await useSession(page, person);
  const main = page.getByRole('main');
  await page.goto('/RequestForm');

  await test.step("step 1 shows the profile's details as facts and checks the pin code before moving on", async () => {
    await expect(main.getByRole('heading', { name: 'Step 1 of 2: Your details' })).toBeVisible();
    const facts = main.getByTestId('request-person');
    await expect(facts).toContainText(person.fullName);
    await expect(facts).toContainText(person.email);
    await expect(facts).toContainText(`+91 ${person.phone}`);
    await expect(main.getByRole('link', { name: 'Change these on your profile' })).toHaveAttribute('href', '/Profile');
    await expect(main.getByLabel('Location')).toHaveValue('Aundh, Pune 411007');
    await expectAccessible(page);
    await main.getByLabel('Location').fill('Aundh, Pune');
    await main.getByRole('button', { name: 'Next >>' }).click();
    await expect(
      main.getByText('Add the 6-digit pin code to your location, for example "Aundh, Pune 411007": donors nearby find requests by pin code.'),
    ).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Step 1 of 2: Your details' })).toBeVisible();
    await main.getByLabel('Location').fill('Aundh, Pune 411007');
    await main.getByRole('button', { name: 'Next >>' }).click();
  });

  await test.step('step 2 has its defaults and no way back', async () => {
    await expect(main.getByRole('heading', { name: 'Step 2 of 2: Request details' })).toBeFocused();
    await expect(main.getByRole('button', { name: /back/i })).toHaveCount(0);
    await expect(main.getByLabel('Number of people')).toHaveValue('1');
    // No Cash at ₹0: free food, and no price or payment asked until the person says they can pay.
    await expect(main.getByRole('radio', { name: 'No, I am asking for free food' })).toBeChecked();
    await expect(main.getByLabel('Payment method')).toHaveCount(0);
    await expectAccessible(page);
    await main.getByLabel('Number of people').fill('0');
    await main.getByRole('button', { name: 'Submit Request' }).click();
    await expect(main.getByText('Enter the number of people, a whole number from 1 to 1000.')).toBeVisible();
  });

  await test.step("the server's field errors land on their fields, and only there", async () => {
    await main.getByLabel('Number of people').fill('6');
    await page.route('**/api/food-requests/create', (route) =>
      route.fulfill({
        status: 400,
        json: { message: 'Invalid input.', code: 'VALIDATION', fieldErrors: { requestExpiryTime: 'The request must stay open until a time in the future.' } },
      }),
    );
    await main.getByRole('button', { name: 'Submit Request' }).click();
    await expect(main.getByText('The request must stay open until a time in the future.')).toBeVisible();
    await expect(main.getByText('Failed to submit request.')).toHaveCount(0);
    await page.unroute('**/api/food-requests/create');
  });

  await test.step("'Submitting...' and disabled while in flight, then the result screen", async () => {
    // The food type is free text, as the earlier client asked for it.
    await main.getByRole('textbox', { name: 'Food Type (e.g. Rice)' }).fill('Rice and dal');
    await main.getByLabel('Food description').fill('Dal and rice for a family gathering');
    let releaseRequest: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (releaseRequest = resolve));
    await page.route('**/api/food-requests/create', async (route) => {
      await held;
      await route.continue();
    });
    const sent = page.waitForRequest((sentRequest) => sentRequest.url().endsWith('/api/food-requests/create'));
    await main.getByRole('button', { name: 'Submit Request' }).click();
    const busy = main.getByRole('button', { name: 'Submitting...' });
    await expect(busy).toBeDisabled();
    releaseRequest();
    // Free food is recorded as such: ₹0 and no payment method.
    expect((await sent).postDataJSON()).toMatchObject({ offerPrice: 0, paymentMethod: 'NOT_APPLICABLE', fullName: person.fullName, email: person.email });
    await expect(main.getByRole('heading', { name: 'Your request is posted' })).toBeVisible();
    await expect(main.getByText('Food request submitted successfully!')).toBeVisible();
    await expect(main.getByTestId('posted-need')).toContainText('Rice and dal for 6 people');
  });

  await test.step('the need is on the dashboard', async () => {
    await page.goto('/dashboard?tab=food-requests');
    const row = page.getByRole('table', { name: 'My food requests' }).locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row.locator('td').nth(0)).toHaveText('Rice and dal');
    await expect(row.locator('td').nth(1)).toHaveText('6');
    await expect(row).toContainText('Aundh, Pune 411007');
  });
});
