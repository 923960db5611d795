import { Text } from '@mantine/core';
import { Trans, useTranslation } from '../../i18n/react';

interface Props {
  id?: string;
  /** Whether the map shows the exact pickup point (the donor, the receiver awaiting pickup). */
  exact: boolean;
  /** What the area is called ("Bandra West, Mumbai 400050"). */
  areaName: string;
}

/**
 * What a donation's area map shows, under it. Without Leaflet, so the map's placeholder carries
 * the same caption and the details below do not move when the map arrives (issue 18's CLS).
 */
export function AreaMapCaption({ id, exact, areaName }: Props) {
  const { t } = useTranslation('map');
  return (
    <Text component="figcaption" size="sm" c="dimmed" id={id} mt={4}>
      {/* The area's name comes from the pin-code directory, in English: a name, not a sentence. */}
      <Trans t={t} i18nKey={exact ? 'area.captionExact' : 'area.captionArea'} values={{ area: areaName }} components={{ place: <span translate="no" /> }} />
    </Text>
  );
}
