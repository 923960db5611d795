import type { DirectoryUser } from '@annadaan/contract/directory';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { get } from '../../../test/test-handover';
import { type Person, signUp } from '../../../test/test-people';
import { createTestUser, type TestUser } from '../../../test/test-users';

describeEachDatabase('user directory', (ctx) => {
  let ravi: Person;
  let sita: Person;
  let resting: Person;
  let gone: Person;
  let admin: TestUser;

  const search = async (viewer: TestUser, query = '') => {
    const response = await get(ctx(), `/api/directory/users/search${query}`, viewer);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const cards = async (viewer: TestUser, query = '') => (await search(viewer, query)).json<DirectoryUser[]>();
  const card = async (viewer: TestUser, person: Person, query = '') => (await cards(viewer, query)).find((c) => c.id === person.id);

  beforeAll(async () => {
    ravi = await signUp(ctx(), 'Ravi Kumar', 'DONOR', 'Jayanagar, Bengaluru 560041');
    sita = await signUp(ctx(), 'Sita Devi', 'RECEIVER', 'Salt Lake, Kolkata 700091');
    resting = await signUp(ctx(), 'Resting Rao', 'DONOR', 'Jayanagar, Bengaluru 560041');
    gone = await signUp(ctx(), 'Gone Gupta', 'DONOR', 'Jayanagar, Bengaluru 560041');
    admin = await createTestUser(ctx(), { role: 'ADMIN', fullName: 'Admin Anand' });
    const inactive = await ctx().app.inject({ method: 'PUT', url: '/api/user/update-profile', headers: resting.headers, payload: { profileActive: false } });
    expect(inactive.statusCode).toBe(200);
    const deactivated = await ctx().app.inject({ method: 'POST', url: `/api/admin/users/${gone.id}/deactivate`, headers: admin.headers });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
  });

  it('masks email and phone by default', async () => {
    const seen = await card(sita, ravi);
    const local = ravi.contactNumber;
    expect(local).toMatch(/^[6-9]\d{9}$/);
    expect(seen).toEqual({
      id: ravi.id,
      fullName: 'Ravi Kumar',
      role: 'DONOR',
      location: 'Jayanagar, Bengaluru 560041',
      profileActive: true,
      displayPictureUrl: '',
      email: `${ravi.email[0]}•••@example.in`,
      contactNumber: `${local.slice(0, 2)}•••••${local.slice(7)}`,
      contactVisible: false,
      deactivated: false,
    });
  });

  it('never returns an unmasked email or phone unless opted in, own card or admin', async () => {
    const everyone = [ravi, sita, resting];
    const leaks = (body: string, except: Person[] = []) =>
      everyone
        .filter((p) => !except.includes(p))
        .filter((p) => body.includes(p.email) || body.includes(p.contactNumber) || body.includes(p.contactNumber.slice(3)));
    for (const query of ['', '?profileActive=false', '?role=DONOR', '?location=jayanagar']) {
      expect(leaks((await search(sita, query)).body, [sita]), query).toEqual([]);
      expect(leaks((await search(ravi, query)).body, [ravi]), query).toEqual([]);
    }
    // A person sees their own details on their own card.
    expect(await card(sita, sita)).toMatchObject({ email: sita.email, contactNumber: sita.contactNumber, contactVisible: true });
  });

  it('shows the contacts of a person who opted in, and masks them again when they opt out', async () => {
    const optIn = await ctx().app.inject({ method: 'PUT', url: '/api/user/update-profile', headers: ravi.headers, payload: { showContactInDirectory: true } });
    expect(optIn.json()).toMatchObject({ showContactInDirectory: true });
    expect(await card(sita, ravi)).toMatchObject({ email: ravi.email, contactNumber: ravi.contactNumber, contactVisible: true });
    await ctx().app.inject({ method: 'PUT', url: '/api/user/update-profile', headers: ravi.headers, payload: { showContactInDirectory: false } });
    expect(await card(sita, ravi)).toMatchObject({ email: expect.stringContaining('•••'), contactVisible: false });
  });

  it('shows admins every contact, deactivated and admin accounts', async () => {
    expect(await card(admin, ravi)).toMatchObject({ email: ravi.email, contactNumber: ravi.contactNumber, contactVisible: true });
    expect(await card(admin, gone)).toMatchObject({ deactivated: true, email: gone.email });
    const admins = await cards(admin, '?role=ADMIN');
    expect(admins.map((c) => c.id)).toContain(admin.id);
  });

  it('hides deactivated and admin accounts from everyone else', async () => {
    const seen = await cards(sita);
    expect(seen.map((c) => c.id)).not.toContain(gone.id);
    expect(seen.map((c) => c.id)).not.toContain(admin.id);
    expect(await cards(sita, '?role=ADMIN')).toEqual([]);
  });

  it('filters by role, location and active status, active by default', async () => {
    const names = async (query: string) => (await cards(sita, query)).map((c) => c.fullName);
    expect(await names('')).toEqual(['Ravi Kumar', 'Sita Devi']);
    expect(await names('?profileActive=true')).toEqual(['Ravi Kumar', 'Sita Devi']);
    expect(await names('?profileActive=false')).toEqual(['Resting Rao']);
    expect(await names('?role=RECEIVER')).toEqual(['Sita Devi']);
    expect(await names('?role=donor')).toEqual(['Ravi Kumar']);
    expect(await names('?role=ALL&location=')).toEqual(['Ravi Kumar', 'Sita Devi']);
    expect(await names('?location=KOLKATA')).toEqual(['Sita Devi']);
    expect(await names('?location=560041&profileActive=false')).toEqual(['Resting Rao']);
    expect(await names('?location=%25')).toEqual([]);
  });

  it('pages with X-Total-Count', async () => {
    const first = await search(sita, '?pageSize=1');
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.json<DirectoryUser[]>().map((c) => c.fullName)).toEqual(['Ravi Kumar']);
    const second = await search(sita, '?pageSize=1&page=2');
    expect(second.json<DirectoryUser[]>().map((c) => c.fullName)).toEqual(['Sita Devi']);
  });

  it('refuses bad filters with messages and anonymous callers', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['?role=CHEF', { role: 'Choose a role: All, Donor, Receiver, Volunteer or Admin.' }],
      ['?profileActive=yes', { profileActive: 'profileActive must be true or false.' }],
      ['?pageSize=0', { pageSize: 'The page size is a whole number from 1 to 100.' }],
      [`?location=${'x'.repeat(201)}`, { location: 'Location must be at most 200 characters.' }],
    ];
    for (const [query, fieldErrors] of cases) {
      const response = await get(ctx(), `/api/directory/users/search${query}`, sita);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors });
    }
    const anonymous = await ctx().app.inject({ method: 'GET', url: '/api/directory/users/search' });
    expect(anonymous.statusCode).toBe(401);
  });
});
