/*
 * The stylesheets of the screens the server draws, in the stylesheet the page links in its head
 * rather than in each screen's lazy chunk: with a donation's photo frame, the cards, the landing
 * tiles, the facts strip and a donation's still map in those chunks, their rules arrived only
 * after the app's code had run, so the drawn page was briefly unstyled (the still map's button
 * moved into its corner: a layout shift of 0.008) and a donation's picture (its largest paint) waited
 * for a 279-byte sheet (Lighthouse's network log). Together they are 4.1 kB minified (1.3 kB gzipped).
 * Their class names are global, prefixed with the file's name; first-screen-styles.test.ts fails
 * when a component stylesheet is missing here.
 */
import '../components/food-card.css';
import '../components/food-photo.css';
import '../components/map/still-area-map.css';
import '../components/view-switch.css';
import '../features/donations/components/ending-soon-carousel.css';
import '../features/landing/components/landing.css';
import '../features/statistics/components/facts-strip.css';
