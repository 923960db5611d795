import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/dashboard.json';
import hi from '../../i18n/locales/hi/dashboard.json';
import { BADGE_IDS, deriveAchievements } from './achievements';

const unlocked = (counters: Parameters<typeof deriveAchievements>[0]) =>
  deriveAchievements(counters)
    .badges.filter((badge) => badge.unlocked)
    .map((badge) => en.achievements.badges[badge.id].title);

describe('deriveAchievements', () => {
  it('unlocks nothing and shows empty bars for a new account', () => {
    expect(deriveAchievements({ donations: 0, ratingsGiven: 0, foodRequests: 0 })).toMatchObject({ donationProgress: 0, engagementProgress: 0 });
    expect(unlocked({ donations: 0, ratingsGiven: 0, foodRequests: 0 })).toEqual([]);
  });

  it('unlocks the donation badges at exactly 1, 5, 10 and 20 donations', () => {
    expect(unlocked({ donations: 1, ratingsGiven: 0, foodRequests: 0 })).toEqual(['First Donation']);
    expect(unlocked({ donations: 4, ratingsGiven: 0, foodRequests: 0 })).toEqual(['First Donation']);
    expect(unlocked({ donations: 5, ratingsGiven: 0, foodRequests: 0 })).toEqual(['First Donation', 'Helping Hand']);
    expect(unlocked({ donations: 9, ratingsGiven: 0, foodRequests: 0 })).toEqual(['First Donation', 'Helping Hand']);
    expect(unlocked({ donations: 10, ratingsGiven: 0, foodRequests: 0 })).toEqual(['First Donation', 'Helping Hand', 'Community Builder']);
    expect(unlocked({ donations: 19, ratingsGiven: 0, foodRequests: 0 })).toHaveLength(3);
    expect(unlocked({ donations: 20, ratingsGiven: 0, foodRequests: 0 })).toEqual(['First Donation', 'Helping Hand', 'Community Builder', 'Consistent Helper']);
  });

  it('unlocks Active Rater at 3 ratings given and Food Explorer at 2 food requests', () => {
    expect(unlocked({ donations: 0, ratingsGiven: 2, foodRequests: 1 })).toEqual([]);
    expect(unlocked({ donations: 0, ratingsGiven: 3, foodRequests: 0 })).toEqual(['Active Rater']);
    expect(unlocked({ donations: 0, ratingsGiven: 0, foodRequests: 2 })).toEqual(['Food Explorer']);
  });

  it('fills the donations bar 5% per donation and the engagement bar 10% per rating or request, both capped at 100', () => {
    expect(deriveAchievements({ donations: 3, ratingsGiven: 1, foodRequests: 2 })).toMatchObject({ donationProgress: 15, engagementProgress: 30 });
    expect(deriveAchievements({ donations: 20, ratingsGiven: 5, foodRequests: 5 })).toMatchObject({ donationProgress: 100, engagementProgress: 100 });
    expect(deriveAchievements({ donations: 57, ratingsGiven: 40, foodRequests: 9 })).toMatchObject({ donationProgress: 100, engagementProgress: 100 });
  });

  it('names every badge in English, as the spec does, and in Hindi', () => {
    expect(BADGE_IDS.map((id) => en.achievements.badges[id].title)).toEqual([
      'First Donation',
      'Helping Hand',
      'Community Builder',
      'Consistent Helper',
      'Active Rater',
      'Food Explorer',
    ]);
    expect(en.achievements.badges['helping-hand'].description).toBe('Made 5 donations');
    for (const id of BADGE_IDS) expect(hi.achievements.badges[id].title).toMatch(/^[\u0900-\u097F\s]+$/);
  });
});
