import { randomBytes, randomInt } from 'node:crypto';
import { type APIRequestContext, type Browser, type Page, expect } from '@playwright/test';
import sharp from 'sharp';
import { newPassword } from './accounts';

/*
 * People and their activity created through the API, for tests about what the screens show
 * afterwards. Every name, email and place carries a random tag so parallel workers never meet.
 */
export interface Person {
  fullName: string;
  email: string;
  phone: string;
  location: string;
  password: string;
  token: string;
  role: string;
}

export function tag(): string {
  return randomBytes(4).toString('hex');
}

export async function registerPerson(
  request: APIRequestContext,
  role: 'DONOR' | 'RECEIVER',
  options: { fullName?: string; location?: string } = {},
): Promise<Person> {
  const id = tag();
  const person = {
    fullName: options.fullName ?? `Kavya ${id}`,
    email: `${role.toLowerCase()}.${id}@example.in`,
    phone: `9${randomInt(100_000_000, 999_999_999)}`,
    location: options.location ?? `Shivajinagar, Pune 411005`,
    password: newPassword(),
  };
  const response = await request.post('/api/auth/register', {
    data: { fullName: person.fullName, contactNumber: person.phone, email: person.email, password: person.password, location: person.location, role },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { accessToken: string; role: string };
  return { ...person, token: body.accessToken, role: body.role };
}

/** Signs a page (or every page of a context) in the way the app does: the token and role in sessionStorage. */
export async function useSession(page: Pick<Page, 'addInitScript'>, person: Pick<Person, 'token' | 'role'>) {
  await page.addInitScript(
    ({ token, role }) => {
      sessionStorage.setItem('token', token);
      sessionStorage.setItem('role', role);
    },
    { token: person.token, role: person.role },
  );
}

/** A new browser context (a person's own browser) already signed in as `person`. */
export async function signedInContext(browser: Browser, person: Person, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  await useSession(context, person);
  return context;
}

const auth = (person: Person) => ({ authorization: `Bearer ${person.token}` });

async function post<T>(request: APIRequestContext, person: Person, path: string, data: unknown, status = 200): Promise<T> {
  const response = await request.post(path, { headers: auth(person), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

export async function donate(request: APIRequestContext, donor: Person, foodName: string) {
  return post<{ id: number }>(
    request,
    donor,
    '/api/donations',
    {
      foodName,
      description: 'Freshly cooked, packed in boxes',
      quantity: '4 boxes',
      free: true,
      price: 0,
      location: `FC Road, Pune 411004`,
      deliveryType: 'SELF_PICKUP',
      foodType: 'PRECOOKED',
      refrigerationAvailable: false,
    },
    201,
  );
}

/**
 * A JPEG picture uploaded by `person`, as the donate form does; its URL. `noise` makes each stored
 * width a real picture of its own rather than one flat colour.
 */
export async function uploadPhoto(request: APIRequestContext, person: Person, { width = 64, height = 48, noise = false } = {}): Promise<string> {
  const background = { r: 200, g: 90, b: 30 };
  const buffer = await sharp({
    create: { width, height, channels: 3, background, ...(noise ? { noise: { type: 'gaussian' as const, mean: 120, sigma: 30 } } : {}) },
  })
    .jpeg()
    .toBuffer();
  const response = await request.post('/api/uploads', {
    headers: auth(person),
    multipart: { file: { name: 'thali.jpg', mimeType: 'image/jpeg', buffer } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

export async function requestDonation(request: APIRequestContext, receiver: Person, donationId: number) {
  return post<{ id: number }>(request, receiver, `/api/requests/create/${donationId}`, { paymentMethod: '' }, 201);
}

/** The donor accepts a request. */
export async function acceptRequest(request: APIRequestContext, donor: Person, requestId: number) {
  await post(request, donor, `/api/requests/${requestId}/accept`, {});
}

/** Accept, the receiver reads the code, the donor confirms with it: a completed handover. */
export async function handOver(request: APIRequestContext, donor: Person, receiver: Person, requestId: number) {
  await post(request, donor, `/api/requests/${requestId}/accept`, {});
  const code = await request.get(`/api/requests/${requestId}/pickup-code`, { headers: auth(receiver) });
  expect(code.status()).toBe(200);
  const { pickupCode } = (await code.json()) as { pickupCode: string };
  await post(request, donor, `/api/requests/${requestId}/confirm-pickup`, { pickupCode });
}

export async function rate(request: APIRequestContext, rater: Person, donationRequestId: number, rating: number) {
  await post(request, rater, '/api/ratings/submit', { donationRequestId, rating, comment: '' }, 201);
}

export async function postFoodNeed(request: APIRequestContext, person: Person, numberOfPeople: number) {
  const start = Date.now() + 60 * 60_000;
  return post<{ id: number }>(
    request,
    person,
    '/api/food-requests/create',
    {
      fullName: person.fullName,
      contactNumber: person.phone,
      email: person.email,
      location: 'Hadapsar, Pune 411028',
      requestedTime: new Date(start).toISOString(),
      requestExpiryTime: new Date(start + 4 * 60 * 60_000).toISOString(),
      foodType: 'RAW',
      numberOfPeople,
    },
    201,
  );
}
