import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('the route paths, defined once for the web routes and the server links', () => {
  it('keeps the spec and earlier issues’ paths exactly', () => {
    expect(paths.browse).toBe('/BrowseDonations');
    expect(paths.myOrders).toBe('/my-order');
    expect(paths.myReceivedRequests).toBe('/my-received-requests');
    expect(paths.notificationSettings).toBe('/notification-settings');
    expect(paths.unsubscribe).toBe('/unsubscribe');
    expect(paths.requestDonation(42)).toBe('/request-donation/42');
    expect(paths.receivedRequestsFor(7)).toBe('/my-received-requests?donation=7');
    expect(paths.confirmPickup('9')).toBe('/confirm-pickup/9');
    expect(paths.foodNeed(3)).toBe('/food-needs/3');
  });

  it('gives every path from the root, each once', () => {
    const fixed = Object.values(paths).map((path) => (typeof path === 'function' ? path(1) : path));
    for (const path of fixed) expect(path.startsWith('/'), path).toBe(true);
    expect(new Set(fixed).size).toBe(fixed.length);
  });
});
