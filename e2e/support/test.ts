import { randomInt } from 'node:crypto';
import { test as base } from '@playwright/test';

/*
 * Every test acts from its own client address (the e2e server trusts one proxy hop, TRUST_PROXY=1), as real
 * people do. Without it, the whole suite would share 127.0.0.1 and trip the per-address sign-up
 * and sign-in limits that the API tests check on purpose.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const address = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
});

export { expect } from '@playwright/test';
