import { within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { label, renderRoute, useRouteTestServer } from './support/route-test';

const server = useRouteTestServer();

test('the create form shows each field’s format error, then creates the organisation and opens its dashboard', async () => {
  const donor = await server.signUp('DONOR');
  const { main, user, router } = await renderRoute('/organisations/new', { as: donor });
  expect(await main().findByRole('heading', { level: 1, name: 'Create an organisation' })).toBeTruthy();
  await user.type(main().getByRole('textbox', { name: label('Name of the organisation') }), 'Roti Bank Aundh');
  await user.selectOptions(main().getByRole('combobox', { name: label('Kind') }), 'NGO');
  await user.type(main().getByRole('textbox', { name: label('City') }), 'Pune');
  await user.type(main().getByRole('textbox', { name: label('Pin code') }), '01234');
  await user.type(main().getByRole('textbox', { name: 'FSSAI registration or licence number (optional)' }), '1234');
  await user.type(main().getByRole('textbox', { name: 'NGO Darpan id (optional)' }), 'MH/17/1');
  await user.click(main().getByRole('button', { name: 'Create organisation' }));
  expect(await main().findByText('A pin code is 6 digits and does not start with 0.')).toBeTruthy();
  expect(main().getByText('An FSSAI licence number has exactly 14 digits.')).toBeTruthy();
  expect(main().getByText('An NGO Darpan id is the state code, the year and 7 digits, like MH/2017/0123456.')).toBeTruthy();
  // Each message is tied to its field, for a screen reader.
  const pin = main().getByRole('textbox', { name: label('Pin code') });
  expect(pin.getAttribute('aria-invalid')).toBe('true');

  await user.clear(pin);
  await user.type(pin, '411007');
  await user.clear(main().getByRole('textbox', { name: 'FSSAI registration or licence number (optional)' }));
  await user.clear(main().getByRole('textbox', { name: 'NGO Darpan id (optional)' }));
  await user.type(main().getByRole('textbox', { name: 'NGO Darpan id (optional)' }), 'mh/2017/0123456');
  await user.click(main().getByRole('button', { name: 'Create organisation' }));
  expect(await main().findByRole('heading', { level: 1, name: 'Roti Bank Aundh' }, { timeout: 10_000 })).toBeTruthy();
  expect(router.state.location.pathname).toMatch(/^\/organisations\/\d+\/manage$/);
  expect(main().getByText('Waiting for verification')).toBeTruthy();
  expect(main().getByRole('heading', { level: 2, name: 'Volunteers and delivery runs' })).toBeTruthy();
});

test('the public page shows the name, kind, city, badge and counts, and no member', async () => {
  const coordinator = await server.signUp('DONOR', { fullName: 'Meera Kulkarni' });
  const created = await server.api<{ id: number }>('POST', '/api/organisations', {
    as: coordinator,
    body: { name: 'Annapurna Seva', kind: 'COMMUNITY_KITCHEN', city: 'Pune', pinCode: '411001', fssaiNumber: '12345678901234' },
  });
  expect(created.status).toBe(201);
  const admin = await server.signUp('ADMIN');
  const reviewed = await server.api('POST', `/api/admin/organisations/${created.body.id}/review`, {
    as: admin,
    body: { decision: 'VERIFIED', note: 'Checked' },
  });
  expect(reviewed.status).toBe(200);

  const { main } = await renderRoute(`/organisations/${created.body.id}`);
  expect(await main().findByRole('heading', { level: 1, name: 'Annapurna Seva' })).toBeTruthy();
  expect(main().getByText('Verified organisation')).toBeTruthy();
  expect(main().getByText('Community kitchen in Pune')).toBeTruthy();
  const figures = main().getByText('Members').closest('dl') as HTMLElement;
  expect(within(figures).getByText('1')).toBeTruthy();
  expect(document.body.textContent).not.toContain('Meera Kulkarni');
  expect(document.body.textContent).not.toContain('12345678901234');
});

test('in Hindi, the admin verification page lists what waits, with every field labelled', async () => {
  const coordinator = await server.signUp('RECEIVER');
  await server.api('POST', '/api/organisations', { as: coordinator, body: { name: 'आश्रय घर', kind: 'SHELTER', city: 'पुणे', pinCode: '411028' } });
  const admin = await server.signUp('ADMIN');
  const { main, screen } = await renderRoute('/admin/organisations', { as: admin, language: 'hi' });
  expect(await main().findByRole('heading', { level: 1, name: 'संस्थाएँ' })).toBeTruthy();
  expect(within(screen.getByRole('navigation', { name: 'एडमिन' })).getByRole('link', { name: 'संस्थाएँ' })).toBeTruthy();
  expect(await main().findByRole('heading', { level: 2, name: 'आश्रय घर' })).toBeTruthy();
  expect(main().getAllByRole('textbox', { name: 'ऑडिट लॉग के लिए टिप्पणी (और जानकारी माँगने पर समन्वयकों के लिए)' }).length).toBeGreaterThan(0);
  expect(main().getAllByRole('button', { name: 'सत्यापित करें' }).length).toBeGreaterThan(0);
});
