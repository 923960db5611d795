import './leaflet-setup';
import { useEffect, useId } from 'react';
import { useTranslation } from '../../i18n/react';
import { AreaMapCaption } from './area-map-caption';
import { Circle, MapContainer, Marker, useMap } from './leaflet-react';
import { ConfiguredTileLayer } from './configured-tile-layer';
import { MapLabel } from './map-label';
import { AREA_CIRCLE, AREA_MAP_HEIGHT, AREA_RADIUS_M, AREA_ZOOM, type AreaMapProps } from './area-map-view';

/** Puts the keyboard on the map once it exists: the person asked to move it. */
function FocusOnStart() {
  const map = useMap();
  useEffect(() => {
    map.getContainer().focus({ preventScroll: true });
  }, [map]);
  return null;
}

/**
 * A donation's detail map (issue 15): a circle of the public area; the exact pin only for those
 * allowed it. It replaces the still map (still-area-map.tsx) when a person asks to move it, and
 * opens on the same view.
 */
export default function AreaMap({ area, exact, areaName, focusOnStart = false }: AreaMapProps & { focusOnStart?: boolean }) {
  const { t } = useTranslation('map');
  const captionId = useId();
  const centre = exact ?? area;
  return (
    <figure style={{ margin: 0 }}>
      <MapContainer
        className="annadaan-map"
        center={[centre.lat, centre.lng]}
        zoom={AREA_ZOOM}
        scrollWheelZoom={false}
        style={{ height: AREA_MAP_HEIGHT, width: '100%', borderRadius: 'var(--mantine-radius-md)' }}
      >
        <MapLabel label={t('area.label')} describedBy={captionId} />
        {focusOnStart ? <FocusOnStart /> : null}
        <ConfiguredTileLayer />
        <Circle center={[area.lat, area.lng]} radius={AREA_RADIUS_M} interactive={false} pathOptions={AREA_CIRCLE} />
        {exact ? <Marker position={[exact.lat, exact.lng]} alt={t('area.exactPoint')} title={t('area.exactPoint')} keyboard={false} /> : null}
      </MapContainer>
      <AreaMapCaption id={captionId} exact={exact !== null} areaName={areaName} />
    </figure>
  );
}
