import { UploadResponseSchema } from '@annadaan/contract/auth';
import { ErrorResponseSchema } from '@annadaan/contract/common';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOUR } from '../../lib/clock';
import { badRequest, notFound } from '../../lib/http-errors';
import { currentUser } from '../../plugins/auth';
import { consumeLimit } from '../../plugins/rate-limit';
import { photoOf, storedVariants } from './photos';
import { MAX_UPLOAD_BYTES, STORED_NAME, detectImageKind, processPhoto, storeUpload, tooLarge, unsupportedType } from './uploads-service';

/** Every upload attempt counts, refused ones too (docs/decisions/014-limits-under-concurrency.md). */
const UPLOADS_PER_HOUR = 20;

/** Picture uploads (profile and donation photos) and serving them back. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post(
    '/api/uploads',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['uploads'],
        summary: 'Upload a JPEG, PNG or WebP picture (multipart field "file", at most 5 MB)',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: UploadResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      // Counted before the file is read: a burst cannot all pass, and a refused file (not a
      // picture, too large, a decoding bomb) costs the sender a try like a stored one.
      await consumeLimit(app.db, app.clock.now(), { key: `upload:${userId}`, limit: UPLOADS_PER_HOUR, windowMs: HOUR });
      if (!request.isMultipart()) throw badRequest('PICTURE_CHOOSE').onField('file');

      let part;
      try {
        part = await request.file();
      } catch (error) {
        // busboy throws plain errors for a broken multipart envelope (no boundary, cut-off headers).
        request.log.info({ err: error }, 'unreadable multipart upload');
        throw badRequest('PICTURE_CHOOSE').onField('file');
      }
      if (!part || part.fieldname !== 'file') throw badRequest('PICTURE_CHOOSE').onField('file');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
        throw error;
      }
      if (bytes.length === 0) throw badRequest('PICTURE_CHOOSE').onField('file');
      const kind = detectImageKind(bytes);
      if (!kind) throw unsupportedType();

      const photo = await processPhoto(bytes, kind, userId);
      const now = app.clock.now();
      const fileName = await storeUpload(app.db, app.uploadStore, userId, photo, now);
      const url = `/uploads/${fileName}`;
      const stored = { photoWidth: photo.width, photoHeight: photo.height, photoPlaceholder: photo.placeholder, photoVariants: storedVariants(photo.variants) };
      return reply.status(201).send({ url, photo: photoOf(url, stored) });
    },
  );

  app.get('/uploads/:name', { schema: { hide: true, params: z.object({ name: z.string() }) } }, async (request, reply) => {
    const { name } = request.params;
    // Only names we could have generated, so no path can ever step outside the folder.
    if (!STORED_NAME.test(name)) throw notFound();
    const file = await app.uploadStore.get(name);
    if (!file) throw notFound();
    return (
      reply
        .type(name.endsWith('.avif') ? 'image/avif' : 'image/webp')
        .header('x-content-type-options', 'nosniff')
        // A name is a hash of its content (an earlier upload's, a random name never reused), so
        // the file can be cached for good.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.body)
    );
  });
};
