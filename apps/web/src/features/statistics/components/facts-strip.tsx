import { Anchor, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { StatisticsSummary } from '@annadaan/contract/statistics';
import { paths } from '../../../app/paths';
import { formatPeopleWithin } from '../../../lib/format';
import { statisticsQueries } from '../../../lib/statistics-api';
import classes from './facts-strip.module.css';

/** The landing page reads 2024 (spec section 9). */
const YEAR = 2024;

function facts(global: StatisticsSummary, india: StatisticsSummary): string[] {
  return [
    `Global Crisis: ${global.hunger.toFixed(1)} million people go hungry while ${global.foodWaste.toFixed(1)} million tonnes of food are wasted (${YEAR}).`,
    `India's Reality: ${india.hunger.toFixed(1)} million people go hungry and ${india.foodWaste.toFixed(1)} million tonnes of food are wasted (${YEAR}).`,
    `The food India's homes, restaurants and shops waste each day could feed ${formatPeopleWithin(india.peopleFed, india.population)} people: that many lives could be transformed daily.`,
  ];
}

/** 'Facts & Stats': a slowly scrolling strip of headline figures. Loaded lazily. */
export default function FactsStrip() {
  const [global, india] = useQueries({
    queries: [statisticsQueries.summary('Global', YEAR), statisticsQueries.summary('India', YEAR)],
  });
  if (global.isError || india.isError) {
    return <Text role="alert">Unable to load stats. Please try again later.</Text>;
  }
  if (!global.data || !india.data) {
    return <Text role="status">Loading impactful stats...</Text>;
  }
  const items = facts(global.data, india.data);
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
            Join us:{' '}
            <Anchor component={Link} to={paths.signUp} underline="always">
              sign up and share your surplus food
            </Anchor>
          </li>
        </ul>
        {/* A second copy makes the loop seamless; it is hidden from screen readers and holds no link. */}
        <ul className={`${classes.group} ${classes.duplicate}`} aria-hidden="true">
          {items.map((text) => (
            <li key={text} className={classes.item}>
              {text}
            </li>
          ))}
          <li className={classes.item}>Join us: sign up and share your surplus food</li>
        </ul>
      </div>
    </div>
  );
}
