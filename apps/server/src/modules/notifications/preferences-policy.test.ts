import { DEFAULT_QUIET_HOURS } from '@annadaan/contract/notification-preferences';
import { describe, expect, it } from 'vitest';
import { localSecondOfDay, quietHoursEnd } from './preferences-policy';

const kolkata = { ...DEFAULT_QUIET_HOURS };

describe('quiet hours', () => {
  it('reads the local time in Asia/Kolkata (UTC+5:30)', () => {
    expect(localSecondOfDay(new Date('2026-06-01T16:30:00Z'), 'Asia/Kolkata')).toBe(22 * 3600);
    expect(localSecondOfDay(new Date('2026-06-01T18:30:15Z'), 'Asia/Kolkata')).toBe(15);
  });

  it('holds from 22:00 up to 07:00 local, across midnight, and ends them at 07:00 the next local morning', () => {
    const morning = new Date('2026-06-02T01:30:00Z'); // 07:00 IST on 2 June
    expect(quietHoursEnd(new Date('2026-06-01T16:29:59Z'), kolkata)).toBeNull(); // 21:59:59
    expect(quietHoursEnd(new Date('2026-06-01T16:30:00Z'), kolkata)).toEqual(morning); // 22:00
    expect(quietHoursEnd(new Date('2026-06-01T18:30:00Z'), kolkata)).toEqual(morning); // 00:00
    expect(quietHoursEnd(new Date('2026-06-02T01:29:59.500Z'), kolkata)).toEqual(morning); // 06:59:59.5
    expect(quietHoursEnd(new Date('2026-06-02T01:30:00Z'), kolkata)).toBeNull(); // 07:00
    expect(quietHoursEnd(new Date('2026-06-02T06:30:00Z'), kolkata)).toBeNull(); // noon
  });

  it('keeps a window inside one day, ignores switched-off hours and follows another time zone', () => {
    const afternoon = { enabled: true, start: '13:00', end: '15:30', timeZone: 'Asia/Kolkata' };
    expect(quietHoursEnd(new Date('2026-06-01T07:29:00Z'), afternoon)).toBeNull(); // 12:59
    expect(quietHoursEnd(new Date('2026-06-01T08:00:00Z'), afternoon)).toEqual(new Date('2026-06-01T10:00:00Z')); // 13:30 → 15:30
    expect(quietHoursEnd(new Date('2026-06-01T10:00:00Z'), afternoon)).toBeNull(); // 15:30
    expect(quietHoursEnd(new Date('2026-06-01T18:30:00Z'), { ...kolkata, enabled: false })).toBeNull();
    // 23:00 in London (BST, UTC+1) is 22:00Z; they end at 07:00 BST = 06:00Z.
    const london = { ...kolkata, timeZone: 'Europe/London' };
    expect(quietHoursEnd(new Date('2026-06-01T22:00:00Z'), london)).toEqual(new Date('2026-06-02T06:00:00Z'));
    expect(quietHoursEnd(new Date('2026-06-01T18:30:00Z'), london)).toBeNull(); // 19:30 BST
  });
});
