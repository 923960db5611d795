import crypto from 'node:crypto';
import { VOLUNTEER_TERMS_VERSION, WALKTHROUGH } from '@annadaan/contract/runs';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Config } from '../config';
import { DAY, HOUR, MINUTE, manualClock } from '../lib/clock';
import type { AppDatabase } from './database';

/**
 * Demo data for `npm start`: donors and receivers in a few Indian cities, available donations of
 * both food types, requests in every status and food needs, with five months of history for the
 * charts.
 *
 * It is loaded through the real API, in-process, with a clock that walks from the past to now,
 * so every record went through the same rules and state changes as a person's would. The demo
 * accounts share one random password, written to DATA_DIR/demo-sign-ins.txt and printed at start.
 */
export interface DemoSignIns {
  password: string;
  accounts: { email: string; role: 'DONOR' | 'RECEIVER'; name: string }[];
}

interface DemoPerson {
  key: string;
  fullName: string;
  email: string;
  contactNumber: string;
  location: string;
  /** Where they are, within their pin code's area: their donations are placed here (issue 29). */
  geolocation: string;
  role: 'DONOR' | 'RECEIVER';
  fssaiLicenseNumber?: string;
}

const PEOPLE: DemoPerson[] = [
  {
    key: 'annapurna',
    geolocation: '19.0596,72.8295',
    fullName: 'Annapurna Kitchen',
    email: 'annapurna.kitchen@demo.annadaan.in',
    contactNumber: '+919820011234',
    location: 'Bandra West, Mumbai 400050',
    role: 'DONOR',
    fssaiLicenseNumber: '11521998000123',
  },
  {
    key: 'meera',
    geolocation: '13.0418,80.2341',
    fullName: 'Meera Iyer',
    email: 'meera.iyer@demo.annadaan.in',
    contactNumber: '+919444056789',
    location: 'T. Nagar, Chennai 600017',
    role: 'DONOR',
  },
  {
    key: 'saravana',
    geolocation: '12.9352,77.6245',
    fullName: 'Saravana Caterers',
    email: 'saravana.caterers@demo.annadaan.in',
    contactNumber: '+919900024680',
    location: 'Koramangala, Bengaluru 560034',
    role: 'DONOR',
    fssaiLicenseNumber: '21219010000456',
  },
  {
    key: 'rahul',
    geolocation: '28.5245,77.2066',
    fullName: 'Rahul Verma',
    email: 'rahul.verma@demo.annadaan.in',
    contactNumber: '+919811013579',
    location: 'Saket, New Delhi 110017',
    role: 'DONOR',
  },
  {
    key: 'rotibank',
    geolocation: '18.9986,72.8410',
    fullName: 'Roti Bank Seva Trust',
    email: 'roti.bank@demo.annadaan.in',
    contactNumber: '+919833097531',
    location: 'Parel, Mumbai 400012',
    role: 'RECEIVER',
  },
  {
    key: 'asha',
    geolocation: '13.0190,77.6480',
    fullName: 'Asha Shelter Home',
    email: 'asha.shelter@demo.annadaan.in',
    contactNumber: '+919740086420',
    location: 'Banaswadi, Bengaluru 560043',
    role: 'RECEIVER',
  },
  {
    key: 'priya',
    geolocation: '22.5195,88.3660',
    fullName: 'Priya Das',
    email: 'priya.das@demo.annadaan.in',
    contactNumber: '+919007012345',
    location: 'Gariahat, Kolkata 700019',
    role: 'RECEIVER',
  },
  {
    // Issue 32: a volunteer (signed up as a receiver, approved below) who covers Bengaluru's east.
    key: 'kiran',
    geolocation: '12.9784,77.6408',
    fullName: 'Kiran Volunteer',
    email: 'kiran.volunteer@demo.annadaan.in',
    contactNumber: '+919845011223',
    location: 'Indiranagar, Bengaluru 560038',
    role: 'RECEIVER',
  },
  {
    key: 'rainbasera',
    geolocation: '28.6670,77.2280',
    fullName: 'Rain Basera Night Shelter',
    email: 'rain.basera@demo.annadaan.in',
    contactNumber: '+919871067890',
    location: 'Kashmere Gate, Delhi 110006',
    role: 'RECEIVER',
  },
];

interface DonationSeed {
  foodName: string;
  description: string;
  quantity: string;
  foodType: 'PRECOOKED' | 'RAW';
  free: boolean;
  price?: number;
  refrigerationAvailable?: boolean;
  deliveryType?: 'SELF_PICKUP' | 'DELIVERY_PARTNER' | 'ANY';
  /** Raw food only: how long from posting until it expires. */
  rawShelfLifeMs?: number;
  /** Issue 16; cooked meals also get a cooking time and the whole checklist when posted. */
  diet?: 'VEG' | 'EGG' | 'NON_VEG' | 'VEGAN';
  jain?: boolean;
  allergens?: Array<'GLUTEN' | 'MILK'>;
  /** Issue 33: shared out in portions. */
  portions?: { total: number; unit: 'PLATE'; maxPerRequest: number; autoAccept: boolean };
}

const MEALS: DonationSeed[] = [
  {
    foodName: 'Veg biryani',
    diet: 'VEG',
    jain: false,
    allergens: ['MILK'],
    description: 'Freshly cooked vegetable biryani with raita, packed in foil trays.',
    quantity: '25 plates',
    foodType: 'PRECOOKED',
    free: true,
    refrigerationAvailable: true,
  },
  {
    foodName: 'Idli and sambar',
    diet: 'VEGAN',
    jain: false,
    allergens: [],
    description: 'Soft idlis with sambar and coconut chutney from a family function.',
    quantity: '40 idlis',
    foodType: 'PRECOOKED',
    free: true,
    refrigerationAvailable: false,
  },
  {
    foodName: 'Wedding buffet surplus',
    diet: 'VEG',
    jain: false,
    allergens: ['MILK', 'GLUTEN'],
    description: 'Paneer butter masala, dal makhani, jeera rice and rotis.',
    quantity: '60 plates',
    foodType: 'PRECOOKED',
    free: true,
    refrigerationAvailable: true,
    deliveryType: 'ANY',
  },
  {
    foodName: 'Rajma chawal',
    diet: 'VEG',
    jain: false,
    allergens: [],
    description: 'Home-style rajma with steamed rice, mildly spiced.',
    quantity: '8 plates',
    foodType: 'PRECOOKED',
    free: false,
    price: 30,
    refrigerationAvailable: false,
  },
  {
    foodName: 'Rice and toor dal',
    diet: 'VEGAN',
    allergens: [],
    description: 'Sealed bags of sona masoori rice and toor dal.',
    quantity: '20 kg rice, 5 kg dal',
    foodType: 'RAW',
    free: true,
    rawShelfLifeMs: 20 * DAY,
  },
  {
    foodName: 'Fresh vegetables',
    diet: 'VEGAN',
    description: 'Tomatoes, onions, potatoes and beans from the morning market.',
    quantity: '15 kg',
    foodType: 'RAW',
    free: false,
    price: 120,
    rawShelfLifeMs: 3 * DAY,
    deliveryType: 'DELIVERY_PARTNER',
  },
  {
    foodName: 'Chapati and sabzi',
    diet: 'VEG',
    jain: false,
    allergens: ['GLUTEN'],
    description: 'Chapatis with aloo gobi, packed for individual servings.',
    quantity: '30 packs',
    foodType: 'PRECOOKED',
    free: true,
    refrigerationAvailable: true,
  },
  {
    foodName: 'Bananas and apples',
    description: 'Ripe fruit, good for today and tomorrow.',
    quantity: '10 dozen',
    foodType: 'RAW',
    free: true,
    rawShelfLifeMs: 2 * DAY,
  },
];

export function demoSignInsFile(config: Config) {
  return path.join(config.dataDir, 'demo-sign-ins.txt');
}

/** Loads the demo data into an empty database; returns null when the database already has accounts. */
export async function loadDemoData(database: AppDatabase, config: Config, realNow: Date = new Date()): Promise<DemoSignIns | null> {
  const existing = await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;

  const password = `Demo-${crypto.randomBytes(9).toString('base64url')}`;
  const clock = manualClock(new Date(realNow.getTime() - 150 * DAY));
  const app = await buildApp({ config: { ...config, logLevel: 'silent', devOutbox: false }, database, clock });
  try {
    const demo = new DemoDriver(app);
    for (const person of PEOPLE) {
      const { fssaiLicenseNumber, key: _key, geolocation: _point, ...rest } = person;
      const body = { ...rest, password, ...(fssaiLicenseNumber ? { fssaiLicenseNumber } : {}) };
      await demo.call('POST', '/api/auth/register', undefined, body, 201);
    }
    // The clock jumps weeks at a time, past any session's lifetime: sign in again at each step.
    let tokens = new Map<string, string>();
    const signInEveryone = async () => {
      tokens = new Map();
      for (const person of PEOPLE) {
        const body = { email: person.email, password };
        tokens.set(person.key, (await demo.call<{ accessToken: string }>('POST', '/api/auth/login', undefined, body, 200)).accessToken);
      }
    };
    const token = (key: string) => tokens.get(key) ?? '';
    const donors = ['annapurna', 'meera', 'saravana', 'rahul'];
    const receivers = ['rotibank', 'asha', 'priya', 'rainbasera'];

    // Five months of completed handovers, rated both ways, so charts and statistics have history.
    for (let month = 0; month < 5; month += 1) {
      clock.set(new Date(realNow.getTime() - (150 - month * 30) * DAY));
      await signInEveryone();
      for (let i = 0; i <= month % 3; i += 1) {
        const donor = donors[(month + i) % donors.length] as string;
        const receiver = receivers[(month * 2 + i) % receivers.length] as string;
        const meal = MEALS[(month + i) % MEALS.length] as DonationSeed;
        const donationId = await demo.donate(token(donor), meal, person(donor), clock.now());
        clock.advance(20 * MINUTE);
        const requestId = await demo.request(token(receiver), donationId);
        clock.advance(10 * MINUTE);
        await demo.accept(token(donor), requestId);
        clock.advance(40 * MINUTE);
        await demo.handOver(token(donor), token(receiver), requestId);
        await demo.rate(token(receiver), requestId, 5 - (i % 2), 'Fresh and well packed. Thank you!');
        await demo.rate(token(donor), requestId, 5, 'Came on time and was very polite.');
      }
    }

    // Yesterday: a donation withdrawn by its donor, and cooked food that expired unclaimed.
    clock.set(new Date(realNow.getTime() - DAY));
    await signInEveryone();
    const withdrawn = await demo.donate(token('rahul'), MEALS[3] as DonationSeed, person('rahul'), clock.now());
    // Its open request is cancelled with it.
    await demo.request(token('rainbasera'), withdrawn);
    await demo.call('POST', `/api/donations/${withdrawn}/cancel`, token('rahul'), {}, 200);
    await demo.donate(token('meera'), MEALS[1] as DonationSeed, person('meera'), clock.now());

    // Now: food on offer, and requests in every status.
    clock.set(new Date(realNow.getTime() - 30 * MINUTE));
    await signInEveryone();
    const available: number[] = [];
    for (const [index, meal] of MEALS.entries()) {
      const donor = donors[index % donors.length] as string;
      available.push(await demo.donate(token(donor), meal, person(donor), clock.now()));
      clock.advance(MINUTE);
    }
    const [biryani, idli, buffet, rajma, , vegetables] = available as [number, number, number, number, number, number];
    // PENDING: waiting for the donor.
    await demo.request(token('rotibank'), biryani);
    // Issue 32: Asha Shelter Home asks for the wedding buffet to be delivered; accepted, it is a run
    // Kiran (an approved volunteer nearby) can take from Volunteer.
    const kiran = person('kiran');
    await demo.call(
      'PUT',
      '/api/volunteer/me',
      token('kiran'),
      {
        answers: Object.fromEntries(WALKTHROUGH.map((step) => [step.id, step.answer])),
        termsVersion: VOLUNTEER_TERMS_VERSION,
        areaLabel: 'Indiranagar, Bengaluru',
        geolocation: kiran.geolocation,
        radiusKm: 10,
        travelMode: 'TWO_WHEELER',
      },
      200,
    );
    // Demo data has no admin to approve; the approval is written as an admin's would be.
    await database.db
      .updateTable('volunteers')
      .set({ status: 'APPROVED', decided_at: clock.now().toISOString(), updated_at: clock.now().toISOString() })
      .where('user_id', '=', await demo.userId(token('kiran')))
      .execute();
    const delivered = await demo.request(token('asha'), buffet, {
      address: 'Asha Shelter Home, 4th Cross, Banaswadi, Bengaluru 560043',
      geolocation: person('asha').geolocation,
    });
    await demo.accept(token('saravana'), delivered);
    // AWAITING_PICKUP: accepted, the receiver holds a pickup code.
    const awaiting = await demo.request(token('priya'), idli);
    await demo.accept(token('meera'), awaiting);
    // REJECTED by the donor.
    const rejected = await demo.request(token('rainbasera'), rajma);
    await demo.call('POST', `/api/requests/${rejected}/reject`, token('rahul'), {}, 200);
    // CANCELLED by the receiver.
    const cancelled = await demo.request(token('rotibank'), vegetables);
    await demo.call('POST', `/api/requests/${cancelled}/cancel`, token('rotibank'), {}, 200);
    // COMPLETED today, not yet rated, so the rating panel has something to do.
    const today = await demo.request(token('asha'), rajma);
    await demo.accept(token('rahul'), today);
    await demo.handOver(token('rahul'), token('asha'), today);
    // Issue 33: an office canteen's lunch for 60, shared in portions of up to 20: Roti Bank holds 20
    // (accepted), Priya asks for 4 and waits for the donor's answer; 40 are left for anyone.
    const canteenLunch: DonationSeed = {
      ...(MEALS[0] as DonationSeed),
      foodName: 'Canteen lunch thali',
      description: 'Rice, dal, sabzi and two rotis from the office canteen, packed per plate.',
      quantity: '60 plates',
      portions: { total: 60, unit: 'PLATE', maxPerRequest: 20, autoAccept: false },
    };
    const canteen = await demo.donate(token('annapurna'), canteenLunch, person('annapurna'), clock.now());
    const forRotiBank = await demo.call<{ id: number }>('POST', `/api/requests/create/${canteen}`, token('rotibank'), { paymentMethod: '', portions: 20 }, 201);
    await demo.accept(token('annapurna'), forRotiBank.id);
    await demo.call('POST', `/api/requests/create/${canteen}`, token('priya'), { paymentMethod: '', portions: 4 }, 201);

    // Food needs posted by receivers: two open, one met, one withdrawn.
    const needs: { key: string; foodType: 'PRECOOKED' | 'RAW'; numberOfPeople: number; foodDescription: string; then?: 'fulfil' | 'cancel' }[] = [
      { key: 'rotibank', foodType: 'PRECOOKED', numberOfPeople: 40, foodDescription: 'Dinner for the evening food drive: rice, dal or khichdi.' },
      { key: 'rainbasera', foodType: 'RAW', numberOfPeople: 120, foodDescription: 'Rice, atta and dal for the shelter kitchen this week.' },
      { key: 'asha', foodType: 'PRECOOKED', numberOfPeople: 25, foodDescription: 'Lunch for the children at the home.', then: 'fulfil' },
      { key: 'priya', foodType: 'RAW', numberOfPeople: 6, foodDescription: 'Vegetables for a family that lost its income.', then: 'cancel' },
    ];
    for (const need of needs) {
      const who = person(need.key);
      const id = await demo.postNeed(token(need.key), {
        fullName: who.fullName,
        contactNumber: who.contactNumber,
        email: who.email,
        location: who.location,
        geolocation: who.geolocation,
        requestedTime: new Date(clock.now().getTime() + 2 * HOUR).toISOString(),
        requestExpiryTime: new Date(clock.now().getTime() + 2 * DAY).toISOString(),
        foodType: need.foodType,
        numberOfPeople: need.numberOfPeople,
        foodDescription: need.foodDescription,
        message: 'Any quantity helps. We can collect within the city.',
      });
      if (need.then) await demo.call('POST', `/api/food-requests/${id}/${need.then}`, token(need.key), {}, 200);
    }
  } finally {
    await app.close();
  }

  const signIns: DemoSignIns = {
    password,
    accounts: PEOPLE.map((p) => ({ email: p.email, role: p.role, name: p.fullName })),
  };
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(demoSignInsFile(config), formatDemoSignIns(signIns), { mode: 0o600 });
  return signIns;
}

export function formatDemoSignIns(signIns: DemoSignIns): string {
  const lines = signIns.accounts.map((a) => `  ${a.role.padEnd(8)} ${a.email.padEnd(40)} ${a.name}`);
  return `Demo sign-ins (password for every demo account: ${signIns.password})\n${lines.join('\n')}\n`;
}

function person(key: string): DemoPerson {
  const found = PEOPLE.find((p) => p.key === key);
  if (!found) throw new Error(`No demo person ${key}`);
  return found;
}

/** Drives the API in-process; any unexpected answer stops the load with the server's message. */
class DemoDriver {
  constructor(private readonly app: FastifyInstance) {}

  async call<T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, body: unknown, expected: number): Promise<T> {
    const response = await this.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    if (response.statusCode !== expected) {
      throw new Error(`Demo data: ${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    }
    return response.json() as T;
  }

  /** A meal offered at its donor's own address and point, so the address and the map agree. */
  async donate(token: string, meal: DonationSeed, donor: Pick<DemoPerson, 'location' | 'geolocation'>, now: Date): Promise<number> {
    const { rawShelfLifeMs, ...fields } = meal;
    const body = {
      ...fields,
      price: meal.free ? 0 : meal.price,
      location: donor.location,
      geolocation: donor.geolocation,
      expiryDateTime: rawShelfLifeMs ? new Date(now.getTime() + rawShelfLifeMs).toISOString() : new Date(now.getTime() + 3 * HOUR).toISOString(),
      ...(meal.foodType === 'PRECOOKED' && meal.diet
        ? { preparedAt: new Date(now.getTime() - HOUR / 2).toISOString(), safetyChecklist: ['KEPT_COVERED', 'KEPT_HOT_OR_COLD', 'NO_PLATE_LEFTOVERS'] }
        : {}),
    };
    return (await this.call<{ id: number }>('POST', '/api/donations', token, body, 201)).id;
  }

  async request(token: string, donationId: number, delivery?: { address: string; geolocation: string }): Promise<number> {
    const body = delivery ? { paymentMethod: '', delivery: 'DELIVER', dropoff: delivery } : { paymentMethod: '' };
    return (await this.call<{ id: number }>('POST', `/api/requests/create/${donationId}`, token, body, 201)).id;
  }

  async userId(token: string): Promise<number> {
    return (await this.call<{ id: number }>('GET', '/api/user/profile', token, undefined, 200)).id;
  }

  async accept(token: string, requestId: number) {
    await this.call('POST', `/api/requests/${requestId}/accept`, token, {}, 200);
  }

  async handOver(donorToken: string, receiverToken: string, requestId: number) {
    const { pickupCode } = await this.call<{ pickupCode: string }>('GET', `/api/requests/${requestId}/pickup-code`, receiverToken, undefined, 200);
    await this.call('POST', `/api/requests/${requestId}/confirm-pickup`, donorToken, { pickupCode }, 200);
  }

  async postNeed(token: string, need: Record<string, unknown>): Promise<number> {
    return (await this.call<{ id: number }>('POST', '/api/food-requests/create', token, need, 201)).id;
  }

  async rate(token: string, requestId: number, rating: number, comment: string) {
    await this.call('POST', '/api/ratings/submit', token, { donationRequestId: requestId, rating, comment }, 201);
  }
}
