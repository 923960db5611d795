import { DROPPED_IN_QUIET_HOURS_KINDS, QUIET_HOURS_EXEMPT_KINDS, type QuietHours } from '@annadaan/contract/notification-preferences';
import type { FastifyInstance } from 'fastify';
import type { DeliveryPolicy } from './channels';
import { messagingDecision } from './messaging-delivery';
import { channelEnabled, readQuietHours } from './preferences-repository';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Seconds since local midnight in `timeZone` at `instant`. */
export function localSecondOfDay(instant: Date, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
}

function secondsOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 3600 + minutes * 60;
}

/**
 * When the quiet hours that hold `now` end, or null when `now` is outside them (or they are off).
 * Start is inside, end is outside; a window whose start is after its end runs across midnight.
 * Across a daylight-saving change the end may be off by the shift; the policy asks again then, so
 * an early release is held once more and a late one only waits longer.
 */
export function quietHoursEnd(now: Date, hours: QuietHours): Date | null {
  if (!hours.enabled) return null;
  const local = localSecondOfDay(now, hours.timeZone);
  const start = secondsOf(hours.start);
  const end = secondsOf(hours.end);
  const inside = start < end ? local >= start && local < end : local >= start || local < end;
  if (!inside) return null;
  const left = (end - local + 86_400) % 86_400;
  return new Date(Math.floor(now.getTime() / 1000) * 1000 + left * 1000);
}

/**
 * Whether a notification goes out on a channel now (decision 022): switched off → skip; inside
 * quiet hours, handover events and security go at once, alerts that would be stale by morning are
 * dropped, the rest are held until the quiet hours end. In-app is never asked: it is always on.
 */
export function createPreferencePolicy(app: FastifyInstance): DeliveryPolicy {
  return async (notification, channel, now) => {
    const { userId, kind } = notification;
    if (channel === 'whatsapp' || channel === 'sms') {
      const decision = await messagingDecision(app, notification, channel, now);
      if (decision) return decision;
    } else if (!(await channelEnabled(app.db, userId, kind, channel))) {
      return { action: 'skip', reason: `${channel} is switched off for ${kind}` };
    }
    if (QUIET_HOURS_EXEMPT_KINDS.includes(kind)) return { action: 'deliver' };
    const until = quietHoursEnd(now, await readQuietHours(app.db, userId));
    if (!until) return { action: 'deliver' };
    if (DROPPED_IN_QUIET_HOURS_KINDS.includes(kind)) return { action: 'skip', reason: `quiet hours: ${kind} would be stale by their end` };
    return { action: 'defer', until };
  };
}
