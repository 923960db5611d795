import { L } from './leaflet-setup';
import { useTranslation } from '../../i18n/react';
import { type CSSProperties, type ReactNode, type Ref, createContext, useContext, useEffect, useImperativeHandle, useRef, useState } from 'react';

/*
 * The few React pieces the maps need, written straight on Leaflet (BSD-2-Clause) instead of
 * react-leaflet, whose Hippocratic License 2.1 is not OSI-approved (docs/decisions/026). Each
 * piece creates its Leaflet object once, updates what can change, and removes it on unmount;
 * children render only once the map exists, so they can all use `useMap`.
 */

const MapContext = createContext<L.Map | null>(null);

type Handlers = Record<string, ((event: L.LeafletEvent) => void) | undefined>;

/** Handlers that call whatever `latest` holds when the event comes, for the event types it held at first. */
function proxies(latest: { readonly current: L.LeafletEventHandlerFnMap | undefined }): L.LeafletEventHandlerFnMap {
  const bound: Handlers = {};
  for (const type of Object.keys(latest.current ?? {})) {
    bound[type] = (event) => (latest.current as Handlers | undefined)?.[type]?.(event);
  }
  return bound as L.LeafletEventHandlerFnMap;
}

/** The map around this component; only inside MapContainer. */
export function useMap(): L.Map {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMap is for components inside a MapContainer.');
  return map;
}

/** Listens to the map's events while mounted; the newest handlers run. */
export function useMapEvents(handlers: L.LeafletEventHandlerFnMap): L.Map {
  const map = useMap();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const bound = proxies(latest);
    map.on(bound);
    return () => {
      map.off(bound);
    };
  }, [map]);
  return map;
}

type MapContainerProps = {
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  minZoom?: number;
  scrollWheelZoom?: boolean;
} & ({ center: L.LatLngExpression; zoom: number; bounds?: undefined } | { bounds: L.LatLngBoundsExpression; center?: undefined; zoom?: undefined });

/** A Leaflet map in a div. The first view comes from the props; later changes go through useMap. */
export function MapContainer({ className, style, children, minZoom, scrollWheelZoom, center, zoom, bounds }: MapContainerProps) {
  const element = useRef<HTMLDivElement>(null);
  const initial = useRef({ minZoom, scrollWheelZoom, center, zoom, bounds });
  const [map, setMap] = useState<L.Map | null>(null);
  useEffect(() => {
    if (!element.current) return;
    const options = initial.current;
    const created = L.map(element.current, {
      // Added below with titles in the reader's language.
      zoomControl: false,
      ...(options.minZoom === undefined ? {} : { minZoom: options.minZoom }),
      ...(options.scrollWheelZoom === undefined ? {} : { scrollWheelZoom: options.scrollWheelZoom }),
    });
    if (options.bounds) created.fitBounds(options.bounds);
    else if (options.center !== undefined && options.zoom !== undefined) created.setView(options.center, options.zoom);
    // The tile provider's credit is a name and a licence, kept as the provider words it.
    created.attributionControl.getContainer()?.setAttribute('translate', 'no');
    setMap(created);
    return () => {
      setMap(null);
      created.remove();
    };
  }, []);
  const { t } = useTranslation('map');
  const zoomIn = t('zoomIn');
  const zoomOut = t('zoomOut');
  useEffect(() => {
    if (!map) return;
    // Leaflet words its zoom buttons once, when made: a new language makes them again.
    const zoom = L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map);
    return () => {
      zoom.remove();
    };
  }, [map, zoomIn, zoomOut]);
  return (
    <div ref={element} className={className} style={style}>
      {map ? <MapContext value={map}>{children}</MapContext> : null}
    </div>
  );
}

/**
 * Adds a layer while mounted, with its event handlers bound before it is added (so `add` fires to
 * them). Each layer joins the map in a task of its own: the tiles, the area's circle and the marker
 * added together were one 65-120 ms task with the CPU slowed 4× on a donation's page, which a tap
 * would wait behind (issue 18); apart, none is long.
 */
function useLayer<T extends L.Layer>(create: () => T, eventHandlers?: L.LeafletEventHandlerFnMap): T | null {
  const map = useMap();
  const [layer, setLayer] = useState<T | null>(null);
  const make = useRef(create);
  const handlers = useRef(eventHandlers);
  useEffect(() => {
    handlers.current = eventHandlers;
  });
  useEffect(() => {
    let added: { layer: T; bound: L.LeafletEventHandlerFnMap } | null = null;
    const adding = setTimeout(() => {
      const created = make.current();
      const bound = proxies(handlers);
      created.on(bound);
      created.addTo(map);
      added = { layer: created, bound };
      setLayer(created);
    }, 0);
    return () => {
      clearTimeout(adding);
      if (added) {
        added.layer.off(added.bound);
        added.layer.remove();
      }
      setLayer(null);
    };
  }, [map]);
  return layer;
}

export function TileLayer({ url, attribution }: { url: string; attribution: string }) {
  const layer = useLayer(() => L.tileLayer(url, { attribution }));
  useEffect(() => {
    layer?.setUrl(url);
  }, [layer, url]);
  return null;
}

interface MarkerProps {
  position: L.LatLngTuple;
  icon?: L.Icon | L.DivIcon;
  draggable?: boolean;
  autoPan?: boolean;
  keyboard?: boolean;
  alt?: string;
  title?: string;
  eventHandlers?: L.LeafletEventHandlerFnMap;
  ref?: Ref<L.Marker | null>;
}

export function Marker({ position, icon, draggable, autoPan, keyboard, alt, title, eventHandlers, ref }: MarkerProps) {
  const marker = useLayer(
    () =>
      L.marker(position, {
        ...(icon ? { icon } : {}),
        ...(draggable === undefined ? {} : { draggable }),
        ...(autoPan === undefined ? {} : { autoPan }),
        ...(keyboard === undefined ? {} : { keyboard }),
        ...(alt === undefined ? {} : { alt }),
        ...(title === undefined ? {} : { title }),
      }),
    eventHandlers,
  );
  useImperativeHandle<L.Marker | null, L.Marker | null>(ref, () => marker, [marker]);
  const [lat, lng] = position;
  useEffect(() => {
    if (marker && !marker.getLatLng().equals([lat, lng])) marker.setLatLng([lat, lng]);
  }, [marker, lat, lng]);
  useEffect(() => {
    if (marker && icon && marker.getIcon() !== icon) marker.setIcon(icon);
  }, [marker, icon]);
  useEffect(() => {
    if (marker && title !== undefined) marker.getElement()?.setAttribute('title', title);
  }, [marker, title]);
  return null;
}

interface CircleProps {
  center: L.LatLngTuple;
  radius: number;
  interactive?: boolean;
  pathOptions?: L.PathOptions;
}

/** A circle of `radius` metres. */
export function Circle({ center, radius, interactive, pathOptions }: CircleProps) {
  const circle = useLayer(() => L.circle(center, { radius, ...(interactive === undefined ? {} : { interactive }), ...pathOptions }));
  usePath(circle, center, pathOptions);
  useEffect(() => {
    circle?.setRadius(radius);
  }, [circle, radius]);
  return null;
}

/** A circle of `radius` pixels, whatever the zoom. */
export function CircleMarker({ center, radius, interactive, pathOptions }: CircleProps) {
  const circle = useLayer(() => L.circleMarker(center, { radius, ...(interactive === undefined ? {} : { interactive }), ...pathOptions }));
  usePath(circle, center, pathOptions);
  useEffect(() => {
    circle?.setRadius(radius);
  }, [circle, radius]);
  return null;
}

function usePath(path: L.CircleMarker | null, center: L.LatLngTuple, pathOptions: L.PathOptions | undefined) {
  const [lat, lng] = center;
  useEffect(() => {
    if (path && !path.getLatLng().equals([lat, lng])) path.setLatLng([lat, lng]);
  }, [path, lat, lng]);
  const style = JSON.stringify(pathOptions ?? {});
  useEffect(() => {
    if (path) path.setStyle(JSON.parse(style) as L.PathOptions);
  }, [path, style]);
}
