import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type UploadResponse, UploadUrlSchema } from '@annadaan/contract/auth';
import type { Donation } from '@annadaan/contract/donations';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { HOUR } from '../../lib/clock';
import { bearer, registerPerson } from '../../../test/accounts';
import { type TestContext, describeEachDatabase } from '../../../test/test-app';
import { errorBody } from '../../../test/error-body';
import { donate, requestDonation } from '../../../test/test-handover';
import { createTestUser } from '../../../test/test-users';

function multipartBody(file: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----annadaan${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(ctx: TestContext, token: string | null, file: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', field = 'file') {
  const body = multipartBody(file, filename, contentType, field);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
}

/** `[url, width]` pairs of a srcset. */
function sources(srcset: string | null): Array<[string, number]> {
  return (srcset ?? '')
    .split(', ')
    .filter(Boolean)
    .map((entry) => {
      const [url = '', width = ''] = entry.split(' ');
      return [url, Number(width.replace(/w$/, ''))];
    });
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });

/** A JPEG as a phone would write it: GPS position and camera details in EXIF. */
async function jpegWithGps(width = 2400, height = 1200) {
  return solid(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9', Copyright: 'Asha Verma' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 2345/100' },
    })
    .toBuffer();
}

describeEachDatabase('uploads', (ctx) => {
  it('stores a JPEG with GPS EXIF as WebP and AVIF in 320, 640 and 1280 px without any metadata', async () => {
    const person = await registerPerson(ctx());
    const original = await jpegWithGps();
    const originalMeta = await sharp(original).metadata();
    expect(originalMeta.exif).toBeDefined();
    expect(originalMeta.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);
    // The GPS IFD pointer tag (0x8825), in either byte order, proves the position is in there.
    const exif = originalMeta.exif ?? Buffer.alloc(0);
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const response = await upload(ctx(), person.token, original, 'holiday.jpg');
    expect(response.statusCode).toBe(201);
    const { url, photo } = response.json<UploadResponse>();
    expect(UploadUrlSchema.safeParse(url).success).toBe(true);
    expect(photo).toMatchObject({ width: 1280, height: 640 });
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(photo.placeholder?.length).toBeLessThan(600);
    const placeholder = await sharp(Buffer.from((photo.placeholder ?? '').split(',')[1] ?? '', 'base64')).metadata();
    expect([placeholder.format, placeholder.width, placeholder.height]).toEqual(['webp', 16, 8]);

    const webp = sources(photo.srcset);
    const avif = sources(photo.avifSrcset);
    expect(webp.map(([, width]) => width)).toEqual([320, 640, 1280]);
    expect(avif.map(([, width]) => width)).toEqual([320, 640, 1280]);
    // The upload's own URL (what a profile or a donation stores) is the largest WebP; the single source is the middle one.
    expect(webp[2]?.[0]).toBe(url);
    expect(photo.src).toBe(webp[1]?.[0]);

    let total = 0;
    for (const [format, list] of [
      ['webp', webp],
      ['avif', avif],
    ] as const) {
      for (const [variantUrl, width] of list) {
        // Each name is the hash of its bytes (with the owner mixed in), so the file may be cached for good.
        expect(variantUrl).toMatch(new RegExp(`^/uploads/[A-Za-z0-9_-]{43}\\.${format}$`));
        const served = await ctx().app.inject({ method: 'GET', url: variantUrl });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(`image/${format}`);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.format).toBe(format === 'webp' ? 'webp' : 'heif');
        expect([meta.width, meta.height]).toEqual([width, width / 2]);
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
        if (format === 'webp') expect(served.rawPayload.includes(Buffer.from('EXIF'))).toBe(false);
        total += served.rawPayload.length;
      }
    }

    const row = await ctx()
      .database.db.selectFrom('uploads')
      .innerJoin('users', 'users.id', 'uploads.owner_id')
      .select(['users.email', 'uploads.bytes'])
      .where('uploads.file_name', '=', url.slice('/uploads/'.length))
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(person.email);
    expect(Number(row.bytes)).toBe(total);
    if (ctx().config.uploadStore === 'folder') expect(fs.existsSync(path.join(ctx().config.uploadsDir, url.slice('/uploads/'.length)))).toBe(true);

    // The owner can use it as their profile picture.
    const updated = await ctx().app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: bearer(person.token),
      payload: { displayPictureUrl: url },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().userData.displayPictureUrl).toBe(url);
  });

  it('accepts PNG and WebP and never enlarges a small picture', async () => {
    const person = await registerPerson(ctx());
    for (const [buffer, name] of [
      [await solid(300, 200).png().toBuffer(), 'a.png'],
      [await solid(300, 200).webp().toBuffer(), 'b.webp'],
    ] as const) {
      // The declared type is ignored: the bytes decide.
      const response = await upload(ctx(), person.token, buffer, name, 'application/octet-stream');
      expect(response.statusCode).toBe(201);
      const { url, photo } = response.json<UploadResponse>();
      expect(sources(photo.srcset).map(([, width]) => width)).toEqual([300]);
      expect(photo).toMatchObject({ src: url, width: 300, height: 200 });
      const served = await ctx().app.inject({ method: 'GET', url });
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 200]);
    }
    // Between two widths: 320 and the picture's own 500, nothing larger.
    const middle = await upload(ctx(), person.token, await solid(500, 1000).png().toBuffer(), 'tall.png', 'image/png');
    const { photo } = middle.json<UploadResponse>();
    expect(sources(photo.srcset).map(([, width]) => width)).toEqual([320, 500]);
    expect([photo.width, photo.height]).toEqual([500, 1000]);
  });

  it('gives the same picture uploaded twice by one person one upload, and another person their own', async () => {
    const person = await createTestUser(ctx(), { fullName: 'Twice' });
    const png = await solid(400, 300).png().toBuffer();
    const [first, second] = await Promise.all([upload(ctx(), person.token, png, 'a.png'), upload(ctx(), person.token, png, 'a.png')]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json<UploadResponse>()).toEqual(first.json<UploadResponse>());
    const other = await createTestUser(ctx(), { fullName: 'Other' });
    const theirs = await upload(ctx(), other.token, png, 'a.png');
    expect(theirs.json<UploadResponse>().url).not.toBe(first.json<UploadResponse>().url);
    const rows = await ctx().database.db.selectFrom('uploads').select('owner_id').where('owner_id', 'in', [person.id, other.id]).execute();
    expect(rows).toHaveLength(2);
  });

  it('still serves an upload from before the variants, as a single-source photo on its donation', async () => {
    const person = await createTestUser(ctx(), { fullName: 'Early uploader' });
    // What the earlier code stored: one WebP under a random name, and a row without variants.
    const name = `${crypto.randomBytes(24).toString('base64url')}.webp`;
    const bytes = await solid(1600, 900).webp().toBuffer();
    await ctx().app.uploadStore.put(name, bytes, ctx().clock.now());
    await ctx()
      .database.db.insertInto('uploads')
      .values({ owner_id: person.id, file_name: name, bytes: bytes.length, created_at: ctx().clock.now().toISOString() })
      .execute();
    const donation = await donate(ctx(), person, { imageUrl: `/uploads/${name}` });
    expect(donation.photo).toEqual({ src: `/uploads/${name}`, srcset: null, avifSrcset: null, width: null, height: null, placeholder: null });
    const served = await ctx().app.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('gives a donation, its browse card and its requests the photo with its variants', async () => {
    const donor = await createTestUser(ctx(), { fullName: 'Cook' });
    const uploaded = await upload(ctx(), donor.token, await solid(2000, 1500).jpeg().toBuffer());
    const { url, photo } = uploaded.json<UploadResponse>();
    const donation = await donate(ctx(), donor, { imageUrl: url });
    expect(donation.imageUrl).toBe(url);
    expect(donation.photo).toEqual(photo);
    expect(photo.width).toBe(1280);
    expect(photo.height).toBe(960);
    const card = (await ctx().app.inject({ method: 'GET', url: '/api/browse/donations' })).json<Donation[]>().find((item) => item.id === donation.id);
    expect(card?.photo).toEqual(photo);
    const withoutPhoto = await donate(ctx(), donor, {});
    expect(withoutPhoto.photo).toBeNull();
    const receiver = await createTestUser(ctx(), { fullName: 'Hungry' });
    const request = await requestDonation(ctx(), receiver, donation.id);
    expect(request.photo).toEqual(photo);
  });

  it('refuses a JPEG cut off half way with 400 on the field, and stores nothing', async () => {
    const person = await createTestUser(ctx(), { fullName: 'Cut off' });
    const whole = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const response = await upload(ctx(), person.token, cut);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      errorBody({
        message: 'This picture could not be read. Try another file.',
        code: 'VALIDATION_ERROR',
        fieldErrors: { file: 'This picture could not be read. Try another file.' },
      }),
    );
    const rows = await ctx().database.db.selectFrom('uploads').select('id').where('owner_id', '=', person.id).execute();
    expect(rows).toEqual([]);
  });

  it('refuses an HTML file named .png with 415', async () => {
    const person = await registerPerson(ctx());
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const response = await upload(ctx(), person.token, html, 'cat.png', 'image/png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(
      errorBody({
        message: 'Upload a JPEG, PNG or WebP picture.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
        fieldErrors: { file: 'Upload a JPEG, PNG or WebP picture.' },
      }),
    );
  });

  it('refuses GIF and SVG pictures with 415', async () => {
    const person = await registerPerson(ctx());
    const gif = await solid(10, 10).gif().toBuffer();
    expect((await upload(ctx(), person.token, gif, 'x.jpg')).statusCode).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    expect((await upload(ctx(), person.token, svg, 'x.webp', 'image/webp')).statusCode).toBe(415);
  });

  it('refuses a file that only starts like a JPEG', async () => {
    const person = await registerPerson(ctx());
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(2000)]);
    const response = await upload(ctx(), person.token, fake);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'This picture could not be read. Try another file.', fieldErrors: { file: expect.any(String) } });
  });

  it('refuses more than 5 MB with 413', async () => {
    const person = await registerPerson(ctx());
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(5 * 1024 * 1024)]);
    const response = await upload(ctx(), person.token, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(
      errorBody({ message: 'The picture must be at most 5 MB.', code: 'FILE_TOO_LARGE', fieldErrors: { file: 'The picture must be at most 5 MB.' } }),
    );
  });

  it('needs a signed-in user and a file in the field "file"', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const anonymous = await upload(ctx(), null, png, 'a.png');
    expect(anonymous.statusCode).toBe(401);
    const person = await registerPerson(ctx());
    const wrongField = await upload(ctx(), person.token, png, 'a.png', 'image/png', 'picture');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fieldErrors).toEqual({ file: 'Choose a picture to upload.' });
    const noBoundary = await ctx().app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': 'multipart/form-data', ...bearer(person.token) },
      payload: 'abc',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().fieldErrors).toEqual({ file: 'Choose a picture to upload.' });
    const json = await ctx().app.inject({ method: 'POST', url: '/api/uploads', headers: bearer(person.token), payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().fieldErrors).toEqual({ file: 'Choose a picture to upload.' });
  });

  it('allows 20 uploads per user per hour', async () => {
    const person = await registerPerson(ctx());
    const png = await solid(8, 8).png().toBuffer();
    for (let n = 0; n < 20; n += 1) expect((await upload(ctx(), person.token, png, 'a.png')).statusCode).toBe(201);
    const refused = await upload(ctx(), person.token, png, 'a.png');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not affected.
    const other = await registerPerson(ctx());
    expect((await upload(ctx(), other.token, png, 'a.png')).statusCode).toBe(201);
    ctx().clock.advance(HOUR);
    expect((await upload(ctx(), person.token, png, 'a.png')).statusCode).toBe(201);
  });

  it('counts a burst of parallel uploads before doing any work: 20 stored, the rest 429', async () => {
    const person = await registerPerson(ctx());
    const png = await solid(8, 8).png().toBuffer();
    const instances = [ctx().app, (await ctx().secondInstance()) ?? ctx().app];
    const responses = await Promise.all(
      Array.from({ length: 26 }, (_, n) => {
        const body = multipartBody(png, 'a.png', 'image/png');
        const app = instances[n % 2] ?? ctx().app;
        return app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, ...bearer(person.token) } });
      }),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('counts refused uploads (not a picture, too large, unreadable) toward the limit like stored ones', async () => {
    const person = await registerPerson(ctx());
    const html = Buffer.from('<!doctype html><html><body>not a picture</body></html>');
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(5 * 1024 * 1024)]);
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(2000)]);
    for (let n = 0; n < 18; n += 1) expect((await upload(ctx(), person.token, html, 'cat.png', 'image/png')).statusCode).toBe(415);
    expect((await upload(ctx(), person.token, big)).statusCode).toBe(413);
    expect((await upload(ctx(), person.token, fake)).statusCode).toBe(400);
    const png = await solid(8, 8).png().toBuffer();
    const refused = await upload(ctx(), person.token, png, 'a.png');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('serves only names it could have made', async () => {
    for (const url of [
      '/uploads/short.webp',
      '/uploads/AbCdEfGhIjKlMnOpQrStUvWx.png',
      '/uploads/..%2F..%2Fannadaan.sqlite',
      '/uploads/AbCdEfGhIjKlMnOpQrStUvWx.webp',
    ]) {
      const response = await ctx().app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody({ message: 'Not found.', code: 'NOT_FOUND' }));
    }
  });
});
