import { type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible, toast } from './support/accounts';
import { createAdmin } from './support/admin';
import { DEVICES, devicePage, mainNav } from './support/devices';
import { expectNoTruncationOrSideScroll } from './support/layout';
import { type Person, registerPerson, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 32: "Please deliver" becomes a run a volunteer claims, picks up and delivers. Three
 * people in three browsers on 360 × 740 phones (the donor, the receiver who asks for delivery, the
 * volunteer), each seeing the steps as they happen; and applying to volunteer, by clicking, with
 * an admin's approval.
 */

const PHONE = DEVICES[1];
const PICKUP = '7 FC Road, Shivajinagar, Pune 411004';
const PICKUP_POINT = '18.5236,73.8478';
const DROPOFF = 'Night shelter, Lane 3, Kothrud, Pune 411038';
const ANSWERS: Record<string, string> = {
  'At what temperature must hot cooked food stay while you carry it?': 'Above 60 °C',
  'Within how long of cooking must cooked food at room temperature be eaten?': 'Within 4 hours',
  'Below what temperature must chilled food stay?': 'Below 5 °C',
  'How do you carry veg and non-veg food on the same trip?': 'In separate closed containers',
  'What must your carrier be?': 'Clean, dry and used only for food',
  'The dal smells sour when you collect it. What do you do?': 'Mark it for disposal with the reason, and do not deliver it',
};

const auth = (person: Person) => ({ authorization: `Bearer ${person.token}` });

/** An approved volunteer covering Pune's centre, made through the API (the walkthrough's own test clicks through it). */
async function approvedVolunteer(request: APIRequestContext, admin: Person, name: string): Promise<Person> {
  const person = await registerPerson(request, 'RECEIVER', { fullName: `${name} ${tag()}`, location: 'Shivajinagar, Pune 411005' });
  const answers = { hot: 'above60', time: '4h', cold: 'below5', separate: 'separateClosed', carrier: 'clean', unsafe: 'dispose' };
  const applied = await request.put('/api/volunteer/me', {
    headers: auth(person),
    data: { answers, termsVersion: '2026-12-08', areaLabel: 'Shivajinagar, Pune', geolocation: '18.53,73.85', radiusKm: 8, travelMode: 'TWO_WHEELER' },
  });
  expect(applied.status(), await applied.text()).toBe(200);
  const decided = await request.post(`/api/admin/volunteers/${await userId(request, person)}/decision`, {
    headers: auth(admin),
    data: { decision: 'APPROVE' },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  return person;
}

async function userId(request: APIRequestContext, person: Person): Promise<number> {
  const profile = await request.get('/api/user/profile', { headers: auth(person) });
  return ((await profile.json()) as { id: number }).id;
}

async function tapRadio(page: Page, group: string, option: string) {
  await page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option }).check();
}

test.describe('delivery by a volunteer', () => {
  let contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  test('donor, receiver and volunteer on three phones: asked, taken, picked up, delivered, each seeing it live', async ({ browser, request }) => {
    const admin = await createAdmin(request);
    const donor = await registerPerson(request, 'DONOR', { fullName: `Meera ${tag()}`, location: PICKUP });
    const receiver = await registerPerson(request, 'RECEIVER', { fullName: `Ravi ${tag()}`, location: 'Kothrud, Pune 411038' });
    const volunteer = await approvedVolunteer(request, admin, 'Vikram');
    const foodName = `Dal khichdi ${tag()}`;
    const given = await request.post('/api/donations', {
      headers: auth(donor),
      data: {
        foodName,
        description: 'Cooked at 6 pm, in steel containers',
        quantity: '20 plates',
        free: true,
        location: PICKUP,
        geolocation: PICKUP_POINT,
        deliveryType: 'DELIVERY_PARTNER',
        foodType: 'PRECOOKED',
        refrigerationAvailable: false,
      },
    });
    expect(given.status(), await given.text()).toBe(201);
    const donationId = ((await given.json()) as { id: number }).id;

    const [donorSide, receiverSide, volunteerSide] = await Promise.all([
      devicePage(browser, PHONE, donor),
      devicePage(browser, PHONE, receiver),
      devicePage(browser, PHONE, volunteer),
    ]);
    contexts.push(donorSide.context, receiverSide.context, volunteerSide.context);
    const [donorPage, receiverPage, volunteerPage] = [donorSide.page, receiverSide.page, volunteerSide.page];

    // The volunteer waits on their page, from the menu; nothing near them yet.
    await volunteerPage.goto('/home2');
    await (await mainNav(volunteerPage, PHONE)).getByRole('link', { name: 'Volunteer' }).click();
    await expect(volunteerPage.getByRole('heading', { level: 1, name: 'Volunteer: carry food' })).toBeVisible();
    await expect(volunteerPage.getByText(/You cover 8 km around Shivajinagar, Pune, by two-wheeler/)).toBeVisible();

    // The receiver asks for delivery.
    await receiverPage.goto(`/request-donation/${donationId}`);
    await tapRadio(receiverPage, 'How will the food reach you?', 'Please deliver');
    // The saved address is one tap away; this receiver wants the food at the night shelter instead.
    await receiverPage.getByRole('button', { name: 'Use my saved address: Kothrud, Pune 411038' }).click();
    await expect(receiverPage.getByLabel('Deliver to')).toHaveValue('Kothrud, Pune 411038');
    await receiverPage.getByLabel('Deliver to').fill(DROPOFF);
    await expectNoTruncationOrSideScroll(receiverPage);
    await receiverPage.getByRole('button', { name: 'Request This Donation' }).click();
    await expect(receiverPage).toHaveURL(/\/my-order/);
    const order = receiverPage.getByRole('article', { name: new RegExp(`^${foodName}`) });
    await expect(order.getByTestId('delivery-line')).toContainText(`You asked for delivery to ${DROPOFF}.`);

    // The donor accepts on Received Requests.
    await donorPage.goto(`/my-received-requests?donation=${donationId}`);
    const received = donorPage.getByRole('article', { name: `Request for ${foodName} from ${receiver.fullName}` });
    await expect(received).toContainText('The receiver asked for delivery to Kothrud, Pune 411038.');
    await received.getByRole('button', { name: 'Accept' }).click();
    await expect(received.getByTestId('delivery-line')).toContainText('Delivery: looking for a volunteer');

    // Live: the run appears near the volunteer without a reload; only areas, never the address.
    const card = volunteerPage.getByRole('article', { name: foodName });
    await expect(card).toContainText('From Shivajinagar, Pune 411004 to Kothrud, Pune 411038');
    await expect(card).not.toContainText('FC Road');
    await expectNoTruncationOrSideScroll(volunteerPage);
    await card.getByRole('link', { name: 'See and take' }).click();
    await volunteerPage.getByRole('button', { name: 'Take this delivery' }).click();
    await expect(toast(volunteerPage, 'The delivery is yours. Go to the pickup.')).toBeVisible();
    const pickupStep = volunteerPage.getByRole('region', { name: 'Step 1: collect the food' });
    await expect(pickupStep).toContainText(PICKUP);
    await expect(pickupStep).toContainText(`Donor: ${donor.fullName}`);
    const handoverCode = (await volunteerPage.getByTestId('handover-code').textContent()) ?? '';
    expect(handoverCode).toMatch(/^\d{6}$/);
    await expectNoTruncationOrSideScroll(volunteerPage);
    await expectAccessible(volunteerPage);

    // Live on the donor's and the receiver's screens: a volunteer is on the way.
    await expect(received.getByTestId('delivery-line')).toContainText('Delivery: a volunteer is going to the pickup');
    await expect(order.getByTestId('delivery-line')).toContainText('Delivery: a volunteer is going to the pickup');

    // The donor opens the delivery and hands the food over with the volunteer's code.
    await received.getByRole('link', { name: 'See the delivery' }).click();
    const donorStep = donorPage.getByRole('region', { name: /is coming to collect the food$/ });
    await donorStep.getByLabel("Volunteer's handover code").fill(handoverCode);
    await tapRadio(donorPage, 'How was the food kept?', 'Kept hot');
    await donorStep.getByLabel('Temperature (optional)').fill('68');
    await expectNoTruncationOrSideScroll(donorPage);
    await expectAccessible(donorPage);
    await donorStep.getByRole('button', { name: 'Hand over to the volunteer' }).click();
    await expect(toast(donorPage, 'Handed over. The receiver is told the food is on its way.')).toBeVisible();
    await expect(donorPage.getByRole('region', { name: 'Who held the food, and when' })).toContainText(/Handed to the volunteer · Kept hot · 68 °C/);

    // The receiver sees it on the way; the volunteer's page moves to step 2.
    await expect(order.getByTestId('delivery-line')).toContainText('Delivery: the food is on its way');
    const dropoffStep = volunteerPage.getByRole('region', { name: 'Step 2: take it to the receiver' });
    await expect(dropoffStep).toContainText(DROPOFF);
    await expect(dropoffStep).toContainText(`Receiver: ${receiver.fullName}`);

    // At the drop-off the receiver reads their code from My Orders; the volunteer enters it.
    await order.getByRole('button', { name: 'View pickup code (OTP) and donor contact' }).click();
    const code = ((await order.getByTestId('pickup-code').textContent()) ?? '').replace(/\D/g, '');
    await dropoffStep.getByLabel("Receiver's pickup code").fill(code);
    await dropoffStep.getByRole('button', { name: 'Delivered' }).click();
    await expect(toast(volunteerPage, 'Delivered. Thank you for carrying it!')).toBeVisible();
    await expect(volunteerPage.getByText(/^Delivered at /)).toBeVisible();
    // The addresses and numbers are gone from the volunteer's screen once it is over.
    await expect(volunteerPage.getByRole('main')).not.toContainText(PICKUP);
    await expect(volunteerPage.getByRole('main')).not.toContainText(DROPOFF);

    // Both sides see it completed; the donor rates the volunteer.
    await expect(order).toContainText('Delivered by a volunteer');
    await expect(donorPage.getByRole('region', { name: 'Who held the food, and when' })).toContainText('Handed to the receiver');
    const rate = donorPage.getByRole('region', { name: 'Rate this delivery' });
    const star = rate.getByRole('radio', { name: '5 stars' });
    await rate.locator(`label[for="${await star.getAttribute('id')}"]`).click();
    await rate.getByRole('button', { name: 'Send rating' }).click();
    await expect(toast(donorPage, 'Thank you for rating.')).toBeVisible();
    await expect(rate).toHaveCount(0);
  });

  test('applying to volunteer: the walkthrough, the terms and the area, then an admin approves', async ({ browser, request }) => {
    const admin = await createAdmin(request);
    const person = await registerPerson(request, 'DONOR', { fullName: `Asha ${tag()}`, location: 'Kothrud, Pune 411038' });
    const { context, page } = await devicePage(browser, PHONE, person);
    contexts.push(context);
    await page.goto('/volunteer');
    await page.getByRole('link', { name: 'Apply to volunteer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Apply to volunteer' })).toBeVisible();

    // A wrong answer is named where it is; nothing is sent.
    for (const [question, answer] of Object.entries(ANSWERS)) await tapRadio(page, question, answer);
    await tapRadio(page, 'At what temperature must hot cooked food stay while you carry it?', 'Warm is enough');
    await page.getByRole('button', { name: 'Send my application' }).click();
    await expect(page.getByText('This answer is not right. Read the step again and choose again.')).toBeVisible();
    await expect(page.getByText('Accept the volunteer terms to apply.')).toBeVisible();

    await tapRadio(page, 'At what temperature must hot cooked food stay while you carry it?', 'Above 60 °C');
    await page.getByRole('checkbox', { name: /I accept the volunteer terms/ }).check();
    await page.getByLabel('Area you can cover').fill('Kothrud, Pune 411038');
    await tapRadio(page, 'How you travel', 'by cycle');
    await expectNoTruncationOrSideScroll(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send my application' }).click();
    await expect(toast(page, 'Application sent. An admin will look at it soon.')).toBeVisible();
    await expect(page.getByText('Your application is waiting for an admin')).toBeVisible();

    // The admin approves from the admin area; the person is told live and sees the runs tabs.
    const adminSide = await devicePage(browser, DEVICES[0], admin);
    contexts.push(adminSide.context);
    await adminSide.page.goto('/home2');
    await (await mainNav(adminSide.page, DEVICES[0])).getByRole('link', { name: 'Admin' }).click();
    await adminSide.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Volunteers' }).click();
    const application = adminSide.page.getByRole('article', { name: person.fullName });
    await expect(application).toContainText('Kothrud, Pune 411038, 5 km, by cycle');
    await expectAccessible(adminSide.page);
    await application.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(toast(adminSide.page, `${person.fullName} is approved.`)).toBeVisible();

    await expect(page.getByRole('tab', { name: 'Near me' })).toBeVisible();
    await expect(page.getByText(/No food needs carrying within 5 km of your area right now/)).toBeVisible();
    await expectNoTruncationOrSideScroll(page);
  });
});
