import { expect, it } from 'vitest';
import { bearer, registerPerson } from '../../../test/accounts';
import { describeEachDatabase } from '../../../test/test-app';

describeEachDatabase('user: profile', (ctx) => {
  const getProfile = (token: string) => ctx().app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
  const update = (token: string, payload: object) => ctx().app.inject({ method: 'PUT', url: '/api/user/update-profile', headers: bearer(token), payload });

  it('returns exactly the profile fields', async () => {
    const person = await registerPerson(ctx(), { fssaiLicenseNumber: '11223344556677' });
    const response = await getProfile(person.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      fullName: 'Asha Verma',
      email: person.email,
      // The 10 digits once: clients show their own +91 beside them.
      contactNumber: person.contactNumber,
      location: 'Koramangala, Bengaluru 560034',
      role: 'DONOR',
      profileActive: true,
      fssaiLicenseNumber: '11223344556677',
      showContactInDirectory: false,
      userData: { address: '', alternateContact: '', displayPictureUrl: '' },
      language: null,
    });
  });

  it('keeps the chosen app language on the account and refuses one the app does not speak', async () => {
    const person = await registerPerson(ctx());
    const chosen = await update(person.token, { language: 'hi' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().language).toBe('hi');
    expect((await getProfile(person.token)).json().language).toBe('hi');

    const unknown = await update(person.token, { language: 'fr' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fieldErrors)).toEqual(['language']);
    // Other changes leave the choice alone; English can be chosen back.
    expect((await update(person.token, { address: 'Near the bus stand' })).json().language).toBe('hi');
    expect((await update(person.token, { language: 'en' })).json().language).toBe('en');
  });

  it('stores a number written any usual way once, as +91 and 10 digits, and returns the 10 digits everywhere', async () => {
    const writings = ['98765 4321X', '+91 98765 4321X', '+9198765-4321X', '098765 4321X', '91 98765 4321X'];
    for (const [index, writing] of writings.entries()) {
      const local = `98765432${index}${index}`;
      const person = await registerPerson(ctx(), { contactNumber: writing.replace('4321X', `432${index}${index}`) });
      const stored = await ctx().database.db.selectFrom('users').select('contact_number').where('email', '=', person.email).executeTakeFirstOrThrow();
      expect(stored.contact_number, writing).toBe(`+91${local}`);
      const profile = (await getProfile(person.token)).json<{ contactNumber: string }>();
      expect(profile.contactNumber, writing).toBe(local);

      // The same number sent back as it was shown, or with its country code, stays the same number.
      const updated = await update(person.token, { contactNumber: index % 2 === 0 ? local : `+91${local}`, alternateContact: `0${local}` });
      expect(updated.json(), writing).toMatchObject({ contactNumber: local, userData: { alternateContact: local } });
      const after = await ctx()
        .database.db.selectFrom('users')
        .select(['contact_number', 'alternate_contact'])
        .where('email', '=', person.email)
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ contact_number: `+91${local}`, alternate_contact: `+91${local}` });
    }
  });

  it('refuses a number that carries the country code twice', async () => {
    const person = await registerPerson(ctx());
    const response = await update(person.token, { contactNumber: '+91 +91 98765 43210' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fieldErrors: { contactNumber: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.' } });
  });

  it('is 401 without a token or with a made-up one', async () => {
    expect((await ctx().app.inject({ method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
    expect((await getProfile('x'.repeat(43))).statusCode).toBe(401);
    expect((await ctx().app.inject({ method: 'PUT', url: '/api/user/update-profile', payload: {} })).statusCode).toBe(401);
  });

  it('updates the editable fields and returns the profile', async () => {
    const person = await registerPerson(ctx());
    const response = await update(person.token, {
      fullName: '  Asha V. ',
      contactNumber: '7012345678',
      currentPassword: person.password,
      location: 'Indiranagar, Bengaluru 560038',
      address: '12 Temple Road',
      alternateContact: '+91 80123 45678',
      displayPictureUrl: '',
      profileActive: false,
      showContactInDirectory: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      showContactInDirectory: true,
      fullName: 'Asha V.',
      contactNumber: '7012345678',
      location: 'Indiranagar, Bengaluru 560038',
      profileActive: false,
      userData: { address: '12 Temple Road', alternateContact: '8012345678', displayPictureUrl: '' },
    });
    expect((await getProfile(person.token)).json()).toEqual(response.json());
  });

  it('leaves out fields that are not sent', async () => {
    const person = await registerPerson(ctx());
    const response = await update(person.token, { address: 'Near the bus stand' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fullName: 'Asha Verma', location: 'Koramangala, Bengaluru 560034', userData: { address: 'Near the bus stand' } });
  });

  it('never changes email, role or id', async () => {
    const person = await registerPerson(ctx(), { role: 'RECEIVER' });
    const before = (await getProfile(person.token)).json();
    const response = await update(person.token, { email: 'taken-over@example.in', role: 'ADMIN', id: 1, fullName: 'New Name', passwordHash: 'x' });
    expect(response.statusCode).toBe(200);
    const after = (await getProfile(person.token)).json();
    expect(after).toEqual({ ...before, fullName: 'New Name' });
    expect(after.email).toBe(person.email);
    expect(after.role).toBe('RECEIVER');
  });

  it('refuses bad values with human messages', async () => {
    const person = await registerPerson(ctx());
    const cases: [object, Record<string, string>][] = [
      [{ fullName: ' ' }, { fullName: 'Full name is required.' }],
      [{ contactNumber: '12345' }, { contactNumber: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.' }],
      [{ location: 'x'.repeat(201) }, { location: 'Location must be at most 200 characters.' }],
      [{ profileActive: 'yes' }, { profileActive: 'Choose active or inactive.' }],
      [{ showContactInDirectory: 'on' }, { showContactInDirectory: 'Choose whether to show your contact details in the directory.' }],
      [{ displayPictureUrl: 'https://evil.example/p.png' }, { displayPictureUrl: 'Upload the picture first.' }],
    ];
    for (const [payload, fieldErrors] of cases) {
      const response = await update(person.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors });
    }
  });

  it('accepts only a picture the caller uploaded', async () => {
    const owner = await registerPerson(ctx());
    const other = await registerPerson(ctx());
    const fileName = 'AbCdEfGhIjKlMnOpQrStUvWx.webp';
    await ctx()
      .database.db.insertInto('uploads')
      .values({ owner_id: (await getProfile(owner.token)).json().id, file_name: fileName, bytes: 10, created_at: new Date().toISOString() })
      .execute();
    const stolen = await update(other.token, { displayPictureUrl: `/uploads/${fileName}` });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fieldErrors).toEqual({ displayPictureUrl: 'Upload the picture first.' });
    const never = await update(owner.token, { displayPictureUrl: '/uploads/NeverUploadedNameXYZ.webp' });
    expect(never.statusCode).toBe(400);
    const own = await update(owner.token, { displayPictureUrl: `/uploads/${fileName}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().userData.displayPictureUrl).toBe(`/uploads/${fileName}`);
  });
});
