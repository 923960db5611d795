/** The counters achievements are derived from (spec section 4: no stored state). */
export interface AchievementCounters {
  donations: number;
  ratingsGiven: number;
  foodRequests: number;
}

export interface Achievement {
  id: string;
  title: string;
  description: string;
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
    { id: 'first-donation', title: 'First Donation', description: 'Made your first donation', unlocked: donations >= 1 },
    { id: 'helping-hand', title: 'Helping Hand', description: 'Made 5 donations', unlocked: donations >= 5 },
    { id: 'community-builder', title: 'Community Builder', description: 'Made 10 donations', unlocked: donations >= 10 },
    { id: 'consistent-helper', title: 'Consistent Helper', description: 'Made 20 donations', unlocked: donations >= 20 },
    { id: 'active-rater', title: 'Active Rater', description: 'Gave 3 ratings', unlocked: ratingsGiven >= 3 },
    { id: 'food-explorer', title: 'Food Explorer', description: 'Made 2 food requests', unlocked: foodRequests >= 2 },
  ];
  return {
    badges,
    donationProgress: capped(donations * 5),
    engagementProgress: capped((ratingsGiven + foodRequests) * 10),
  };
}
