import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import './map.css';

/*
 * Imported by every map module before its first marker. Leaflet finds its default marker images
 * by a path read from its stylesheet, which a bundler rewrites; the images come from the bundle
 * instead (never a CDN: the app must work offline and its CSP allows no such host), and an empty
 * imagePath keeps Leaflet from prefixing the bundled URLs.
 */
L.Icon.Default.imagePath = '';
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

export { L };
