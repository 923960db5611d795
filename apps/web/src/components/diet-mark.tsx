import type { Diet } from '@annadaan/contract/diets-and-allergens';
import { Group, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react';

/** The marks' colours: FSSAI's green and brown, an amber egg; each with 3:1 contrast on white. */
const GREEN = '#1a7f37';
const BROWN = '#7b3f00';
const AMBER = '#a15c00';

/**
 * The familiar Indian square-and-dot mark (issue 16): a green square with a green dot for veg, a
 * brown square with a brown triangle for non-veg, an amber square with an egg, a green square with
 * a "V" for vegan. Always followed by the word, so nobody has to tell the colours apart.
 */
function MarkIcon({ diet, size }: { diet: Diet; size: number }) {
  const colour = diet === 'NON_VEG' ? BROWN : diet === 'EGG' ? AMBER : GREEN;
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" focusable="false" style={{ flexShrink: 0 }} data-mark={diet}>
      <rect x="1" y="1" width="14" height="14" rx="1.5" fill="#fff" stroke={colour} strokeWidth="1.6" />
      {diet === 'VEG' ? <circle cx="8" cy="8" r="3.6" fill={colour} /> : null}
      {diet === 'NON_VEG' ? <path d="M8 3.8 L12.2 11.6 H3.8 Z" fill={colour} /> : null}
      {diet === 'EGG' ? <ellipse cx="8" cy="8.4" rx="3" ry="3.9" fill={colour} /> : null}
      {diet === 'VEGAN' ? <path d="M4.2 4.6 L8 12 L11.8 4.6" fill="none" stroke={colour} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" /> : null}
    </svg>
  );
}

interface Props {
  diet: Diet | null;
  /** Jain-friendly food says so beside its diet. */
  jain?: boolean | null;
  size?: 'xs' | 'sm' | 'md';
}

/** The mark and its words: "Veg", "Non-veg", "Egg", "Vegan", or "Diet not stated". */
export function DietMark({ diet, jain = null, size = 'sm' }: Props) {
  const { t } = useTranslation('common');
  const icon = size === 'md' ? 20 : size === 'sm' ? 16 : 14;
  return (
    <Group gap={6} wrap="nowrap" component="span" data-testid="diet-mark" style={{ display: 'inline-flex' }}>
      {diet ? <MarkIcon diet={diet} size={icon} /> : null}
      <Text component="span" size={size} fw={diet ? 700 : 400} c={diet ? undefined : 'dimmed'}>
        {diet ? t(`enums.diet.${diet}`) : t('diet.notStated')}
        {jain ? t('diet.jain') : ''}
      </Text>
    </Group>
  );
}
