import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { appError } from '../../lib/http-errors';
import { PHOTO_WIDTHS } from '@annadaan/contract/photos';
import type { UploadStore } from './upload-store';
import { storedVariants } from './photos';
import { insertUpload } from './uploads-repository';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Decoding a huge canvas costs memory whatever the file size; 40 megapixels covers any phone camera. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Names we serve: a variant's content hash (base64url SHA-256, 43 characters) or an earlier
 * upload's 32 random characters, always `.webp` or `.avif`. Anything else is not ours.
 */
export const STORED_NAME = /^[A-Za-z0-9_-]{16,64}\.(webp|avif)$/;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The picture's real type from its first bytes; the file name and declared type are not trusted. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export const unsupportedType = () => appError(415, 'UNSUPPORTED_MEDIA_TYPE', 'PICTURE_TYPE').onField('file');
export const tooLarge = () => appError(413, 'FILE_TOO_LARGE', 'PICTURE_TOO_LARGE').onField('file');
const unreadable = () => appError(400, 'VALIDATION_ERROR', 'PICTURE_UNREADABLE').onField('file');

/** One stored size of a photo in one format. */
export interface PhotoVariant {
  key: string;
  format: 'webp' | 'avif';
  width: number;
  height: number;
  bytes: Buffer;
}

/** A photo made ready to store: its variants, the largest one's size and its placeholder. */
export interface ProcessedPhoto {
  /** The largest WebP's key: the upload's name and URL (`/uploads/<key>`), as profile and donations store it. */
  mainKey: string;
  width: number;
  height: number;
  placeholder: string;
  variants: PhotoVariant[];
}

/** Effort 2 (of 0-9, default 4) keeps the upload request short: about 1-2 s for all six encodes here (decision 036). */
const AVIF_OPTIONS = { quality: 50, effort: 2 } as const;
const WEBP_OPTIONS = { quality: 80 } as const;
const PLACEHOLDER_WIDTH = 16;

/**
 * The key a variant is stored and served under: the hash of its bytes, with its owner mixed in so
 * two people who upload the same picture never share a file (erasing one must not take the
 * other's). The URL changes whenever the bytes do, so it can be cached for good.
 */
export function variantKey(ownerId: number, bytes: Buffer, format: 'webp' | 'avif'): string {
  return `${crypto.createHash('sha256').update(`${ownerId}\n`).update(bytes).digest('base64url')}.${format}`;
}

/** The widths to make from a picture this wide: 320, 640 and 1280, none wider than the picture. */
export function variantWidths(originalWidth: number): number[] {
  return [...new Set(PHOTO_WIDTHS.map((width) => Math.min(width, originalWidth)))];
}

/**
 * Decodes once, turns the pixels upright (EXIF orientation), and encodes each width as WebP and
 * AVIF plus a 16-px blurred placeholder. sharp writes no metadata unless asked (no
 * withMetadata/keepExif here), so EXIF, GPS, XMP and ICC blocks are all dropped.
 */
export async function processPhoto(bytes: Buffer, kind: ImageKind, ownerId: number): Promise<ProcessedPhoto> {
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
    // The largest width as raw pixels: every smaller one is made from it, not from the original again.
    const largest = await image
      .autoOrient()
      .resize({ width: PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1], withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = largest.info;
    const from = () => sharp(largest.data, { raw: { width, height, channels } });
    const variants: PhotoVariant[] = [];
    for (const target of variantWidths(width)) {
      const resized = target === width ? from() : from().resize({ width: target });
      const webp = await resized.clone().webp(WEBP_OPTIONS).toBuffer({ resolveWithObject: true });
      variants.push({ key: variantKey(ownerId, webp.data, 'webp'), format: 'webp', width: webp.info.width, height: webp.info.height, bytes: webp.data });
      // AVIF when this sharp's libheif can write it (decision 036: the pinned build can).
      if (sharp.format.heif?.output.buffer === true) {
        const avif = await resized.clone().avif(AVIF_OPTIONS).toBuffer({ resolveWithObject: true });
        variants.push({ key: variantKey(ownerId, avif.data, 'avif'), format: 'avif', width: avif.info.width, height: avif.info.height, bytes: avif.data });
      }
    }
    const tiny = await from().resize({ width: PLACEHOLDER_WIDTH }).blur(1).webp({ quality: 40 }).toBuffer();
    const main = variants.filter((variant) => variant.format === 'webp').at(-1);
    if (!main) throw new Error('no WebP variant was made');
    return { mainKey: main.key, width: main.width, height: main.height, placeholder: `data:image/webp;base64,${tiny.toString('base64')}`, variants };
  } catch {
    throw unreadable();
  }
}

/**
 * Stores every variant, then records the upload in one row (so there is never half a record). A
 * picture its owner uploaded before comes back under the same name. When the record cannot be
 * written, the files this call stored are taken away again.
 */
export async function storeUpload(db: Kysely<Database>, store: UploadStore, ownerId: number, photo: ProcessedPhoto, now: Date): Promise<string> {
  const created: string[] = [];
  try {
    for (const variant of photo.variants) {
      if (await store.put(variant.key, variant.bytes, now)) created.push(variant.key);
    }
    await insertUpload(
      db,
      {
        ownerId,
        fileName: photo.mainKey,
        bytes: photo.variants.reduce((sum, variant) => sum + variant.bytes.length, 0),
        width: photo.width,
        height: photo.height,
        placeholder: photo.placeholder,
        variants: storedVariants(photo.variants),
      },
      now,
    );
  } catch (error) {
    for (const key of created) await store.delete(key);
    throw error;
  }
  return photo.mainKey;
}
