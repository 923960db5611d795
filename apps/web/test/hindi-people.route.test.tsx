import { cleanup, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { type TestPerson, label, part, renderRoute, shownText, useRouteTestServer } from './support/route-test';
import { untranslatedText } from './support/language';

/*
 * Issue 17, task E, at a laptop's width: the people's screens in Hindi, reached the way a person
 * reaches them. A donor accepts on Received Requests and confirms the pickup; the receiver reads
 * the pickup code on My Orders, rates the donor, edits the profile and writes to us; a visitor asks
 * for a reset code; an admin searches the directory. Every name, food and place is in Devanagari,
 * so the scan for untranslated text sees only the app's own words. (Moved from
 * e2e/hindi-people.spec.ts's laptop runs. The browser keeps the 360 px phone runs, which also
 * check the layout and axe, with the two people in two browsers.)
 */
const server = useRouteTestServer();

const hindiOnly = () => waitFor(() => expect(untranslatedText()).toEqual([]));

/** A toast's words (Mantine draws each notification outside the page's main part). */
const toastSays = (screen: Awaited<ReturnType<typeof renderRoute>>['screen'], text: string) => screen.findByText(text, undefined, { timeout: 10_000 });

/** A person's own screen, drawn afresh at `path`: the other person acted in between. */
async function as(person: TestPerson, path = '/') {
  cleanup();
  return renderRoute(path, { as: person, language: 'hi' });
}

/** The main navigation of the laptop's bar. */
async function mainNav(screen: Awaited<ReturnType<typeof renderRoute>>['screen']) {
  return within(await screen.findByRole('navigation', { name: 'मुख्य' }, { timeout: 10_000 }));
}

test('received requests, pickup code, rating, profile, contact', async () => {
  const place = 'कोथरूड ५१';
  const donor = await server.signUp('DONOR', { fullName: 'मीरा ५१', location: `${place}, पुणे 411038` });
  const receiver = await server.signUp('RECEIVER', { fullName: 'रवि ५१', location: 'शिवाजीनगर, पुणे 411005' });
  const foodName = 'दाल चावल ५१';
  const donation = await server.api<{ id: number }>('POST', '/api/donations', {
    as: donor,
    body: {
      foodName,
      description: 'आज ही बनाया, डिब्बों में पैक',
      quantity: '4 डिब्बे',
      free: true,
      price: 0,
      location: 'एफ़सी रोड, पुणे 411004',
      deliveryType: 'SELF_PICKUP',
      foodType: 'PRECOOKED',
      refrigerationAvailable: false,
    },
  });
  expect(donation.status).toBe(201);
  expect((await server.api('POST', `/api/requests/create/${donation.body.id}`, { as: receiver, body: { paymentMethod: '' } })).status).toBe(201);
  const receivedName = `${receiver.fullName} का ${foodName} के लिए अनुरोध`;

  // The donor accepts on Received Requests.
  let donorSide = await as(donor);
  await donorSide.user.click((await mainNav(donorSide.screen)).getByRole('link', { name: /आए हुए अनुरोध/ }));
  expect(await donorSide.main().findByRole('heading', { level: 1, name: 'मेरे पास आए अनुरोध' }, { timeout: 10_000 })).toBeTruthy();
  let received = await donorSide.main().findByRole('article', { name: receivedName }, { timeout: 10_000 });
  expect(shownText(received)).toContain(`लेने वाले: ${receiver.fullName}`);
  expect(shownText(received)).toContain('भुगतान: लागू नहीं');
  expect(shownText(within(received).getByTestId('request-status'))).toBe('बाकी');
  await hindiOnly();
  await donorSide.user.click(within(received).getByRole('button', { name: 'मंज़ूर करें' }));
  expect(await toastSays(donorSide.screen, 'अनुरोध मंज़ूर हो गया। लेने वाले को अब ‘मेरे ऑर्डर’ में पिकअप कोड (OTP) दिख रहा है।')).toBeTruthy();
  await waitFor(() => expect(shownText(within(received).getByTestId('request-status'))).toBe('पिकअप का इंतज़ार'));

  // The receiver reads the pickup code on My Orders.
  let receiverSide = await as(receiver);
  await receiverSide.user.click((await mainNav(receiverSide.screen)).getByRole('link', { name: 'मेरे ऑर्डर' }));
  expect(await receiverSide.main().findByRole('heading', { level: 1, name: 'मेरे ऑर्डर' }, { timeout: 10_000 })).toBeTruthy();
  expect((receiverSide.main().getByRole('combobox', { name: label('दिखाएँ') }) as HTMLInputElement).value).toBe('लिया हुआ खाना');
  let order = await receiverSide.main().findByRole('article', { name: part(foodName) }, { timeout: 10_000 });
  expect(shownText(within(order).getByTestId('request-status'))).toBe('पिकअप का इंतज़ार');
  expect(shownText(order)).toContain(`दाता: ${donor.fullName}`);
  expect(shownText(order)).toContain('मुफ़्त');
  await receiverSide.user.click(within(order).getByRole('button', { name: 'पिकअप कोड (OTP) और दाता का नंबर देखें' }));
  expect(await within(order).findByText('पिकअप के समय दाता को यह पिकअप कोड (OTP) दिखाएँ:', undefined, { timeout: 10_000 })).toBeTruthy();
  const code = shownText(await within(order).findByTestId('pickup-code'));
  expect(code).toMatch(/^\d{6}$/);
  expect(shownText(order)).toContain(`दाता का नंबर: +91 ${donor.contactNumber}`);
  await hindiOnly();

  // The donor confirms the pickup with the code.
  donorSide = await as(donor, '/my-received-requests');
  received = await donorSide.main().findByRole('article', { name: receivedName }, { timeout: 10_000 });
  await donorSide.user.click(within(received).getByRole('link', { name: 'OTP से पिकअप पक्का करें' }));
  expect(await donorSide.main().findByRole('heading', { level: 1, name: 'पिकअप की पुष्टि करें' }, { timeout: 10_000 })).toBeTruthy();
  await donorSide.user.click(donorSide.main().getByRole('button', { name: 'पिकअप पक्का करें' }));
  expect(await donorSide.main().findByText('कृपया OTP डालें।')).toBeTruthy();
  await hindiOnly();
  await donorSide.user.type(donorSide.main().getByLabelText(label('लेने वाले से मिला OTP डालें')), code);
  await donorSide.user.click(donorSide.main().getByRole('button', { name: 'पिकअप पक्का करें' }));
  expect(await toastSays(donorSide.screen, 'पिकअप की पुष्टि हो गई!')).toBeTruthy();
  received = await donorSide.main().findByRole('article', { name: receivedName }, { timeout: 10_000 });
  await waitFor(() => expect(shownText(within(received).getByTestId('request-status'))).toBe('पूरा हुआ'));

  // The receiver rates the donor after the handover.
  receiverSide = await as(receiver, '/my-order');
  order = await receiverSide.main().findByRole('article', { name: part(foodName) }, { timeout: 10_000 });
  await waitFor(() => expect(shownText(within(order).getByTestId('request-status'))).toBe('पूरा हुआ'));
  expect(shownText(order)).toContain('बचा समय: लागू नहीं');
  const rating = within(await within(order).findByRole('form', { name: `${donor.fullName} को रेटिंग दें` }));
  await receiverSide.user.click(rating.getByRole('button', { name: 'रेटिंग भेजें' }));
  expect(await toastSays(receiverSide.screen, 'कृपया स्टार चुनकर रेटिंग दें।')).toBeTruthy();
  // Mantine's stars are visually hidden radios: the label is what a finger taps.
  const five = rating.getByRole('radio', { name: '5 स्टार' });
  await receiverSide.user.click(order.querySelector(`label[for="${five.id}"]`) as HTMLElement);
  await waitFor(() => expect((five as HTMLInputElement).checked).toBe(true));
  await receiverSide.user.type(rating.getByLabelText(label('टिप्पणी (ज़रूरी नहीं)')), 'समय पर मिले, धन्यवाद');
  await receiverSide.user.click(rating.getByRole('button', { name: 'रेटिंग भेजें' }));
  expect(await toastSays(receiverSide.screen, 'रेटिंग भेज दी गई!')).toBeTruthy();
  await waitFor(() => expect(shownText(order)).toContain(`${donor.fullName} को आपकी रेटिंग:`));
  await hindiOnly();

  // The receiver edits the profile.
  await receiverSide.user.click(within(receiverSide.screen.getByRole('banner')).getByRole('link', { name: 'प्रोफ़ाइल' }));
  const main = receiverSide.main;
  expect(await main().findByRole('heading', { level: 1, name: 'मेरी प्रोफ़ाइल' }, { timeout: 10_000 })).toBeTruthy();
  expect(await main().findByRole('heading', { name: 'पिकअप और खाना सौंपना' }, { timeout: 10_000 })).toBeTruthy();
  await waitFor(() => expect(shownText(receiverSide.screen.getByRole('main'))).toContain('1 मंज़ूर में से 1 बार खाना लिया'));
  expect(main().getByRole('heading', { name: 'ब्लॉक किए गए लोग' })).toBeTruthy();
  await hindiOnly();

  // A new phone number asks for the password, in Hindi, beside the field.
  const phone = main().getByLabelText(label('फ़ोन नंबर'));
  await receiverSide.user.clear(phone);
  await receiverSide.user.type(phone, '9123456780');
  await receiverSide.user.click(main().getByRole('button', { name: 'सेव करें' }));
  expect(await main().findByText('फ़ोन नंबर बदलने के लिए अपना मौजूदा पासवर्ड डालें।')).toBeTruthy();
  await receiverSide.user.clear(phone);
  await receiverSide.user.type(phone, receiver.contactNumber);
  await waitFor(() => expect(main().queryByText('फ़ोन नंबर बदलने के लिए अपना मौजूदा पासवर्ड डालें।')).toBeNull());
  const place2 = main().getByLabelText(label('जगह'));
  await receiverSide.user.clear(place2);
  await receiverSide.user.type(place2, 'औंध, पुणे 411007');
  await receiverSide.user.click(main().getByRole('button', { name: 'सेव करें' }));
  expect(await toastSays(receiverSide.screen, 'प्रोफ़ाइल अपडेट हो गई!')).toBeTruthy();
  expect((main().getByLabelText(label('जगह')) as HTMLInputElement).value).toBe('औंध, पुणे 411007');

  // The receiver writes to us from the footer.
  await receiverSide.user.click(within(receiverSide.screen.getByRole('contentinfo')).getByRole('link', { name: 'संपर्क और मदद' }));
  expect(await main().findByRole('heading', { level: 1, name: 'संपर्क और मदद' }, { timeout: 10_000 })).toBeTruthy();
  await waitFor(() => expect((main().getByLabelText(label('नाम')) as HTMLInputElement).value).toBe(receiver.fullName));
  await receiverSide.user.type(main().getByLabelText(label('विषय')), 'पिकअप के बारे में');
  await receiverSide.user.type(main().getByLabelText(label('संदेश')), 'दाता बहुत अच्छे थे, खाना समय पर मिला।');
  await hindiOnly();
  await receiverSide.user.click(main().getByRole('button', { name: 'संदेश भेजें' }));
  expect(await toastSays(receiverSide.screen, 'धन्यवाद! आपका संदेश भेज दिया गया है। हम ईमेल से जवाब देंगे।')).toBeTruthy();
  await waitFor(() => expect((main().getByLabelText(label('विषय')) as HTMLInputElement).value).toBe(''));
});

test('forgot password signed out, the user directory as an admin', async () => {
  const place = 'कोथरूड ६२';
  const donor = await server.signUp('DONOR', { fullName: 'मीरा ६२', location: `${place}, पुणे 411038` });

  // A visitor asks for a reset code on the forgot-password screen.
  const visitor = await renderRoute('/', { language: 'hi' });
  await visitor.user.click(within(visitor.screen.getByRole('banner')).getAllByRole('link', { name: 'लॉगिन' })[0] as HTMLElement);
  await visitor.user.click(await visitor.main().findByRole('link', { name: 'पासवर्ड भूल गए?' }, { timeout: 10_000 }));
  expect(await visitor.main().findByRole('heading', { name: 'पासवर्ड भूल गए' }, { timeout: 10_000 })).toBeTruthy();
  await hindiOnly();
  await visitor.user.type(visitor.main().getByLabelText(label('ईमेल')), donor.email);
  await visitor.user.type(visitor.main().getByLabelText(label('संपर्क नंबर')), donor.contactNumber);
  await visitor.user.click(visitor.main().getByRole('button', { name: 'कोड भेजें' }));
  await waitFor(
    () =>
      expect(
        visitor
          .main()
          .getAllByRole('status')
          .some((status) => shownText(status).includes('उस पर 6 अंकों का रीसेट कोड भेज दिया गया है')),
      ).toBe(true),
    { timeout: 10_000 },
  );
  expect(visitor.main().getByLabelText(label('6 अंकों का कोड'))).toBeTruthy();
  expect(visitor.main().getByRole('button', { name: 'पासवर्ड रीसेट करें' })).toBeTruthy();
  await hindiOnly();

  // An admin finds the donor in the user directory, from the home screen's links.
  const admin = await server.signUp('ADMIN', { fullName: 'एडमिन ६२' });
  const { screen, main, user } = await as(admin);
  await user.click((await mainNav(screen)).getByRole('link', { name: 'होम' }));
  await user.click(await main().findByRole('link', { name: 'सदस्य सूची' }, { timeout: 10_000 }));
  expect(await main().findByRole('heading', { level: 1, name: 'सदस्य सूची' }, { timeout: 10_000 })).toBeTruthy();
  await user.type(main().getByLabelText(label('जगह')), place);
  const card = await main().findByRole('article', { name: donor.fullName }, { timeout: 10_000 });
  expect(shownText(card)).toContain('दाता');
  expect(shownText(card)).toContain('सक्रिय');
  expect(await main().findByText('1 व्यक्ति')).toBeTruthy();
  // An admin always sees the real contact details.
  expect(shownText(card)).toContain(donor.email);
  await hindiOnly();
  await user.selectOptions(main().getByLabelText(label('भूमिका')), 'लेने वाले');
  expect(await main().findByText('कोई सदस्य नहीं मिला।', undefined, { timeout: 10_000 })).toBeTruthy();
});
