import { expect, it } from 'vitest';
import { bearer, freshAddress, registerPerson } from '../../../test/accounts';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { createSession } from '../auth/sessions-repository';
import { errorBody } from '../../../test/error-body';

async function makeAdmin(ctx: TestContext) {
  const person = await registerPerson(ctx);
  const row = await ctx.database.db.updateTable('users').set({ role: 'ADMIN' }).where('email', '=', person.email).returning('id').executeTakeFirstOrThrow();
  return { ...person, id: row.id, token: await createSession(ctx.database.db, row.id, ctx.clock.now()) };
}

async function userId(ctx: TestContext, token: string): Promise<number> {
  return (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) })).json().id;
}

describeEachDatabase('admin: deactivate and reactivate accounts', (ctx) => {
  const post = (url: string, token?: string) => ctx().app.inject({ method: 'POST', url, headers: token ? bearer(token) : {} });
  const login = (email: string, password: string) =>
    ctx().app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: freshAddress() });

  it('deactivation ends sessions at once and blocks sign-in; reactivation lets the person sign in again', async () => {
    const admin = await makeAdmin(ctx());
    const person = await registerPerson(ctx());
    const id = await userId(ctx(), person.token);

    const response = await post(`/api/admin/users/${id}/deactivate`, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'The account has been deactivated.' });
    expect((await ctx().app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(person.token) })).statusCode).toBe(401);

    const refused = await login(person.email, person.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(errorBody({ message: 'This account has been deactivated. Please contact support.', code: 'FORBIDDEN' }));
    // A wrong password still gets the ordinary answer, so deactivation is told only to the owner.
    expect((await login(person.email, 'Wrong-Password-9')).statusCode).toBe(401);

    // No reset codes for a deactivated account.
    await ctx().app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: person.email, contactNumber: person.contactNumber } });
    const outbox = await ctx().app.inject({ method: 'GET', url: `/api/dev/outbox?email=${encodeURIComponent(person.email)}` });
    expect(outbox.json().messages).toEqual([]);

    expect((await post(`/api/admin/users/${id}/reactivate`, admin.token)).json()).toEqual({ message: 'The account has been reactivated.' });
    // The old session stays dead; a new sign-in works.
    expect((await ctx().app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(person.token) })).statusCode).toBe(401);
    expect((await login(person.email, person.password)).statusCode).toBe(200);
  });

  it('a deactivated account loses its sessions at once even without the admin route', async () => {
    const person = await registerPerson(ctx());
    await ctx().database.db.updateTable('users').set({ deactivated_at: ctx().clock.now().toISOString() }).where('email', '=', person.email).execute();
    expect((await ctx().app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(person.token) })).statusCode).toBe(401);
  });

  it('is for admins only', async () => {
    const person = await registerPerson(ctx());
    const id = await userId(ctx(), person.token);
    expect((await post(`/api/admin/users/${id}/deactivate`)).statusCode).toBe(401);
    const forbidden = await post(`/api/admin/users/${id}/deactivate`, person.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual(errorBody({ message: 'You are not allowed to do that.', code: 'FORBIDDEN' }));
    expect((await post(`/api/admin/users/${id}/reactivate`, person.token)).statusCode).toBe(403);
  });

  it('answers unknown ids, bad ids and self-deactivation clearly', async () => {
    const admin = await makeAdmin(ctx());
    const missing = await post('/api/admin/users/999999/deactivate', admin.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody({ message: 'There is no user with this id.', code: 'NOT_FOUND' }));
    const bad = await post('/api/admin/users/abc/deactivate', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ id: 'The id must be a number.' });
    const self = await post(`/api/admin/users/${admin.id}/deactivate`, admin.token);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot deactivate your own account.');
  });
});
