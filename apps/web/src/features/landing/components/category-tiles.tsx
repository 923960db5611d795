import { Box, SimpleGrid, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconApple, IconLeaf, IconPackage, IconSalad, IconSoup, IconToolsKitchen2 } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useSessionToken } from '../../../lib/use-session';

/** Its rules (landing.css) are in the app's stylesheet: app/first-screen-styles.ts. */
const classes = { tileWrap: 'landing-tile-wrap', tile: 'landing-tile', hint: 'landing-hint' } as const;

interface Category {
  name: 'homeCooked' | 'restaurantSurplus' | 'packed' | 'freshProduce' | 'healthy' | 'raw';
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  background: string;
}

const categories: Category[] = [
  { name: 'homeCooked', Icon: IconSoup, background: 'linear-gradient(135deg, #fff4e6, #ffd8a8)' },
  { name: 'restaurantSurplus', Icon: IconToolsKitchen2, background: 'linear-gradient(135deg, #fff0f6, #fcc2d7)' },
  { name: 'packed', Icon: IconPackage, background: 'linear-gradient(135deg, #e7f5ff, #a5d8ff)' },
  { name: 'freshProduce', Icon: IconApple, background: 'linear-gradient(135deg, #ebfbee, #b2f2bb)' },
  { name: 'healthy', Icon: IconSalad, background: 'linear-gradient(135deg, #f3f0ff, #d0bfff)' },
  { name: 'raw', Icon: IconLeaf, background: 'linear-gradient(135deg, #fff9db, #ffec99)' },
];

/** Food categories: browse when signed in, otherwise sign in first (spec section 2, Landing). */
export function CategoryTiles() {
  const { t } = useTranslation('landing');
  const token = useSessionToken();
  const hint = token ? t('categories.browse') : t('categories.loginToBrowse');
  const target = token ? paths.browse : paths.signIn;
  return (
    <section aria-labelledby="categories-title">
      <Title order={2} id="categories-title" ta="center" mb="md">
        {t('categories.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        {categories.map(({ name, Icon, background }) => (
          // A CSS hint rather than Mantine's Tooltip: the tooltip's positioning library alone
          // weighed 14 kB gzipped in the landing page's first load.
          <div key={name} className={classes.tileWrap}>
            <UnstyledButton component={Link} to={target} className={classes.tile} style={{ background }}>
              <Box c="dark.7" aria-hidden="true">
                <Icon size={44} aria-hidden />
              </Box>
              <Text fw={700} c="dark.8">
                {t(`categories.${name}`)}
              </Text>
              <VisuallyHidden>{`: ${hint}`}</VisuallyHidden>
            </UnstyledButton>
            <span role="tooltip" className={classes.hint}>
              {hint}
            </span>
          </div>
        ))}
      </SimpleGrid>
    </section>
  );
}
