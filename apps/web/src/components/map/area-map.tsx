import './leaflet-setup';
import { useId } from 'react';
import { useTranslation } from '../../i18n/react';
import { AreaMapCaption } from './area-map-caption';
import { Circle, MapContainer, Marker } from './leaflet-react';
import { ConfiguredTileLayer } from './configured-tile-layer';
import { MapLabel } from './map-label';

/** The public point is a ~500 m cell's centre; a circle this wide covers the cell around it. */
const AREA_RADIUS_M = 400;

interface Props {
  /** The public point: the centre of the area everyone may see. */
  area: { lat: number; lng: number };
  /** The exact pickup point, only for the donor and the receiver awaiting pickup. */
  exact: { lat: number; lng: number } | null;
  /** What the area is called ("Bandra West, Mumbai 400050"). */
  areaName: string;
}

/** A donation's detail map (issue 15): a circle of the public area; the exact pin only for those allowed it. */
export default function AreaMap({ area, exact, areaName }: Props) {
  const { t } = useTranslation('map');
  const captionId = useId();
  const centre = exact ?? area;
  return (
    <figure style={{ margin: 0 }}>
      <MapContainer
        className="annadaan-map"
        center={[centre.lat, centre.lng]}
        zoom={15}
        scrollWheelZoom={false}
        style={{ height: 220, width: '100%', borderRadius: 'var(--mantine-radius-md)' }}
      >
        <MapLabel label={t('area.label')} describedBy={captionId} />
        <ConfiguredTileLayer />
        <Circle center={[area.lat, area.lng]} radius={AREA_RADIUS_M} interactive={false} pathOptions={{ color: '#2b8a3e', weight: 2, fillOpacity: 0.15 }} />
        {exact ? <Marker position={[exact.lat, exact.lng]} alt={t('area.exactPoint')} title={t('area.exactPoint')} keyboard={false} /> : null}
      </MapContainer>
      <AreaMapCaption id={captionId} exact={exact !== null} areaName={areaName} />
    </figure>
  );
}
