import { Button, Text } from '@mantine/core';
import { IconArrowsMove } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png?no-inline';
import iconUrl from 'leaflet/dist/images/marker-icon.png?no-inline';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png?no-inline';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { mapTilesQuery } from '../../lib/map-tiles-api';
import { AreaMapCaption } from './area-map-caption';
import { AREA_CIRCLE, AREA_MAP_HEIGHT, AREA_RADIUS_M, AREA_ZOOM, type AreaMapProps } from './area-map-view';
import { metresToPixels, placeInView, stillView, TILE_SIZE, tileUrl } from './static-map';

interface Props extends AreaMapProps {
  /** Called when the person asks to move the map. */
  onMove: () => void;
  /** The movable map's code is on its way. */
  moving: boolean;
  /** The movable map's code could not be fetched (offline): said under the map; the button tries again. */
  moveFailed: boolean;
}

/** Leaflet's default marker: 25 × 41 px, its tip at (12, 41). */
const PIN = { width: 25, height: 41, tipX: 12, tipY: 41, shadow: 41 } as const;

/**
 * A donation's area map as a picture (issue 18): the same tiles, circle and pin Leaflet draws at
 * the same places, as plain elements, so a donation's page starts no Leaflet (45 kB gzipped and a
 * 60-140 ms task on a slowed phone) for a map most people only look at. "Move the map" swaps in
 * the Leaflet map on the same view (lazy-maps.tsx). It is drawn once its width is known: on the
 * server and while the page hydrates it is its empty box with the button and the caption. Its
 * rules (still-area-map.css) are in the app's stylesheet: app/first-screen-styles.ts.
 */
export function StillAreaMap({ area, exact, areaName, onMove, moving, moveFailed }: Props) {
  const { t } = useTranslation('map');
  const captionId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  const tiles = useQuery(mapTilesQuery()).data;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Reported after layout, so reading the width costs no extra layout of the page.
    const observer = new ResizeObserver((entries) => {
      const measured = entries[0]?.contentRect.width;
      if (measured) setWidth(Math.round(measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const centre = exact ?? area;
  const view = width ? stillView(centre, AREA_ZOOM, width, AREA_MAP_HEIGHT) : null;
  const highDensity = typeof window !== 'undefined' && window.devicePixelRatio > 1;
  const circle = view ? placeInView(view, area) : null;
  const radius = metresToPixels(AREA_RADIUS_M, area.lat, AREA_ZOOM);
  const pin = view && exact ? placeInView(view, exact) : null;

  return (
    <figure style={{ margin: 0 }}>
      {/* A window onto a larger surface, clipped on purpose like the Leaflet map (data-clip-ok). */}
      <div
        ref={box}
        role="region"
        aria-label={t('area.label')}
        aria-describedby={captionId}
        className="annadaan-still-map"
        style={{ height: AREA_MAP_HEIGHT }}
        data-clip-ok
      >
        {view && tiles
          ? view.tiles.map((tile) => {
              const src = tileUrl(tiles.url, tile, highDensity);
              // A background, not an <img>: a tile that cannot load (offline) leaves the plain
              // background, as Leaflet's hidden tiles do, not a broken-image mark.
              return src ? (
                <div
                  key={`${tile.x}/${tile.y}`}
                  className="annadaan-still-map__tile"
                  style={{ left: tile.left, top: tile.top, width: TILE_SIZE, height: TILE_SIZE, backgroundImage: `url(${JSON.stringify(src)})` }}
                />
              ) : null;
            })
          : null}
        {circle ? (
          <svg className="annadaan-still-map__layer" aria-hidden="true" focusable="false">
            <circle
              cx={circle.x}
              cy={circle.y}
              r={radius}
              stroke={AREA_CIRCLE.color}
              strokeWidth={AREA_CIRCLE.weight}
              fill={AREA_CIRCLE.color}
              fillOpacity={AREA_CIRCLE.fillOpacity}
            />
          </svg>
        ) : null}
        {pin ? (
          <>
            <img
              src={shadowUrl}
              alt=""
              width={PIN.shadow}
              height={PIN.shadow}
              className="annadaan-still-map__pin"
              style={{ left: pin.x - PIN.tipX, top: pin.y - PIN.tipY }}
            />
            <img
              src={highDensity ? iconRetinaUrl : iconUrl}
              alt={t('area.exactPoint')}
              title={t('area.exactPoint')}
              width={PIN.width}
              height={PIN.height}
              className="annadaan-still-map__pin"
              style={{ left: pin.x - PIN.tipX, top: pin.y - PIN.tipY }}
            />
          </>
        ) : null}
        <Button
          size="compact-sm"
          variant="default"
          className="annadaan-still-map__move"
          leftSection={<IconArrowsMove size={16} aria-hidden="true" />}
          onClick={onMove}
          loading={moving}
        >
          {t('area.move')}
        </Button>
        {tiles ? (
          // The tile provider's credit, HTML from the server's MAP_TILE_ATTRIBUTION, set by the
          // operator as Leaflet's attribution is; kept as the provider words it.
          <div className="annadaan-still-map__attribution" translate="no" dangerouslySetInnerHTML={{ __html: tiles.attribution }} />
        ) : null}
      </div>
      {moveFailed ? (
        <Text role="alert" size="sm" c="red.9" mt={4}>
          {t('area.moveFailed')}
        </Text>
      ) : null}
      <AreaMapCaption id={captionId} exact={exact !== null} areaName={areaName} />
    </figure>
  );
}
