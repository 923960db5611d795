import { L } from '../../../components/map/leaflet-setup';
import { haversineKm, roundDistanceKm } from '@annadaan/contract/distance';
import { INDIA_BOUNDS, type MapCluster, type MapDonationPoint, type MapFoodRequestPoint, formatBbox } from '@annadaan/contract/map';
import { Anchor, Checkbox, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from '../../../i18n/react';
import { Circle, CircleMarker, MapContainer, Marker, useMap, useMapEvents } from '../../../components/map/leaflet-react';
import { Link } from 'react-router';
import { DietMark } from '../../../components/diet-mark';
import { PortionsLeft } from '../../../components/portions-left';
import { ConfiguredTileLayer } from '../../../components/map/configured-tile-layer';
import { MapLabel } from '../../../components/map/map-label';
import { useDistanceAway } from '../../../components/map/distance-away';
import { useFormat } from '../../../lib/locale-format';
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

function ClusterMarkers({ clusters, kind }: { clusters: MapCluster[]; kind: 'donation' | 'need' }) {
  const { t } = useTranslation('map');
  const map = useMap();
  return clusters.map((cluster) => (
    <LabelledMarker
      key={`${kind}-${cluster.lat}-${cluster.lng}`}
      position={[cluster.lat, cluster.lng]}
      icon={clusterIcon(cluster.count, kind)}
      label={t(kind === 'donation' ? 'browse.clusterDonations' : 'browse.clusterNeeds', { count: cluster.count })}
      onActivate={() => map.setView([cluster.lat, cluster.lng], Math.min(map.getZoom() + 2, map.getMaxZoom()))}
    />
  ));
}

/**
 * Browse's map view (issue 15), loaded only when someone chooses Map: donations (green) and food
 * needs (orange) from the server's viewport answers, clusters at low zoom and points at high
 * zoom, the reference point and its radius, and a small card for a tapped marker. It works
 * without tiles. The list under the map stays the full, accessible view; the sentence above the
 * map says what is in view.
 */
export default function BrowseMap({ centre, centreLabel, radiusKm, canShowNeeds, detailPath, foodQuery = {} }: Props) {
  const { t } = useTranslation(['map', 'common']);
  const format = useFormat();
  const distanceAway = useDistanceAway();
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

  const distance = (point: Point) => (centre ? distanceAway(roundDistanceKm(haversineKm(centre, point))) : null);
  /** A marker's name, with how far it is once "Near me" has a place. */
  const withDistance = (label: string, point: Point) => [label, distance(point)].filter(Boolean).join(' ');
  const foodTypeLabel = (foodType: string) => t(`common:enums.foodType.${foodType}`, { defaultValue: foodType });
  const needFood = (point: MapFoodRequestPoint) => point.foodType || t('browse.preCookedFood');
  const donationAnswer = showDonations ? donations.data : undefined;
  const needAnswer = showNeeds && canShowNeeds ? needs.data : undefined;

  const parts: string[] = [];
  if (donationAnswer) {
    const items = t('browse.donations', { count: donationAnswer.total });
    parts.push(
      donationAnswer.kind === 'clusters' && donationAnswer.total > 0
        ? t('browse.inGroups', { items, groups: t('browse.groups', { count: donationAnswer.clusters.length }) })
        : items,
    );
  }
  if (needAnswer) {
    const items = t('browse.needs', { count: needAnswer.total });
    parts.push(
      needAnswer.kind === 'clusters' && needAnswer.total > 0
        ? t('browse.inGroups', { items, groups: t('browse.groups', { count: needAnswer.clusters.length }) })
        : items,
    );
  }
  const clustered = (donationAnswer?.kind === 'clusters' && donationAnswer.total > 0) || (needAnswer?.kind === 'clusters' && needAnswer.total > 0);
  const failed = (showDonations && donations.isError) || (showNeeds && canShowNeeds && needs.isError);
  const sentences: string[] = [];
  if (viewport === null) sentences.push(t('browse.outsideIndia'));
  else if (failed) sentences.push(t('browse.failed'));
  else if (parts.length === 0) sentences.push(showDonations || showNeeds ? t('browse.loading') : t('browse.nothingChosen'));
  else {
    const [first = '', second] = parts;
    sentences.push(t('browse.inView', { parts: second === undefined ? first : t('browse.both', { first, second }) }));
    if (clustered) sentences.push(t('browse.zoomToSeeEach'));
    if (donationAnswer?.truncated || needAnswer?.truncated) sentences.push(t('browse.truncated', { limit: format.number(500) }));
  }

  return (
    <Stack gap="xs">
      <Group gap="md" wrap="wrap">
        <Checkbox label={t('browse.showDonations')} checked={showDonations} onChange={(event) => setShowDonations(event.currentTarget.checked)} />
        {canShowNeeds ? <Checkbox label={t('browse.showNeeds')} checked={showNeeds} onChange={(event) => setShowNeeds(event.currentTarget.checked)} /> : null}
      </Group>
      <Text size="sm" role="status" id={summaryId}>
        {sentences.join(' ')}
        {/* The place is a name from the pin-code data (in English), not the app's words: marked so. */}
        {centre ? (
          <>
            {' '}
            <Trans t={t} i18nKey="browse.blueDot" values={{ place: centreLabel }} components={{ place: <span translate="no" /> }} />
          </>
        ) : null}{' '}
        {t('browse.listBelow')}
      </Text>
      <div style={{ position: 'relative' }}>
        <MapContainer
          className="annadaan-map"
          {...(centre ? { bounds: L.latLng(centre.lat, centre.lng).toBounds((radiusKm ?? 5) * 2000) } : { center: INDIA_VIEW.center, zoom: INDIA_VIEW.zoom })}
          minZoom={4}
          style={{ height: 'min(60vh, 440px)', width: '100%', borderRadius: 'var(--mantine-radius-md)' }}
        >
          <MapLabel label={t('browse.label')} describedBy={summaryId} />
          <ConfiguredTileLayer />
          <ViewportWatcher onChange={setViewport} />
          <FrameCentre centre={centre} radiusKm={radiusKm} />
          {centre && radiusKm ? (
            <Circle
              center={[centre.lat, centre.lng]}
              radius={radiusKm * 1000}
              interactive={false}
              pathOptions={{ color: '#1c7ed6', weight: 2, fillOpacity: 0.05 }}
            />
          ) : null}
          {centre ? (
            <CircleMarker
              center={[centre.lat, centre.lng]}
              radius={7}
              interactive={false}
              pathOptions={{ color: '#fff', weight: 2, fillColor: '#1c7ed6', fillOpacity: 1 }}
            />
          ) : null}
          {needAnswer?.kind === 'clusters' ? <ClusterMarkers clusters={needAnswer.clusters} kind="need" /> : null}
          {needAnswer?.kind === 'points'
            ? needAnswer.points.map((point) => (
                <LabelledMarker
                  key={`need-${point.id}`}
                  position={[point.lat, point.lng]}
                  icon={pointIcons.need}
                  label={withDistance(t('browse.needMarker', { food: needFood(point), people: format.number(point.numberOfPeople) }), point)}
                  onActivate={() => setSelected({ kind: 'need', point })}
                />
              ))
            : null}
          {donationAnswer?.kind === 'clusters' ? <ClusterMarkers clusters={donationAnswer.clusters} kind="donation" /> : null}
          {donationAnswer?.kind === 'points'
            ? donationAnswer.points.map((point) => (
                <LabelledMarker
                  key={`donation-${point.id}`}
                  position={[point.lat, point.lng]}
                  icon={pointIcons.donation}
                  label={withDistance(
                    t('browse.donationMarker', {
                      name: point.foodName,
                      type: foodTypeLabel(point.foodType),
                      diet: point.diet ? t(`common:enums.diet.${point.diet}`) : t('browse.dietNotStated'),
                    }),
                    point,
                  )}
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
            aria-label={selected.kind === 'donation' ? t('browse.selectedDonation') : t('browse.selectedNeed')}
            style={{ position: 'absolute', left: 8, right: 8, bottom: 28, zIndex: 1, maxWidth: 360 }}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={700} ref={cardHeading} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
                  {selected.kind === 'donation' ? selected.point.foodName : t('browse.needTitle', { food: needFood(selected.point) })}
                </Text>
                <Text size="sm">
                  {selected.kind === 'donation'
                    ? foodTypeLabel(selected.point.foodType)
                    : t('browse.forPeople', { count: selected.point.numberOfPeople, people: format.number(selected.point.numberOfPeople) })}
                  {centre ? ` · ${distanceAway(roundDistanceKm(haversineKm(centre, selected.point)))}` : ''}
                </Text>
                <DietMark diet={selected.point.diet} />
                {selected.kind === 'donation' ? <PortionsLeft portions={selected.point.portions} /> : null}
                <Text size="sm">
                  {t(selected.kind === 'donation' ? 'browse.listedUntil' : 'browse.openUntil', { date: format.dateTime(selected.point.expiresAt) })}
                </Text>
                {selected.kind === 'donation' ? (
                  <Anchor component={Link} to={detailPath(selected.point.id)} fw={600} size="sm">
                    {t('browse.viewDetails', { name: selected.point.foodName })}
                  </Anchor>
                ) : null}
              </Stack>
              <CloseButton aria-label={t('browse.closeCard')} onClick={() => setSelected(null)} />
            </Group>
          </Paper>
        ) : null}
      </div>
    </Stack>
  );
}
