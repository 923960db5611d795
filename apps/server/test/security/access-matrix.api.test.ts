import { beforeAll, expect, it } from 'vitest';
import { freshAddress } from '../accounts';
import { describeEachDatabase } from '../test-app';
import type { Person } from '../test-people';
import { ACCESS_MATRIX, type Actor, HIDDEN_ROUTES, type MatrixRow } from './access-matrix';
import { fillPath, listOperations } from './openapi-operations';
import { type World, buildWorld, clearThrottles } from './security-fixtures';
import { injectCall } from './stream-routes';

function actorsOf(row: MatrixRow): Actor[] {
  return row.expected.counterparty === undefined ? ['anonymous', 'party', 'other', 'admin'] : ['anonymous', 'party', 'counterparty', 'other', 'admin'];
}

function defaultPerson(world: World, row: MatrixRow, actor: Actor): Person | undefined {
  const receiverIsParty = row.partyIs === 'receiver';
  switch (actor) {
    case 'anonymous':
      return undefined;
    case 'party':
      return receiverIsParty ? world.receiver : world.owner;
    case 'counterparty':
      return receiverIsParty ? world.owner : world.receiver;
    case 'other':
      return world.other;
    case 'admin':
      return world.admin;
  }
}

const digits = (text: string) => text.replace(/\D/g, '').slice(-10);

describeEachDatabase(
  'access-control matrix',
  (ctx) => {
    let world: World;
    beforeAll(async () => {
      world = await buildWorld(ctx());
    });

    it('has exactly one row per route of the OpenAPI document', () => {
      const documented = listOperations(ctx().app).map((operation) => operation.key);
      const rows = Object.keys(ACCESS_MATRIX).filter((key) => !HIDDEN_ROUTES.includes(key));
      expect(
        documented.filter((key) => !rows.includes(key)),
        'routes without a row in ACCESS_MATRIX',
      ).toEqual([]);
      expect(
        rows.filter((key) => !documented.includes(key)),
        'rows naming a route that no longer exists',
      ).toEqual([]);
      for (const key of HIDDEN_ROUTES) {
        const [method = '', path = ''] = key.split(' ');
        expect(ctx().app.hasRoute({ method: method as 'GET', url: path.replace(/\{(\w+)\}/g, ':$1') }), `hidden route ${key}`).toBe(true);
      }
    });

    for (const [key, row] of Object.entries(ACCESS_MATRIX)) {
      it(key, async () => {
        const [method = '', path = ''] = key.split(' ');
        const outcomes: Record<string, number> = {};
        for (const actor of actorsOf(row)) {
          await clearThrottles(ctx());
          const prepared = (await row.prepare?.(world, actor)) ?? {};
          const person = actor === 'anonymous' ? undefined : (prepared.as ?? defaultPerson(world, row, actor));
          const query = prepared.query ? `?${new URLSearchParams(prepared.query).toString()}` : '';
          const headers: Record<string, string> = { ...(person ? person.headers : {}) };
          if (prepared.multipart) headers['content-type'] = prepared.multipart.contentType;
          const response = await injectCall(ctx().app, key, {
            method: method as 'GET' | 'POST' | 'PUT',
            url: fillPath(path, prepared.params ?? {}) + query,
            headers,
            remoteAddress: freshAddress(),
            ...(prepared.multipart ? { payload: prepared.multipart.payload } : prepared.body ? { payload: prepared.body } : {}),
          });
          outcomes[actor] = response.statusCode;
          // Reads by someone who is not the owner never carry the owner's email or full phone number.
          if (method === 'GET' && (actor === 'anonymous' || actor === 'other') && response.statusCode < 300) {
            expect(response.body, `${key} as ${actor} shows the owner's email`).not.toContain(world.owner.email);
            expect(response.body.replace(/\D/g, ''), `${key} as ${actor} shows the owner's phone`).not.toContain(digits(world.owner.contactNumber));
          }
        }
        const expected: Record<string, number> = { ...row.expected };
        expect(outcomes, `${key}: status per actor`).toEqual(expected);
      });
    }
  },
  { DEV_OUTBOX: 'true', HOST: '0.0.0.0', GEOCODER_URL: 'http://127.0.0.1:9' },
);
