import type { APIRequestContext, Browser } from '@playwright/test';
import { createAdmin } from './support/admin';
import { type ContrastProblem, badgeContrastProblems } from './support/contrast';
import { type Person, acceptRequest, donate, handOver, postFoodNeed, registerPerson, requestDonation, tag } from './support/scenario';
import { expect, test } from './support/test';

/*
 * Issue 29 item 8: the notification centre's "Unread" pill was green text on the same green, an
 * empty bar, and axe passed it. Every badge and status pill on the screens that show them, in
 * English and in Hindi, must have its text at 4.5:1 or more against what is actually behind it.
 */

const auth = (person: Person) => ({ authorization: `Bearer ${person.token}` });

async function post(request: APIRequestContext, person: Person, path: string, data: unknown, status = 200) {
  const response = await request.post(path, { headers: auth(person), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
}

/** Food in every state, a request in every status, an unread notice, a food need and an open report. */
async function everyStatus(request: APIRequestContext) {
  const donor = await registerPerson(request, 'DONOR');
  const receiver = await registerPerson(request, 'RECEIVER');
  const other = await registerPerson(request, 'RECEIVER');
  const admin = await createAdmin(request);
  const food = (name: string) => donate(request, donor, `${name} ${tag()}`);

  const available = await food('Poha');
  const pending = await food('Upma');
  await requestDonation(request, receiver, pending.id);
  const awaiting = await food('Khichdi');
  await acceptRequest(request, donor, (await requestDonation(request, receiver, awaiting.id)).id);
  const completed = await food('Pulao');
  await handOver(request, donor, other, (await requestDonation(request, other, completed.id)).id);
  const rejected = await food('Dal');
  const rejectedRequest = await requestDonation(request, receiver, rejected.id);
  await post(request, donor, `/api/requests/${rejectedRequest.id}/reject`, {});
  const cancelled = await food('Thepla');
  const cancelledRequest = await requestDonation(request, receiver, cancelled.id);
  await post(request, receiver, `/api/requests/${cancelledRequest.id}/cancel`, {});
  const withdrawn = await food('Sabzi');
  await post(request, donor, `/api/donations/${withdrawn.id}/cancel`, {});
  const need = await postFoodNeed(request, receiver, 12);
  await post(request, receiver, '/api/reports', { targetType: 'DONATION', targetId: available.id, reason: 'WRONG_INFORMATION' }, 201);
  // A suspended user reported again: the queue shows the suspension's badge beside the new report.
  const troll = await registerPerson(request, 'RECEIVER');
  const trollId = await userId(request, troll);
  await post(request, other, '/api/reports', { targetType: 'USER', targetId: trollId, reason: 'ABUSIVE' }, 201);
  await post(request, admin, '/api/admin/moderation/actions', { action: 'SUSPEND', targetType: 'USER', targetId: trollId, reason: 'Abuse', durationDays: 1 });
  await post(request, donor, '/api/reports', { targetType: 'USER', targetId: trollId, reason: 'ABUSIVE' }, 201);
  return { donor, receiver, admin, available, pending, need };
}

async function userId(request: APIRequestContext, person: Person): Promise<number> {
  const response = await request.get('/api/user/profile', { headers: auth(person) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

/** Visits each screen as `person` in `language` and returns the badges under 4.5:1, by screen. */
async function measure(browser: Browser, request: APIRequestContext, person: Person | null, language: 'en' | 'hi', screens: readonly string[]) {
  // The account's language, which a signed-in screen follows, and this browser's for public ones.
  if (person) {
    const saved = await request.put('/api/user/update-profile', { headers: auth(person), data: { language } });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ({ session, lang }) => {
      if (session) {
        sessionStorage.setItem('token', session.token);
        sessionStorage.setItem('role', session.role);
      }
      localStorage.setItem('annadaan.language', lang);
    },
    { session: person ? { token: person.token, role: person.role } : null, lang: language },
  );
  const page = await context.newPage();
  const found: { screen: string; problems: ContrastProblem[] }[] = [];
  let checked = 0;
  try {
    for (const screen of screens) {
      await page.goto(screen);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('main .mantine-Badge-root').first(), `a badge on ${screen}`).toBeVisible();
      // Lists fill in as their parts arrive: measure once the count of badges holds still between two looks.
      let last = -1;
      await expect
        .poll(
          async () => {
            const count = await page.locator('.mantine-Badge-root').count();
            const settled = count === last;
            last = count;
            return settled;
          },
          { intervals: [400] },
        )
        .toBe(true);
      const result = await badgeContrastProblems(page);
      checked += result.checked;
      if (result.problems.length > 0) found.push({ screen: `${language} ${screen}`, problems: result.problems });
    }
  } finally {
    await context.close();
  }
  return { checked, found };
}

test('every badge and status pill reads at 4.5:1 or more, in English and in Hindi', async ({ browser, request }) => {
  test.slow();
  const { donor, receiver, admin, available, pending, need } = await everyStatus(request);
  const visits = [
    {
      person: receiver,
      screens: [
        '/notifications',
        '/my-order?mode=COLLECTED',
        '/BrowseDonations',
        `/request-donation/${available.id}`,
        '/food-needs',
        `/food-needs/${need.id}`,
        '/dashboard?tab=activities',
        '/dashboard?tab=achievements',
        '/UserDirectory',
      ],
    },
    {
      person: donor,
      screens: [
        '/my-received-requests',
        '/my-order?mode=DONATED',
        `/request-donation/${pending.id}`,
        '/dashboard?tab=available-donations',
        '/dashboard?tab=activities',
      ],
    },
    { person: admin, screens: ['/admin/moderation'] },
    { person: null, screens: ['/source'] },
  ];
  const found: { screen: string; problems: ContrastProblem[] }[] = [];
  let checked = 0;
  for (const language of ['en', 'hi'] as const) {
    for (const visit of visits) {
      const result = await measure(browser, request, visit.person, language, visit.screens);
      checked += result.checked;
      found.push(...result.found);
    }
  }
  expect(found).toEqual([]);
  // The sweep saw the badges it was meant to (each language, each screen, several per list).
  expect(checked).toBeGreaterThan(60);
});
