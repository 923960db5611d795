/** The counters achievements are derived from (spec section 4: no stored state). */
export interface AchievementCounters {
  donations: number;
  ratingsGiven: number;
  foodRequests: number;
}

/** The six badges; each names its title and description in the dashboard catalog (`achievements.badges.<id>`). */
export const BADGE_IDS = ['first-donation', 'helping-hand', 'community-builder', 'consistent-helper', 'active-rater', 'food-explorer'] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

export interface Achievement {
  id: BadgeId;
  unlocked: boolean;
}

export interface Achievements {
  badges: Achievement[];
  /** 5% per donation, capped at 100. */
  donationProgress: number;
  /** 10% per rating given or food request, capped at 100. */
  engagementProgress: number;
}

const capped = (value: number) => Math.max(0, Math.min(100, value));

/** The six badges and two progress bars of spec section 9. */
export function deriveAchievements({ donations, ratingsGiven, foodRequests }: AchievementCounters): Achievements {
  const badges: Achievement[] = [
    { id: 'first-donation', unlocked: donations >= 1 },
    { id: 'helping-hand', unlocked: donations >= 5 },
    { id: 'community-builder', unlocked: donations >= 10 },
    { id: 'consistent-helper', unlocked: donations >= 20 },
    { id: 'active-rater', unlocked: ratingsGiven >= 3 },
    { id: 'food-explorer', unlocked: foodRequests >= 2 },
  ];
  return {
    badges,
    donationProgress: capped(donations * 5),
    engagementProgress: capped((ratingsGiven + foodRequests) * 10),
  };
}
