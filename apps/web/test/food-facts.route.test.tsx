import { cleanup, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { type TestPerson, label, renderRoute, shownText, useRouteTestServer } from './support/route-test';

/*
 * Issue 16 on a laptop: the donor's form asks diet, Jain, allergens ("None known" is an answer),
 * the cooking time and the safety checklist for cooked food; a receiver sees the marks, always
 * with words, on the card and the detail page; Browse's "Veg only" and the allergens to leave out
 * stay in the URL. (Moved from e2e/food-facts.spec.ts's desktop runs: the browser keeps the phone
 * runs, with axe and the layout check on each state.)
 */
const server = useRouteTestServer();

const SAFETY = ['KEPT_COVERED', 'KEPT_HOT_OR_COLD', 'NO_PLATE_LEFTOVERS'];

async function donateCooked(donor: TestPerson, foodName: string, facts: Record<string, unknown>) {
  const answer = await server.api('POST', '/api/donations', {
    as: donor,
    body: { foodName, description: 'Packed in boxes', quantity: '4 boxes', location: 'Aundh, Pune 411007', refrigerationAvailable: false, ...facts },
  });
  expect(answer.status).toBe(201);
}

/** Signed in, the way people reach Browse: Home, then "Request Food". */
async function openBrowse(person: TestPerson) {
  cleanup();
  const view = await renderRoute('/home2', { as: person });
  await view.user.click(await view.main().findByRole('link', { name: 'Request Food' }, { timeout: 10_000 }));
  expect(await view.main().findByRole('heading', { name: 'Browse Available Donations', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  return view;
}

/** The search as the browser's URL bar holds it. */
const searchOf = (view: Awaited<ReturnType<typeof renderRoute>>) => view.router.state.location.search;

test('a donor states what the cooked food is; a receiver sees the marks, allergens, cooking time and checklist', async () => {
  const donor = await server.signUp('DONOR', { fullName: 'Sunita Donor' });
  const receiver = await server.signUp('RECEIVER', { fullName: 'Imran Receiver' });
  const foodName = 'Egg curry laptop';

  const donorSide = await renderRoute('/home2', { as: donor });
  const { main, user } = donorSide;
  await user.click(await main().findByRole('link', { name: 'Donate Food' }, { timeout: 10_000 }));
  await waitFor(() => expect(donorSide.router.state.location.pathname).toBe('/DonateForm'));
  await user.type(await main().findByLabelText(label('Food name'), undefined, { timeout: 10_000 }), foodName);
  await user.type(main().getByLabelText(label('Description')), 'Cooked at lunch, kept hot');
  await user.type(main().getByLabelText(label('Quantity')), '8 plates');
  await user.type(main().getByLabelText(label('Pickup Address')), '12 ITI Road, Aundh, Pune 411007');
  await user.click(within(main().getByRole('radiogroup', { name: label('Is refrigeration available?') })).getByRole('radio', { name: 'Yes' }));

  // Cooked food without its facts is not sent: each question says what it wants.
  await user.click(main().getByRole('button', { name: 'Donate' }));
  expect(await main().findByText('Choose Veg, Egg, Non-veg or Vegan for cooked food.')).toBeTruthy();
  expect(main().getByText('Tick the allergens the food contains, or "None known", for cooked food.')).toBeTruthy();
  expect(main().getByText('Confirm each point of the safety checklist for cooked food.')).toBeTruthy();

  await user.click(main().getByRole('radio', { name: 'Egg' }));
  await user.click(main().getByRole('checkbox', { name: 'Eggs' }));
  await user.click(main().getByRole('checkbox', { name: 'Milk' }));
  const at = new Date(Date.now() - 120 * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await user.type(
    main().getByLabelText(label('When was it cooked?')),
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`,
  );
  for (const point of ['Kept covered', 'Kept hot or refrigerated', 'No leftovers from plates']) await user.click(main().getByRole('checkbox', { name: point }));
  // "None known" and an allergen exclude each other.
  const checked = (name: string) => (main().getByRole('checkbox', { name }) as HTMLInputElement).checked;
  await user.click(main().getByRole('checkbox', { name: 'None known' }));
  await waitFor(() => expect(checked('Milk')).toBe(false));
  await user.click(main().getByRole('checkbox', { name: 'Eggs' }));
  await user.click(main().getByRole('checkbox', { name: 'Milk' }));
  await waitFor(() => expect(checked('None known')).toBe(false));
  await user.click(main().getByRole('button', { name: 'Donate' }));
  expect(await main().findByRole('heading', { name: 'Your food is listed' }, { timeout: 10_000 })).toBeTruthy();
  expect(main().getByText('Donation submitted successfully!')).toBeTruthy();

  const receiverSide = await openBrowse(receiver);
  await receiverSide.user.type(receiverSide.main().getByLabelText(label('Food name')), foodName);
  // The mark with its word on the card: never colour alone.
  await waitFor(() => expect(receiverSide.main().getAllByRole('link', { name: /, view details$/ })).toHaveLength(1), { timeout: 10_000 });
  const found = receiverSide.main().getByRole('article', { name: foodName });
  expect(shownText(within(found).getByTestId('diet-mark'))).toBe('Egg');
  expect(found.querySelectorAll('svg[data-mark="EGG"]')).toHaveLength(1);
  await receiverSide.user.click(within(found).getByRole('link', { name: /, view details$/ }));

  expect(await receiverSide.main().findByRole('heading', { name: foodName, level: 1 }, { timeout: 10_000 })).toBeTruthy();
  const row = (name: string) => receiverSide.main().getByRole('row', { name: new RegExp(`^${name}`) });
  expect(shownText(within(row('Diet')).getByTestId('diet-mark'))).toBe('Egg');
  expect(shownText(row('Jain-friendly'))).toContain('No');
  expect(shownText(row('Allergens'))).toContain('Eggs, Milk');
  expect(shownText(row('Cooked'))).toContain('Cooked 2 h ago');
  const checklist = within(within(row('Safety checklist')).getByRole('list', { name: 'The donor confirmed' }));
  expect(checklist.getAllByRole('listitem').map(shownText)).toEqual(['Kept covered', 'Kept hot or refrigerated', 'No leftovers from plates']);
});

test('Browse: "Veg only" is one tap, kept in the URL, and leaves out egg, non-veg and unstated food; allergens are left out by ticking them', async () => {
  const donor = await server.signUp('DONOR', { fullName: 'Ravi Donor' });
  const receiver = await server.signUp('RECEIVER', { fullName: 'Lata Receiver' });
  const id = 'laptopfacts';
  const foods = { veg: `Veg pulao ${id}`, vegan: `Chana masala ${id}`, nonVeg: `Chicken curry ${id}`, unstated: `Lunch box ${id}` };
  const cooked = { preparedAt: new Date(Date.now() - 20 * 60_000).toISOString(), safetyChecklist: SAFETY };
  await donateCooked(donor, foods.veg, { ...cooked, diet: 'VEG', jain: true, allergens: ['MILK'] });
  await donateCooked(donor, foods.vegan, { ...cooked, diet: 'VEGAN', jain: false, allergens: [] });
  await donateCooked(donor, foods.nonVeg, { ...cooked, diet: 'NON_VEG', jain: false, allergens: [] });
  await donateCooked(donor, foods.unstated, {});

  let view = await openBrowse(receiver);
  await view.user.type(view.main().getByLabelText(label('Food name')), id);
  // The list is filtered by the typed name (written to the URL a moment after the typing) before the next choice.
  await waitFor(() => expect(searchOf(view)).toMatch(new RegExp(`[?&]foodName=${id}(&|$)`)), { timeout: 10_000 });
  const card = (foodName: string) => view.main().queryByRole('article', { name: foodName });
  const shown = (foodName: string) => card(foodName) !== null;
  const mark = (foodName: string) => shownText(within(card(foodName) as HTMLElement).getByTestId('diet-mark'));
  await waitFor(() => expect(shown(foods.unstated) && shown(foods.nonVeg) && shown(foods.veg) && shown(foods.vegan)).toBe(true), { timeout: 10_000 });
  expect(mark(foods.nonVeg)).toBe('Non-veg');
  expect(mark(foods.unstated)).toBe('Diet not stated');
  expect(mark(foods.veg)).toBe('Veg · Jain');
  expect(mark(foods.vegan)).toBe('Vegan');

  await view.user.click(view.main().getByRole('switch', { name: 'Veg only' }));
  await waitFor(() => expect(searchOf(view)).toMatch(/[?&]diet=VEG%2CVEGAN(&|$)/));
  await waitFor(() => expect([shown(foods.nonVeg), shown(foods.unstated), shown(foods.veg), shown(foods.vegan)]).toEqual([false, false, true, true]), {
    timeout: 10_000,
  });

  // Kept on reload, as a shared link would be: the same address drawn afresh.
  let address = `${view.router.state.location.pathname}${searchOf(view)}`;
  cleanup();
  view = await renderRoute(address, { as: receiver });
  await waitFor(() => expect((view.main().getByRole('switch', { name: 'Veg only' }) as HTMLInputElement).checked).toBe(true), { timeout: 10_000 });
  await waitFor(() => expect([shown(foods.vegan), shown(foods.nonVeg)]).toEqual([true, false]), { timeout: 10_000 });

  // One more tap shows everything again.
  await view.user.click(view.main().getByRole('switch', { name: 'Veg only' }));
  await waitFor(() => expect(searchOf(view)).not.toMatch(/[?&]diet=/));
  await waitFor(() => expect(shown(foods.nonVeg)).toBe(true), { timeout: 10_000 });

  // Allergens to leave out: checkboxes behind a button that names what is left out, among the
  // filters behind "Filters" (issue 29).
  await view.user.click(view.main().getByRole('button', { name: 'Filters' }));
  const leaveOut = () => view.main().getByRole('button', { name: /^Leave out allergens:/ });
  await waitFor(() => expect(shownText(leaveOut())).toBe('Leave out allergens: None'));
  expect(leaveOut().getAttribute('aria-expanded')).toBe('false');
  await view.user.click(leaveOut());
  await waitFor(() => expect(leaveOut().getAttribute('aria-expanded')).toBe('true'));
  const allergens = () => within(view.screen.getByRole('group', { name: 'Leave out allergens' }));
  // The checklist's code loads when first opened.
  await view.screen.findByRole('group', { name: 'Leave out allergens' }, { timeout: 10_000 });
  expect(allergens().getAllByRole('checkbox')).toHaveLength(9); // FSSAI's nine declared allergens
  // From the keyboard, as a screen-reader user would tick it.
  allergens().getByRole('checkbox', { name: 'Milk' }).focus();
  await view.user.keyboard(' ');
  await waitFor(() => expect(searchOf(view)).toMatch(/[?&]excludeAllergens=MILK(&|$)/));
  await waitFor(() => expect(shownText(leaveOut())).toBe('Leave out allergens: Milk'));
  // The pulao holds milk; food that does not state its allergens cannot be vouched for.
  await waitFor(() => expect([shown(foods.veg), shown(foods.unstated), shown(foods.vegan), shown(foods.nonVeg)]).toEqual([false, false, true, true]), {
    timeout: 10_000,
  });

  address = `${view.router.state.location.pathname}${searchOf(view)}`;
  cleanup();
  view = await renderRoute(address, { as: receiver });
  // Kept in the URL, and counted on the button that opens the filters.
  await view.user.click(await view.main().findByRole('button', { name: 'Filters (1)' }, { timeout: 10_000 }));
  await waitFor(() => expect(shownText(leaveOut())).toBe('Leave out allergens: Milk'));
  await waitFor(() => expect(shown(foods.vegan) && !shown(foods.veg)).toBe(true), { timeout: 10_000 });
  await view.user.click(leaveOut());
  await view.screen.findByRole('group', { name: 'Leave out allergens' }, { timeout: 10_000 });
  const milk = () => allergens().getByRole('checkbox', { name: 'Milk' }) as HTMLInputElement;
  await waitFor(() => expect(milk().checked).toBe(true));
  await view.user.click(milk());
  await waitFor(() => expect(searchOf(view)).not.toMatch(/[?&]excludeAllergens=/));
  await waitFor(() => expect(shownText(leaveOut())).toBe('Leave out allergens: None'));
  await waitFor(() => expect([shown(foods.veg), shown(foods.unstated)]).toEqual([true, true]), { timeout: 10_000 });
});
