import { waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { label, part, renderRoute, shownText, useRouteTestServer } from './support/route-test';
import { untranslatedText } from './support/language';

/*
 * Issue 17, task G, at a laptop's width: the admin area and the About, Sources and Terms pages in
 * Hindi, every screen reached by clicking. People and food are named in Devanagari, so the
 * untranslated-text scan sees only the app's words. (Moved from e2e/hindi-admin.spec.ts's laptop
 * runs. The browser keeps the 360 px phone runs, which also check the layout, axe and the
 * Devanagari font, fetched only for Hindi.)
 */
const server = useRouteTestServer();

const hindiOnly = () => waitFor(() => expect(untranslatedText()).toEqual([]));

test('a Hindi admin hides a reported listing, reads the audit log and the contact messages', async () => {
  const donor = await server.signUp('DONOR', { fullName: 'मीरा ४१' });
  const reporter = await server.signUp('RECEIVER', { fullName: 'रवि ४२' });
  const admin = await server.signUp('ADMIN', { fullName: 'अनीता ४३' });
  const foodName = 'पनीर करी ४४';
  const donation = await server.api<{ id: number }>('POST', '/api/donations', {
    as: donor,
    body: {
      foodName,
      description: 'ताज़ा बना',
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
  const details = 'डिब्बा खोला तो खट्टी गंध आई।';
  const report = await server.api('POST', '/api/reports', {
    as: reporter,
    body: { targetType: 'DONATION', targetId: donation.body.id, reason: 'SPOILED_OR_UNSAFE', details },
  });
  expect(report.status).toBe(201);
  const sender = 'सुनीता ४५';
  const subject = 'पिकअप कोड का सवाल ४६';
  const contact = await server.api('POST', '/api/contact', {
    body: { name: sender, email: 'sunita.46@example.in', subject, message: 'पिकअप कोड कहाँ मिलेगा?' },
  });
  expect(contact.status).toBe(201);

  const { screen, main, user } = await renderRoute('/', { as: admin, language: 'hi' });
  // The moderation queue from the header's एडमिन link.
  const nav = await screen.findByRole('navigation', { name: 'मुख्य' });
  await user.click(await within(nav).findByRole('link', { name: 'एडमिन' }, { timeout: 10_000 }));
  expect(await main().findByRole('heading', { name: 'मॉडरेशन', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  const adminNav = () => within(main().getByRole('navigation', { name: 'एडमिन' }));
  expect(adminNav().getByRole('link', { name: 'मॉडरेशन' }).getAttribute('aria-current')).toBe('page');
  const item = await main().findByRole('article', { name: `दान: ${foodName}` }, { timeout: 10_000 });
  expect(shownText(item)).toContain('खराब या असुरक्षित खाना');
  expect(shownText(item)).toContain(`– ${reporter.fullName}`);
  expect(shownText(item)).toContain(details);
  expect(shownText(item)).toContain(`स्थिति: उपलब्ध। डालने वाले: ${donor.fullName}।`);
  expect(within(item).getByRole('heading', { name: 'खुली शिकायतें (1)' })).toBeTruthy();
  await hindiOnly();

  // The listing is hidden with a reason: the Hindi result, and it leaves the queue.
  await user.click(within(item).getByRole('button', { name: `लिस्टिंग छिपाएँ: दान ${foodName}` }));
  const dialog = within(await screen.findByRole('dialog', { name: `“${foodName}” छिपाएँ` }));
  expect(dialog.getByText(part('ऑडिट लॉग में रहेगी।'))).toBeTruthy();
  await user.type(dialog.getByLabelText(label('वजह')), 'शिकायत सही निकली; दाता ने जवाब नहीं दिया।');
  await hindiOnly();
  await user.click(dialog.getByRole('button', { name: 'लिस्टिंग छिपाएँ' }));
  expect(await screen.findByText('लिस्टिंग छिपा दी गई है।', undefined, { timeout: 10_000 })).toBeTruthy();
  await waitFor(() => expect(main().queryByRole('article', { name: `दान: ${foodName}` })).toBeNull());

  // The audit log says who hid what and why.
  await user.click(adminNav().getByRole('link', { name: 'ऑडिट लॉग' }));
  expect(await main().findByRole('heading', { name: 'ऑडिट लॉग', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  const entry = await waitFor(
    () => {
      const found = main()
        .getAllByRole('listitem')
        .find((element) => shownText(element).includes(`लिस्टिंग छिपाई: दान #${donation.body.id}`));
      expect(found).toBeDefined();
      return found as HTMLElement;
    },
    { timeout: 10_000 },
  );
  expect(shownText(entry)).toContain(`किसने: ${admin.fullName}`);
  expect(shownText(entry)).toContain('वजह: शिकायत सही निकली; दाता ने जवाब नहीं दिया।');
  await hindiOnly();

  // The contact messages show who wrote, signed out.
  await user.click(adminNav().getByRole('link', { name: 'संदेश' }));
  expect(await main().findByRole('heading', { name: 'संपर्क संदेश', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  const message = await main().findByRole('article', { name: subject }, { timeout: 10_000 });
  expect(shownText(message)).toContain(`भेजने वाले: ${sender}`);
  expect(shownText(message)).toContain('लॉगिन किए बिना');
  expect(shownText(message)).toContain('पिकअप कोड कहाँ मिलेगा?');
  await hindiOnly();
});

test('signed out: About, Sources and Terms in Hindi, reached from the footer', async () => {
  const { screen, main, user, router } = await renderRoute('/about');
  const footer = () => within(screen.getByRole('contentinfo'));
  expect(await main().findByRole('heading', { name: 'About Annadaan', level: 1 }, { timeout: 10_000 })).toBeTruthy();

  // हिन्दी from the bar: switching does not move the reader, still About, now in Hindi.
  await user.click(within(screen.getByRole('banner')).getAllByRole('button', { name: 'हिन्दी' })[0] as HTMLElement);
  expect(await main().findByRole('heading', { name: 'Annadaan के बारे में', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/about');
  expect(main().getByRole('heading', { name: 'यह कैसे काम करता है' })).toBeTruthy();
  expect(main().getByRole('link', { name: 'नियम और शर्तें' })).toBeTruthy();
  await hindiOnly();

  // Sources and formulas in Hindi, the region switched to the world.
  await user.click(footer().getByRole('link', { name: /सोर्स|स्रोत/ }));
  expect(await main().findByRole('heading', { name: 'स्रोत और गणना', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  expect(main().getByRole('heading', { name: 'फ़ॉर्मूले' })).toBeTruthy();
  expect(main().getByRole('region', { name: 'फ़ॉर्मूला: बर्बाद खाने से कितने लोगों का पेट भर सकता है' })).toBeTruthy();
  const table = () => main().getByRole('table', { name: 'हर मान और उसका स्रोत' });
  expect(table().querySelectorAll('tbody tr')).toHaveLength(66);
  expect(within(table()).getByRole('columnheader', { name: 'तरीका और टिप्पणियाँ' })).toBeTruthy();
  await user.selectOptions(main().getByLabelText(label('क्षेत्र')), 'दुनिया');
  await waitFor(() => expect([...table().querySelectorAll('tbody tr')].some((row) => shownText(row).includes('673 मिलियन लोग'))).toBe(true));
  await hindiOnly();

  // Terms and conditions in Hindi: the five terms and deleting an account.
  await user.click(footer().getByRole('link', { name: 'नियम व शर्तें' }));
  expect(await main().findByRole('heading', { name: 'नियम और शर्तें', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  const terms = main().getAllByRole('listitem');
  expect(terms).toHaveLength(5);
  expect(shownText(terms[0] as HTMLElement)).toContain('खाने की सुरक्षा:');
  expect(main().getByRole('heading', { name: 'अपना खाता मिटाना और अपना डेटा लेना' })).toBeTruthy();
  await hindiOnly();
});
