import { describe, expect, it } from 'vitest';
import { englishOf } from './message-codes';
import { ModerationActionInputSchema, SUSPENDED_FOR_GOOD, suspendedMessage } from './moderation';

describe('suspendedMessage', () => {
  it('names the end of a suspension for a period, in India time, and none for good', () => {
    expect(englishOf(suspendedMessage(SUSPENDED_FOR_GOOD))).toBe('This account has been suspended by an admin. Please contact support.');
    // 06:30 UTC is 12:00 in India.
    expect(englishOf(suspendedMessage('2026-06-08T06:30:00.000Z'))).toMatch(/^This account is suspended until 8 Jun 2026, 12:00 pm \(India time\)\./);
  });
});

describe('ModerationActionInputSchema', () => {
  const base = { targetId: 7, reason: 'Spoiled food' };
  it('takes a duration only for a suspension, where it is required (null: for good)', () => {
    expect(ModerationActionInputSchema.safeParse({ ...base, action: 'SUSPEND', targetType: 'USER', durationDays: null }).success).toBe(true);
    expect(ModerationActionInputSchema.safeParse({ ...base, action: 'SUSPEND', targetType: 'USER', durationDays: 30 }).success).toBe(true);
    expect(ModerationActionInputSchema.safeParse({ ...base, action: 'SUSPEND', targetType: 'USER' }).success).toBe(false);
    expect(ModerationActionInputSchema.safeParse({ ...base, action: 'HIDE', targetType: 'DONATION', durationDays: 3 }).success).toBe(false);
  });

  it('hides listings only and suspends users only', () => {
    expect(ModerationActionInputSchema.safeParse({ ...base, action: 'HIDE', targetType: 'FOOD_NEED' }).success).toBe(true);
    expect(ModerationActionInputSchema.safeParse({ ...base, action: 'HIDE', targetType: 'USER' }).success).toBe(false);
    expect(ModerationActionInputSchema.safeParse({ ...base, action: 'SUSPEND', targetType: 'DONATION', durationDays: 1 }).success).toBe(false);
    expect(ModerationActionInputSchema.safeParse({ ...base, action: 'RESTORE', targetType: 'USER' }).success).toBe(true);
  });
});
