import { L } from './leaflet-setup';
import { Text } from '@mantine/core';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Trans, useTranslation } from '../../i18n/react';
import { MapContainer, Marker, useMap, useMapEvents } from './leaflet-react';
import { ConfiguredTileLayer } from './configured-tile-layer';
import { MapLabel } from './map-label';

interface Props {
  point: { lat: number; lng: number };
  /** Whether `point` is a pin code's centre rather than the pickup point itself. */
  approximate: boolean;
  onMove: (lat: number, lng: number) => void;
  /** What the pin marks: a donation's pickup point (the default), or where a food need is. */
  purpose?: 'pickup' | 'need' | 'area' | 'dropoff';
}

/** The map catalog's words for each purpose. */
type PinKeys = 'pin' | 'needPin' | 'areaPin' | 'dropoffPin';

/** Pixels an arrow key moves the pin, so the pin can be corrected without a mouse. */
const KEY_STEP_PX = 10;
const KEY_MOVES: Record<string, [number, number]> = {
  ArrowUp: [0, -KEY_STEP_PX],
  ArrowDown: [0, KEY_STEP_PX],
  ArrowLeft: [-KEY_STEP_PX, 0],
  ArrowRight: [KEY_STEP_PX, 0],
};

function FollowPoint({ point }: { point: Props['point'] }) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().pad(-0.2).contains([point.lat, point.lng])) map.setView([point.lat, point.lng], map.getZoom());
  }, [map, point.lat, point.lng]);
  return null;
}

function MoveOnClick({ onMove }: Pick<Props, 'onMove'>) {
  useMapEvents({ click: (event) => onMove(event.latlng.lat, event.latlng.lng) });
  return null;
}

function DraggablePin({ point, onMove, helpId, keys }: Pick<Props, 'point' | 'onMove'> & { helpId: string; keys: PinKeys }) {
  const { t } = useTranslation('map');
  const map = useMap();
  const marker = useRef<L.Marker>(null);
  const latest = useRef(onMove);
  useEffect(() => {
    latest.current = onMove;
  });

  const handlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      dragend: () => {
        const at = marker.current?.getLatLng();
        if (at) latest.current(at.lat, at.lng);
      },
      add: (event) => {
        const element = (event.target as L.Marker).getElement();
        element?.setAttribute('aria-describedby', helpId);
        element?.addEventListener('keydown', (key: KeyboardEvent) => {
          const move = KEY_MOVES[key.key];
          const current = marker.current;
          if (!move || !current) return;
          // The map pans on arrow keys too; here they move the pin instead.
          key.preventDefault();
          key.stopPropagation();
          const at = map.containerPointToLatLng(map.latLngToContainerPoint(current.getLatLng()).add(move));
          latest.current(at.lat, at.lng);
        });
      },
    }),
    [helpId, map],
  );

  return <Marker ref={marker} position={[point.lat, point.lng]} draggable autoPan alt={t(`${keys}.alt`)} title={t(`${keys}.title`)} eventHandlers={handlers} />;
}

/**
 * The donate form's pin (issue 15), and the request-food form's (issue 29): drag it, tap the map,
 * or focus it and use the arrow keys to put it on the point. Says plainly what others see of it.
 */
export default function PinPickerMap({ point, approximate, onMove, purpose = 'pickup' }: Props) {
  const { t } = useTranslation('map');
  const helpId = useId();
  const keys: PinKeys = ({ pickup: 'pin', need: 'needPin', area: 'areaPin', dropoff: 'dropoffPin' } as const)[purpose];
  return (
    <div>
      <MapContainer
        className="annadaan-map"
        center={[point.lat, point.lng]}
        zoom={approximate ? 14 : 17}
        scrollWheelZoom={false}
        style={{ height: 240, width: '100%', borderRadius: 'var(--mantine-radius-md)' }}
      >
        <MapLabel label={t(`${keys}.label`)} describedBy={helpId} />
        <ConfiguredTileLayer />
        <FollowPoint point={point} />
        <MoveOnClick onMove={onMove} />
        <DraggablePin point={point} onMove={onMove} helpId={helpId} keys={keys} />
      </MapContainer>
      <Text size="sm" mt={4} id={helpId}>
        {approximate ? t(`${keys}.helpApproximate`) : t(`${keys}.helpExact`)} <Trans t={t} i18nKey={`${keys}.publicNote`} components={{ strong: <strong /> }} />
      </Text>
    </div>
  );
}
