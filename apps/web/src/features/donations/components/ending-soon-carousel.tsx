import '@mantine/carousel/styles.css';
import type { BrowseDonation } from '@annadaan/contract/donations';
import { Carousel } from '@mantine/carousel';
import { VisuallyHidden } from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import Autoplay from 'embla-carousel-autoplay';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { DonationCard } from './donation-card';

/** Its rules (ending-soon-carousel.css) are in the app's stylesheet: app/first-screen-styles.ts. */
const classes = { root: 'ending-soon-carousel-root' } as const;

interface Props {
  donations: BrowseDonation[];
  linkTo: (donation: BrowseDonation) => string;
}

/**
 * Up to 6 donations: 3 visible, 2 below 1024 px, 1 below 768 px (spec section 9). The spec's
 * breakpoints are not Mantine's (md is 992 px), hence media queries rather than slideSize keys.
 * Autoplay every 3 s, looping, pausing while hovered or focused, and off for people who asked
 * their system for reduced motion.
 */
export function EndingSoonCarousel({ donations, linkTo }: Props) {
  const { t } = useTranslation(['donations', 'common']);
  const [selected, setSelected] = useState(0);
  const wide = useMediaQuery('(min-width: 1024px)', true, { getInitialValueInEffect: false });
  const medium = useMediaQuery('(min-width: 768px)', true, { getInitialValueInEffect: false });
  const reduceMotion = useReducedMotion();
  const autoplay = useMemo(
    () => (reduceMotion ? null : Autoplay({ delay: 3000, stopOnMouseEnter: true, stopOnInteraction: false, stopOnFocusIn: true })),
    [reduceMotion],
  );
  const visible = wide ? 3 : medium ? 2 : 1;

  return (
    <>
      <Carousel
        className={classes.root}
        onSlideChange={setSelected}
        getIndicatorProps={(index) => ({ 'aria-label': t('common:carousel.goTo', { n: index + 1 }) })}
        slideSize={`${100 / visible}%`}
        slideGap="md"
        withIndicators={donations.length > visible}
        withControls={donations.length > visible}
        emblaOptions={{ loop: donations.length > visible, align: 'start', duration: 25 }}
        plugins={autoplay ? [autoplay] : []}
        previousControlProps={{ 'aria-label': t('carousel.previous') }}
        nextControlProps={{ 'aria-label': t('carousel.next') }}
        aria-label={t('carousel.label')}
        // The arrows sit in a row under the cards, beside the dots: centred on the side of a card
        // they covered its text on a 360 px phone (issue 11).
        pb={donations.length > visible ? 48 : undefined}
        styles={{ controls: { top: 'auto', bottom: 0, transform: 'none' } }}
      >
        {donations.map((donation) => (
          <Carousel.Slide key={donation.id}>
            <DonationCard donation={donation} to={linkTo(donation)} />
          </Carousel.Slide>
        ))}
      </Carousel>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {donations.length > 0 ? t('common:carousel.position', { n: selected + 1, count: donations.length }) : null}
      </VisuallyHidden>
    </>
  );
}
