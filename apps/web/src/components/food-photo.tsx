import type { FoodType } from '@annadaan/contract/donations';
import { FoodIllustration, foodIllustrationFor } from '@annadaan/contract/food-illustration';
import type { Photo } from '@annadaan/contract/photos';

/** Its rules (food-photo.css) are in the app's stylesheet: app/first-screen-styles.ts. */
const classes = { frame: 'food-photo-frame', image: 'food-photo-image' } as const;

/** The drawings in public/illustrations (decision 036): a few kB each, cached like any static file. */
const ILLUSTRATIONS: Record<FoodIllustration, string> = {
  [FoodIllustration.COOKED]: '/illustrations/cooked.svg',
  [FoodIllustration.RICE]: '/illustrations/rice.svg',
  [FoodIllustration.BREADS]: '/illustrations/breads.svg',
  [FoodIllustration.SWEETS]: '/illustrations/sweets.svg',
  [FoodIllustration.RAW]: '/illustrations/raw.svg',
  [FoodIllustration.PACKAGED]: '/illustrations/packaged.svg',
  [FoodIllustration.FRUIT_VEG]: '/illustrations/fruit-veg.svg',
};

/** The frame's shape and the drawings' own size. */
const FRAME_WIDTH = 320;
const FRAME_HEIGHT = 180;

interface Props {
  photo: Photo | null;
  foodType: FoodType;
  foodName: string;
  /** How wide the frame is at each screen width, for the browser to pick a variant. */
  sizes: string;
  /** Empty where the picture only repeats what the text beside it says (a card). */
  alt: string;
  /** The first picture on a page loads at once; the others wait until they are near the screen. */
  eager?: boolean;
  /** Rounded corners for a picture standing alone (the detail page); a card's section clips its own. */
  radius?: string;
  maxHeight?: number;
}

/**
 * A donation's photo in a fixed 16:9 frame: `srcset` in 320, 640 and 1280 px (AVIF first where the
 * browser takes it), painted over its blurred placeholder. Without a photo, a drawing of the kind
 * of food, which is decorative (its alt is empty): the food's name and type are in the text.
 */
export function FoodPhoto({ photo, foodType, foodName, sizes, alt, eager = false, radius, maxHeight }: Props) {
  const frameStyle = { aspectRatio: `${FRAME_WIDTH} / ${FRAME_HEIGHT}`, borderRadius: radius, maxHeight };
  const loading = eager ? 'eager' : 'lazy';
  if (!photo) {
    const illustration = foodIllustrationFor({ foodType, foodName });
    return (
      <div className={classes.frame} style={frameStyle}>
        <img
          className={classes.image}
          src={ILLUSTRATIONS[illustration]}
          alt=""
          width={FRAME_WIDTH}
          height={FRAME_HEIGHT}
          loading={loading}
          decoding="async"
          // A page's first picture is often its largest paint (a donation's page without a photo).
          fetchPriority={eager ? 'high' : 'auto'}
          data-illustration={illustration.toLowerCase()}
        />
      </div>
    );
  }
  const img = (
    <img
      className={classes.image}
      src={photo.src}
      srcSet={photo.srcset ?? undefined}
      sizes={photo.srcset ? sizes : undefined}
      // An earlier upload's size is not recorded; the frame fixes the shape either way.
      width={photo.width ?? FRAME_WIDTH}
      height={photo.height ?? FRAME_HEIGHT}
      alt={alt}
      loading={loading}
      decoding="async"
      fetchPriority={eager ? 'high' : 'auto'}
      style={photo.placeholder ? { backgroundImage: `url("${photo.placeholder}")` } : undefined}
    />
  );
  return (
    <div className={classes.frame} style={frameStyle}>
      {photo.avifSrcset ? (
        <picture>
          <source type="image/avif" srcSet={photo.avifSrcset} sizes={sizes} />
          {img}
        </picture>
      ) : (
        img
      )}
    </div>
  );
}
