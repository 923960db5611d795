import { z } from 'zod';

/**
 * The widths every uploaded photo is stored in (issue 18; decision 036): a card on a phone, a
 * card on a 2x screen or the detail page, and the detail page on a large or dense screen. A
 * picture narrower than one of them is never enlarged.
 */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;

/**
 * What a page needs to show a donation's photo without a jump: the sources for `srcset`, the
 * largest variant's size (its aspect ratio) and a tiny blurred placeholder to paint first.
 * An upload from before issue 18 has one WebP file: `srcset` is null and so are the size and
 * the placeholder.
 */
export const PhotoSchema = z.object({
  /** The one-source fallback: the 640-px WebP, or the earlier upload's only file. */
  src: z.string(),
  /** The WebP variants as `url 320w, url 640w, url 1280w`; null for an earlier upload. */
  srcset: z.string().nullable(),
  /** The same widths as AVIF, null when the server did not make AVIF (decision 036). */
  avifSrcset: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A `data:image/webp;base64,` picture 16 px wide, blurred: a few hundred bytes. */
  placeholder: z.string().nullable(),
});
export type Photo = z.infer<typeof PhotoSchema>;
