/*
 * The stylesheets of the screens the server draws, in the stylesheet the page links in its head
 * rather than in each screen's lazy chunk: with a donation's photo frame, the cards, the landing
 * tiles and the facts strip in those chunks, their rules arrived only after the app's code had
 * run, so the drawn page was briefly unstyled and a donation's picture (its largest paint) waited
 * for a 279-byte sheet (Lighthouse's network log). Together they are 3.6 kB (1.5 kB gzipped).
 * Their class names are global, prefixed with the file's name; first-screen-styles.test.ts fails
 * when a component stylesheet is missing here.
 */
import '../components/food-card.css';
import '../components/food-photo.css';
import '../components/view-switch.css';
import '../features/donations/components/ending-soon-carousel.css';
import '../features/landing/components/landing.css';
import '../features/statistics/components/facts-strip.css';
