import type { Run } from '@annadaan/contract/runs';
import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { Circle, CircleMarker, MapContainer, Marker } from '../../../components/map/leaflet-react';
import { ConfiguredTileLayer } from '../../../components/map/configured-tile-layer';
import { L } from '../../../components/map/leaflet-setup';
import { paths } from '../../../app/paths';

interface Props {
  centre: { lat: number; lng: number };
  radiusKm: number;
  runs: Run[];
}

/**
 * Runs near a volunteer on a map (issue 32): their area as a circle and each run's pickup area (a
 * grid cell's centre, never an address). Choosing a pin names the run under the map with its link,
 * so the map is an aid and the list beside it stays the way in by keyboard and screen reader.
 */
export default function RunsMap({ centre, radiusKm, runs }: Props) {
  const { t } = useTranslation('volunteers');
  const [chosen, setChosen] = useState<Run | null>(null);
  const degrees = radiusKm / 111;
  const bounds = L.latLngBounds([centre.lat - degrees, centre.lng - degrees], [centre.lat + degrees, centre.lng + degrees]);
  return (
    <div>
      <MapContainer style={{ height: 320, borderRadius: 8 }} bounds={bounds} scrollWheelZoom={false}>
        <ConfiguredTileLayer />
        <Circle
          center={[centre.lat, centre.lng]}
          radius={radiusKm * 1000}
          interactive={false}
          pathOptions={{ color: '#1971c2', weight: 2, fillOpacity: 0.05 }}
        />
        <CircleMarker center={[centre.lat, centre.lng]} radius={6} interactive={false} pathOptions={{ color: '#1971c2', fillOpacity: 1 }} />
        {runs.map((run) => (
          <Marker
            key={run.id}
            position={[run.pickupCell.lat, run.pickupCell.lng]}
            alt={t('near.mapPin', { food: run.foodName, area: run.pickupArea })}
            title={run.foodName}
            eventHandlers={{ click: () => setChosen(run) }}
          />
        ))}
      </MapContainer>
      <Text size="sm" mt="xs" role="status">
        {chosen ? (
          <Anchor component={Link} to={paths.run(chosen.id)}>
            {t('near.mapChosen', { food: chosen.foodName, from: chosen.pickupArea, to: chosen.dropoffArea })}
          </Anchor>
        ) : (
          t('near.mapHint')
        )}
      </Text>
    </div>
  );
}
