import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png?no-inline';
import iconUrl from 'leaflet/dist/images/marker-icon.png?no-inline';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png?no-inline';
import './map.css';

/*
 * Imported by every map module before its first marker. Leaflet finds its default marker images
 * by a path read from its stylesheet, which a bundler rewrites; the images come from the bundle
 * instead (never a CDN: the app must work offline and its CSP allows no such host), and an empty
 * imagePath keeps Leaflet from prefixing the bundled URLs. As files, not inlined: the still area
 * map (still-area-map.tsx) shows the same pin from the same address, and a donation's first load
 * carries no image in its code.
 */
L.Icon.Default.imagePath = '';
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

export { L };
