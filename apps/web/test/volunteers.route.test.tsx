import { VOLUNTEER_TERMS_VERSION, WALKTHROUGH } from '@annadaan/contract/runs';
import { waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { LATIN_ALLOW_LIST, untranslatedText } from './support/language';
import { type TestPerson, renderRoute, useRouteTestServer } from './support/route-test';

/*
 * Issue 32: the volunteer's screens in Hindi, as a Hindi-speaking volunteer lives them (the words,
 * the form's messages, nothing left in English); the journey with three phones is a browser test
 * (e2e/delivery-runs.spec.ts).
 */
const server = useRouteTestServer();

const ANSWERS = Object.fromEntries(WALKTHROUGH.map((step) => [step.id, step.answer]));

async function approvedVolunteer(): Promise<TestPerson> {
  const person = await server.signUp('RECEIVER', { fullName: 'विक्रम स्वयंसेवक', location: 'शिवाजीनगर, पुणे 411005' });
  const applied = await server.api('PUT', '/api/volunteer/me', {
    as: person,
    body: { answers: ANSWERS, termsVersion: VOLUNTEER_TERMS_VERSION, areaLabel: 'शिवाजीनगर, पुणे', geolocation: '18.53,73.85', radiusKm: 5, travelMode: 'CYCLE' },
  });
  expect(applied.status).toBe(200);
  const admin = await server.signUp('ADMIN');
  const profile = await server.api<{ id: number }>('GET', '/api/user/profile', { as: person });
  expect((await server.api('POST', `/api/admin/volunteers/${profile.body.id}/decision`, { as: admin, body: { decision: 'APPROVE' } })).status).toBe(200);
  return person;
}

/** A donor's food, asked for delivery by a receiver and accepted: an open run near Shivajinagar. */
async function openRun(foodName: string): Promise<number> {
  const donor = await server.signUp('DONOR', { fullName: 'सुनीता दाता', location: 'शिवाजीनगर, पुणे 411004' });
  const receiver = await server.signUp('RECEIVER', { fullName: 'रवि प्राप्तकर्ता', location: 'कोथरुड, पुणे 411038' });
  const donated = await server.api<{ id: number }>('POST', '/api/donations', {
    as: donor,
    body: {
      foodName,
      description: 'शाम 6 बजे पकी',
      quantity: '20 थाली',
      // Addresses are mostly written in English in India; publicArea knows English street words.
      location: 'Shop 7, FC Road, Shivajinagar, Pune 411004',
      geolocation: '18.5236,73.8478',
      deliveryType: 'ANY',
      refrigerationAvailable: false,
    },
  });
  expect(donated.status).toBe(201);
  const asked = await server.api<{ id: number }>('POST', `/api/requests/create/${donated.body.id}`, {
    as: receiver,
    body: { delivery: 'DELIVER', dropoff: { address: 'Night shelter, Lane 3, Kothrud, Pune 411038', geolocation: '18.5074,73.8077' } },
  });
  expect(asked.status).toBe(201);
  const accepted = await server.api<{ runId: number }>('POST', `/api/requests/${asked.body.id}/accept`, { as: donor });
  expect(accepted.status).toBe(200);
  return accepted.body.runId;
}

test('a Hindi-speaking volunteer finds a delivery near them, takes it and is shown where to go, all in Hindi', async () => {
  const volunteer = await approvedVolunteer();
  await openRun('दाल खिचड़ी');
  const { main, user } = await renderRoute('/volunteer', { as: volunteer, language: 'hi' });
  expect(await main().findByRole('heading', { level: 1, name: 'स्वयंसेवक: खाना पहुँचाएँ' })).toBeTruthy();
  expect(await main().findByText('आप शिवाजीनगर, पुणे के आसपास 5 किमी तक, साइकिल से जाते हैं।')).toBeTruthy();
  const card = await main().findByRole('article', { name: 'दाल खिचड़ी' });
  expect(card.textContent).toContain('Shivajinagar, Pune 411004 से Kothrud, Pune 411038 तक');
  expect(card.textContent).toContain('स्वयंसेवक चाहिए');
  // Only the areas before taking it: not the donor's shop.
  expect(card.textContent).not.toContain('FC Road');
  // Place names the donor and receiver typed in English are theirs, not the app's words.
  await waitFor(() => expect(untranslatedText([...LATIN_ALLOW_LIST, 'Shivajinagar', 'Pune', 'Kothrud'])).toEqual([]));

  await user.click(await main().findByRole('link', { name: 'देखें और लें' }));
  await user.click(await main().findByRole('button', { name: 'यह डिलीवरी लें' }));
  const step = await main().findByRole('region', { name: 'चरण 1: खाना लें' });
  expect(step.textContent).toContain('Shop 7, FC Road, Shivajinagar, Pune 411004');
  expect(step.textContent).toContain('दाता: सुनीता दाता');
  expect(main().getByTestId('handover-code').textContent).toMatch(/^\d{6}$/);
  expect((await main().findByRole('region', { name: 'खाना किसके पास, कब रहा' })).textContent).toContain('एक स्वयंसेवक ने ली');
  await waitFor(() =>
    expect(untranslatedText([...LATIN_ALLOW_LIST, 'Shivajinagar', 'Pune', 'Kothrud', 'Shop', 'FC', 'Road', 'Night', 'shelter', 'Lane'])).toEqual([]),
  );
});

test('the application form names each problem where it is, in Hindi, and nothing is sent', async () => {
  const person = await server.signUp('DONOR', { fullName: 'आशा', location: 'कोथरुड, पुणे 411038' });
  const { main, user } = await renderRoute('/volunteer/apply', { as: person, language: 'hi' });
  expect(await main().findByRole('heading', { level: 1, name: 'स्वयंसेवक बनने का आवेदन' })).toBeTruthy();
  await user.click(main().getByRole('radio', { name: 'हल्का गरम काफ़ी है' }));
  await user.click(main().getByRole('button', { name: 'मेरा आवेदन भेजें' }));
  expect(await main().findByText('यह उत्तर सही नहीं है। चरण फिर से पढ़ें और दोबारा चुनें।')).toBeTruthy();
  expect(main().getAllByText('एक उत्तर चुनें।')).toHaveLength(WALKTHROUGH.length - 1);
  expect(main().getByText('आवेदन के लिए स्वयंसेवक की शर्तें स्वीकार करें।')).toBeTruthy();
  expect(main().getByText('वह इलाका बताएँ जहाँ आप जा सकते हैं, जैसे कोथरुड, पुणे।')).toBeTruthy();
  expect(main().getByRole('alert').textContent).toContain('कुछ उत्तर बदलने हैं: ऊपर के संदेश देखें।');
  await waitFor(() => expect(untranslatedText()).toEqual([]));
  expect((await server.api<{ volunteer: unknown }>('GET', '/api/volunteer/me', { as: person })).body.volunteer).toBeNull();
});
