import { L } from '../../../components/map/leaflet-setup';
import { haversineKm, roundDistanceKm } from '@annadaan/contract/distance';
import { dietLabels } from '@annadaan/contract/food-facts';
import { INDIA_BOUNDS, type MapCluster, type MapDonationPoint, type MapFoodRequestPoint, formatBbox } from '@annadaan/contract/map';
import { Anchor, Checkbox, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Circle, CircleMarker, MapContainer, Marker, useMap, useMapEvents } from '../../../components/map/leaflet-react';
import { Link } from 'react-router';
import { DietMark } from '../../../components/diet-mark';
import { ConfiguredTileLayer } from '../../../components/map/configured-tile-layer';
import { MapLabel } from '../../../components/map/map-label';
import { formatDateTime, formatDistanceAway } from '../../../lib/format';
import { type MapViewport, mapQueries } from '../api/map-api';

interface Point {
  lat: number;
  lng: number;
}

interface Props {
  /** The reference point of "Near me", when chosen and known. */
  centre: Point | null;
  /** What the centre is ("your location", "pin code 400053 (Mumbai, Maharashtra)"). */
  centreLabel: string;
  radiusKm: number | null;
  /** Food needs are for people signed in, like their list. */
  canShowNeeds: boolean;
  detailPath: (donationId: number) => string;
  /** Browse's food filters (issue 16), as the API takes them. */
  foodQuery?: { diet?: string; excludeAllergens?: string };
}

type Selected = { kind: 'donation'; point: MapDonationPoint } | { kind: 'need'; point: MapFoodRequestPoint };

/** All of India when no place is chosen. */
const INDIA_VIEW = { center: [22.5, 79] as [number, number], zoom: 5 };
const FOOD_TYPE_LABELS: Record<string, string> = { PRECOOKED: 'Pre-cooked', RAW: 'Raw' };

/** The map's bounds cut to India's (the API refuses more) at 4 decimals, or null outside India. */
function viewportOf(map: L.Map): MapViewport | null {
  const bounds = map.getBounds();
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  const box = {
    minLng: round(Math.max(bounds.getWest(), INDIA_BOUNDS.minLng)),
    minLat: round(Math.max(bounds.getSouth(), INDIA_BOUNDS.minLat)),
    maxLng: round(Math.min(bounds.getEast(), INDIA_BOUNDS.maxLng)),
    maxLat: round(Math.min(bounds.getNorth(), INDIA_BOUNDS.maxLat)),
  };
  if (box.minLng >= box.maxLng || box.minLat >= box.maxLat) return null;
  return { bbox: formatBbox(box), zoom: Math.round(map.getZoom()) };
}

function ViewportWatcher({ onChange }: { onChange: (viewport: MapViewport | null) => void }) {
  const map = useMapEvents({ moveend: () => onChange(viewportOf(map)) });
  useEffect(() => {
    onChange(viewportOf(map));
  }, [map, onChange]);
  return null;
}

/** A new place or radius frames its circle. */
function FrameCentre({ centre, radiusKm }: { centre: Point | null; radiusKm: number | null }) {
  const map = useMap();
  const lat = centre?.lat;
  const lng = centre?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    map.fitBounds(L.latLng(lat, lng).toBounds((radiusKm ?? 5) * 2000), { animate: false });
  }, [map, lat, lng, radiusKm]);
  return null;
}

/**
 * Food needs sit this many pixels up and to the right of their point: a need and a donation in
 * the same ~500 m cell (or cluster) would otherwise cover each other and one could not be tapped.
 */
const NEED_SHIFT_PX = 16;
const anchorFor = (size: number, kind: 'donation' | 'need'): [number, number] =>
  kind === 'need' ? [size / 2 - NEED_SHIFT_PX, size / 2 + NEED_SHIFT_PX] : [size / 2, size / 2];

/** One icon per count and colour, so a re-render keeps each marker's element (and its focus). */
const clusterIcons = new Map<string, L.DivIcon>();
function clusterIcon(count: number, kind: 'donation' | 'need') {
  const key = `${kind}-${count}`;
  let icon = clusterIcons.get(key);
  if (!icon) {
    const size = Math.round(30 + Math.min(18, Math.log10(count) * 9));
    icon = L.divIcon({ className: `annadaan-marker annadaan-marker--${kind}`, html: String(count), iconSize: [size, size], iconAnchor: anchorFor(size, kind) });
    clusterIcons.set(key, icon);
  }
  return icon;
}

const pointIcons = {
  donation: L.divIcon({ className: 'annadaan-marker annadaan-marker--donation', html: '', iconSize: [22, 22] }),
  need: L.divIcon({ className: 'annadaan-marker annadaan-marker--need', html: '', iconSize: [20, 20], iconAnchor: anchorFor(20, 'need') }),
};

/** A marker reachable by keyboard (Leaflet gives it tabindex and role button) with a spoken name. */
function LabelledMarker({ position, icon, label, onActivate }: { position: [number, number]; icon: L.DivIcon; label: string; onActivate: () => void }) {
  const marker = useRef<L.Marker>(null);
  const activate = useRef(onActivate);
  useEffect(() => {
    activate.current = onActivate;
    // Leaflet names only image icons (alt); a div icon gets its name here, after any icon change.
    marker.current?.getElement()?.setAttribute('aria-label', label);
  });
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      click: () => activate.current(),
      // Leaflet makes the marker a focusable role=button but fires only a keypress for it; Enter
      // and Space act as a click, as on any button.
      keydown: (event) => {
        const key = (event as L.LeafletKeyboardEvent).originalEvent;
        if (key.key !== 'Enter' && key.key !== ' ') return;
        key.preventDefault();
        activate.current();
      },
      add: (event) => (event.target as L.Marker).getElement()?.setAttribute('aria-label', label),
    }),
    [label],
  );
  return <Marker ref={marker} position={position} icon={icon} title={label} keyboard eventHandlers={handlers} />;
}

function ClusterMarkers({ clusters, kind, noun }: { clusters: MapCluster[]; kind: 'donation' | 'need'; noun: [string, string] }) {
  const map = useMap();
  return clusters.map((cluster) => (
    <LabelledMarker
      key={`${kind}-${cluster.lat}-${cluster.lng}`}
      position={[cluster.lat, cluster.lng]}
      icon={clusterIcon(cluster.count, kind)}
      label={`${cluster.count} ${cluster.count === 1 ? noun[0] : noun[1]} here: zoom in`}
      onActivate={() => map.setView([cluster.lat, cluster.lng], Math.min(map.getZoom() + 2, map.getMaxZoom()))}
    />
  ));
}

function countText(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * Browse's map view (issue 15), loaded only when someone chooses Map: donations (green) and food
 * needs (orange) from the server's viewport answers, clusters at low zoom and points at high
 * zoom, the reference point and its radius, and a small card for a tapped marker. It works
 * without tiles. The list under the map stays the full, accessible view; the sentence above the
 * map says what is in view.
 */
export default function BrowseMap({ centre, centreLabel, radiusKm, canShowNeeds, detailPath, foodQuery = {} }: Props) {
  const summaryId = useId();
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const [showDonations, setShowDonations] = useState(true);
  const [showNeeds, setShowNeeds] = useState(canShowNeeds);
  const [selected, setSelected] = useState<Selected | null>(null);
  const cardHeading = useRef<HTMLParagraphElement>(null);

  const shown = viewport ?? { bbox: '', zoom: 0 };
  // Browse's food filters are about the food on offer; the needs layer shows every need.
  const donations = useQuery({ ...mapQueries.donations({ ...shown, ...foodQuery }), enabled: viewport !== null && showDonations });
  const needs = useQuery({ ...mapQueries.needs(shown), enabled: viewport !== null && showNeeds && canShowNeeds });

  useEffect(() => {
    if (selected) cardHeading.current?.focus();
  }, [selected]);

  const distance = (point: Point) => (centre ? ` ${formatDistanceAway(roundDistanceKm(haversineKm(centre, point)))}` : '');
  const donationAnswer = showDonations ? donations.data : undefined;
  const needAnswer = showNeeds && canShowNeeds ? needs.data : undefined;

  const parts: string[] = [];
  if (donationAnswer) {
    parts.push(
      donationAnswer.kind === 'clusters' && donationAnswer.total > 0
        ? `${countText(donationAnswer.total, 'donation', 'donations')} in ${countText(donationAnswer.clusters.length, 'group', 'groups')}`
        : countText(donationAnswer.total, 'donation', 'donations'),
    );
  }
  if (needAnswer) {
    parts.push(
      needAnswer.kind === 'clusters' && needAnswer.total > 0
        ? `${countText(needAnswer.total, 'food need', 'food needs')} in ${countText(needAnswer.clusters.length, 'group', 'groups')}`
        : countText(needAnswer.total, 'food need', 'food needs'),
    );
  }
  const clustered = (donationAnswer?.kind === 'clusters' && donationAnswer.total > 0) || (needAnswer?.kind === 'clusters' && needAnswer.total > 0);
  const failed = (showDonations && donations.isError) || (showNeeds && canShowNeeds && needs.isError);
  let summary: string;
  if (viewport === null) summary = 'The map shows places in India only. Zoom or move it there.';
  else if (failed) summary = 'Could not load what is on the map. Check your connection and try again.';
  else if (parts.length === 0) summary = showDonations || showNeeds ? 'Loading what is on the map...' : 'Nothing chosen to show on the map.';
  else {
    summary = `In view: ${parts.join(' and ')}.${clustered ? ' Zoom in, or choose a group, to see each one.' : ''}`;
    if (donationAnswer?.truncated || needAnswer?.truncated) summary += ' Only the first 500 are shown: zoom in for the rest.';
  }

  return (
    <Stack gap="xs">
      <Group gap="md" wrap="wrap">
        <Checkbox
          label="Food on offer (green)"
          checked={showDonations}
          onChange={(event) => setShowDonations(event.currentTarget.checked)}
        />
        {canShowNeeds ? (
          <Checkbox label="Food needs (orange)" checked={showNeeds} onChange={(event) => setShowNeeds(event.currentTarget.checked)} />
        ) : null}
      </Group>
      <Text size="sm" role="status" id={summaryId}>
        {summary}
        {centre ? ` The blue dot is ${centreLabel}.` : ''} The list below the map has the food in full.
      </Text>
      <div style={{ position: 'relative' }}>
        <MapContainer
          className="annadaan-map"
          {...(centre
            ? { bounds: L.latLng(centre.lat, centre.lng).toBounds((radiusKm ?? 5) * 2000) }
            : { center: INDIA_VIEW.center, zoom: INDIA_VIEW.zoom })}
          minZoom={4}
          style={{ height: 'min(60vh, 440px)', width: '100%', borderRadius: 'var(--mantine-radius-md)' }}
        >
          <MapLabel label="Map of food near you" describedBy={summaryId} />
          <ConfiguredTileLayer />
          <ViewportWatcher onChange={setViewport} />
          <FrameCentre centre={centre} radiusKm={radiusKm} />
          {centre && radiusKm ? (
            <Circle center={[centre.lat, centre.lng]} radius={radiusKm * 1000} interactive={false} pathOptions={{ color: '#1c7ed6', weight: 2, fillOpacity: 0.05 }} />
          ) : null}
          {centre ? (
            <CircleMarker center={[centre.lat, centre.lng]} radius={7} interactive={false} pathOptions={{ color: '#fff', weight: 2, fillColor: '#1c7ed6', fillOpacity: 1 }} />
          ) : null}
          {needAnswer?.kind === 'clusters' ? <ClusterMarkers clusters={needAnswer.clusters} kind="need" noun={['food need', 'food needs']} /> : null}
          {needAnswer?.kind === 'points'
            ? needAnswer.points.map((point) => (
                <LabelledMarker
                  key={`need-${point.id}`}
                  position={[point.lat, point.lng]}
                  icon={pointIcons.need}
                  label={`Food need: ${point.foodType || 'Pre-cooked food'} for ${point.numberOfPeople}${distance(point)}`}
                  onActivate={() => setSelected({ kind: 'need', point })}
                />
              ))
            : null}
          {donationAnswer?.kind === 'clusters' ? <ClusterMarkers clusters={donationAnswer.clusters} kind="donation" noun={['donation', 'donations']} /> : null}
          {donationAnswer?.kind === 'points'
            ? donationAnswer.points.map((point) => (
                <LabelledMarker
                  key={`donation-${point.id}`}
                  position={[point.lat, point.lng]}
                  icon={pointIcons.donation}
                  label={`${point.foodName}, ${FOOD_TYPE_LABELS[point.foodType] ?? point.foodType}, ${point.diet ? dietLabels[point.diet] : 'diet not stated'}${distance(point)}`}
                  onActivate={() => setSelected({ kind: 'donation', point })}
                />
              ))
            : null}
        </MapContainer>
        {selected ? (
          <Paper
            withBorder
            shadow="md"
            p="sm"
            radius="md"
            role="group"
            aria-label={selected.kind === 'donation' ? 'Selected donation' : 'Selected food need'}
            style={{ position: 'absolute', left: 8, right: 8, bottom: 28, zIndex: 1, maxWidth: 360 }}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={700} ref={cardHeading} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
                  {selected.kind === 'donation' ? selected.point.foodName : `Food need: ${selected.point.foodType || 'Pre-cooked food'}`}
                </Text>
                <Text size="sm">
                  {selected.kind === 'donation'
                    ? FOOD_TYPE_LABELS[selected.point.foodType] ?? selected.point.foodType
                    : `For ${countText(selected.point.numberOfPeople, 'person', 'people')}`}
                  {centre ? ` · ${formatDistanceAway(roundDistanceKm(haversineKm(centre, selected.point)))}` : ''}
                </Text>
                <DietMark diet={selected.point.diet} />
                <Text size="sm">
                  {selected.kind === 'donation' ? 'Listed until' : 'Open until'} {formatDateTime(selected.point.expiresAt)}
                </Text>
                {selected.kind === 'donation' ? (
                  <Anchor component={Link} to={detailPath(selected.point.id)} fw={600} size="sm">
                    View details of {selected.point.foodName}
                  </Anchor>
                ) : null}
              </Stack>
              <CloseButton aria-label="Close the card" onClick={() => setSelected(null)} />
            </Group>
          </Paper>
        ) : null}
      </div>
    </Stack>
  );
}
