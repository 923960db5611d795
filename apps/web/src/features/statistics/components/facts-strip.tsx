import { Anchor, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import type { StatisticsSummary } from '@annadaan/contract/statistics';
import { paths } from '../../../app/paths';
import { type StatisticFigures, useStatisticFigures } from '../../../lib/statistic-format';
import { statisticsQueries } from '../../../lib/statistics-api';

/** Its rules (facts-strip.css) are in the app's stylesheet: app/first-screen-styles.ts. */
const classes = {
  viewport: 'facts-strip-viewport',
  track: 'facts-strip-track',
  group: 'facts-strip-group',
  item: 'facts-strip-item',
  duplicate: 'facts-strip-duplicate',
} as const;

/** The landing page reads 2024 (spec section 9). */
const YEAR = 2024;

function facts(t: TFunction<'statistics'>, figures: StatisticFigures, global: StatisticsSummary, india: StatisticsSummary): string[] {
  return [
    t('facts.globalCrisis', { hunger: figures.millions(global.hunger), waste: figures.millions(global.foodWaste), year: YEAR }),
    t('facts.indiaReality', { hunger: figures.millions(india.hunger), waste: figures.millions(india.foodWaste), year: YEAR }),
    t('facts.couldFeed', { people: figures.peopleWithin(india.peopleFed, india.population) }),
  ];
}

/** 'Facts & Stats': a slowly scrolling strip of headline figures. Loaded lazily. */
export default function FactsStrip() {
  const { t } = useTranslation('statistics');
  const figures = useStatisticFigures();
  const [global, india] = useQueries({
    queries: [statisticsQueries.summary('Global', YEAR), statisticsQueries.summary('India', YEAR)],
  });
  if (global.isError || india.isError) {
    return <Text role="alert">{t('facts.error')}</Text>;
  }
  if (!global.data || !india.data) {
    return <Text role="status">{t('facts.loading')}</Text>;
  }
  const items = facts(t, figures, global.data, india.data);
  return (
    // Clips on purpose: the strip slides every item past (paused on hover and focus), and with
    // reduced motion the items wrap instead; the same figures are on /stats.
    <div className={classes.viewport} data-clip-ok>
      <div className={classes.track}>
        <ul className={classes.group}>
          {items.map((text) => (
            <li key={text} className={classes.item}>
              {text}
            </li>
          ))}
          <li className={classes.item}>
            <Trans t={t} i18nKey="facts.join" components={{ anchor: <Anchor component={Link} to={paths.signUp} underline="always" /> }} />
          </li>
        </ul>
        {/* A second copy makes the loop seamless; it is hidden from screen readers and holds no link. */}
        <ul className={`${classes.group} ${classes.duplicate}`} aria-hidden="true">
          {items.map((text) => (
            <li key={text} className={classes.item}>
              {text}
            </li>
          ))}
          <li className={classes.item}>{t('facts.joinPlain')}</li>
        </ul>
      </div>
    </div>
  );
}
