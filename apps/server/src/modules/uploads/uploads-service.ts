import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/http-errors';
import type { UploadStore } from './upload-store';
import { insertUpload } from './uploads-repository';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_WIDTH = 1600;
/** Decoding a huge canvas costs memory whatever the file size; 40 megapixels covers any phone camera. */
const MAX_INPUT_PIXELS = 40_000_000;

/** Names we generate: base64url of 24 random bytes, always `.webp`. Anything else is not ours. */
export const STORED_NAME = /^[A-Za-z0-9_-]{16,64}\.webp$/;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The picture's real type from its first bytes; the file name and declared type are not trusted. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export const unsupportedType = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Upload a JPEG, PNG or WebP picture.', { file: 'Upload a JPEG, PNG or WebP picture.' });
export const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', 'The picture must be at most 5 MB.', { file: 'The picture must be at most 5 MB.' });
const unreadable = () => new AppError(400, 'VALIDATION_ERROR', 'This picture could not be read. Try another file.', { file: 'This picture could not be read. Try another file.' });

/**
 * Re-encodes to WebP at most 1600 px wide. sharp writes no metadata unless asked (no
 * withMetadata/keepExif here), so EXIF, GPS, XMP and ICC blocks are all dropped; the EXIF
 * orientation is applied to the pixels first so the picture does not end up sideways.
 */
export async function reencode(bytes: Buffer, kind: ImageKind): Promise<Buffer> {
  // Loaded on the first upload: libvips takes tens of milliseconds to load, and a server that has
  // just started should answer its first requests without waiting for it.
  const { default: sharp } = await import('sharp');
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
  let format: string | undefined;
  try {
    format = (await image.metadata()).format;
  } catch {
    throw unreadable();
  }
  // libvips sniffs for itself; it must agree with the gate, so no other decoder (SVG, TIFF...) ever runs.
  if (format !== kind) throw unsupportedType();
  try {
    return await image.autoOrient().resize({ width: MAX_WIDTH, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw unreadable();
  }
}

/** Stores the re-encoded picture under a fresh random name and records who uploaded it. */
export async function storeUpload(db: Kysely<Database>, store: UploadStore, ownerId: number, webp: Buffer, now: Date): Promise<string> {
  const fileName = `${crypto.randomBytes(24).toString('base64url')}.webp`;
  await store.put(fileName, webp, now);
  try {
    await insertUpload(db, { ownerId, fileName, bytes: webp.length }, now);
  } catch (error) {
    await store.delete(fileName);
    throw error;
  }
  return fileName;
}
