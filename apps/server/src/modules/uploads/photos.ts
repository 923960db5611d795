import type { Photo } from '@annadaan/contract/photos';
import { type Expression, sql } from 'kysely';

/*
 * The uploads module's answer to "what does this photo look like": other features (donations,
 * requests) join `uploads` on their stored `/uploads/<name>` URL and hand the joined columns to
 * `photoFrom`. Issue 18; docs/decisions/036-photo-variants-and-illustrations.md.
 */

const URL_PREFIX = '/uploads/';

/** What `uploads.variants` holds: per format, `[key, width]` pairs from the narrowest. */
interface StoredVariants {
  webp: Array<[string, number]>;
  avif: Array<[string, number]>;
}

export function storedVariants(variants: ReadonlyArray<{ key: string; format: 'webp' | 'avif'; width: number }>): string {
  const stored: StoredVariants = { webp: [], avif: [] };
  for (const variant of variants) stored[variant.format].push([variant.key, variant.width]);
  return JSON.stringify(stored);
}

function parseVariants(text: string): StoredVariants {
  // Written only by storedVariants above.
  const parsed = JSON.parse(text) as Partial<StoredVariants>;
  return { webp: parsed.webp ?? [], avif: parsed.avif ?? [] };
}

/** Every stored key of an upload: its variants, or the one file of an earlier upload. */
export function uploadKeys(fileName: string, variants: string | null): string[] {
  if (variants === null) return [fileName];
  const stored = parseVariants(variants);
  return [...new Set([fileName, ...stored.webp.map(([key]) => key), ...stored.avif.map(([key]) => key)])];
}

/**
 * The SQL that names an upload by a stored URL, for `leftJoin('uploads as photo', 'photo.file_name', ...)`:
 * the name after `/uploads/`, so the join uses the unique index on `file_name`.
 */
export function uploadNameOf(urlColumn: string): Expression<string> {
  // A literal, not a parameter: see LISTING_LITERALS in donations-repository.ts.
  return sql<string>`substr(${sql.ref(urlColumn)}, ${sql.lit(URL_PREFIX.length + 1)})`;
}

/** The columns to select from that join, under these names, for `photoFrom`. */
export const PHOTO_COLUMNS = [
  'photo.width as photoWidth',
  'photo.height as photoHeight',
  'photo.placeholder as photoPlaceholder',
  'photo.variants as photoVariants',
] as const;

export interface PhotoColumns {
  photoWidth: number | null;
  photoHeight: number | null;
  photoPlaceholder: string | null;
  photoVariants: string | null;
}

const srcset = (pairs: Array<[string, number]>) => pairs.map(([key, width]) => `${URL_PREFIX}${key} ${width}w`).join(', ');

/**
 * A donation's photo from its stored URL and the joined upload: the variants for `srcset`, or for
 * an upload from before issue 18 (no variants) its one file as the only source.
 */
export function photoFrom(imageUrl: string | null, row: PhotoColumns): Photo | null {
  return imageUrl === null ? null : photoOf(imageUrl, row);
}

export function photoOf(imageUrl: string, row: PhotoColumns): Photo {
  if (row.photoVariants === null) return { src: imageUrl, srcset: null, avifSrcset: null, width: null, height: null, placeholder: null };
  const stored = parseVariants(row.photoVariants);
  // The middle width for a browser that takes one source: sharp enough for a card, light enough for a phone.
  const fallback = stored.webp[Math.min(1, stored.webp.length - 1)];
  return {
    src: fallback ? `${URL_PREFIX}${fallback[0]}` : imageUrl,
    srcset: srcset(stored.webp),
    avifSrcset: stored.avif.length > 0 ? srcset(stored.avif) : null,
    width: row.photoWidth === null ? null : Number(row.photoWidth),
    height: row.photoHeight === null ? null : Number(row.photoHeight),
    placeholder: row.photoPlaceholder,
  };
}
