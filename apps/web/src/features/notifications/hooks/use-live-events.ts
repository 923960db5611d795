import { NOTIFICATION_EVENT } from '@annadaan/contract/notification-kinds';
import type { Notification } from '@annadaan/contract/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notifyInfo } from '../../../lib/notify';

/** How long to wait before reconnecting a dropped stream. */
const RECONNECT_MS = 3_000;

/**
 * Queries a notification may change: the bell and centre, requests (received and sent, and a place
 * on a waitlist: issue 33's offer arrives as a WAITLIST notification and shows on the open page), donations,
 * the dashboard, and Browse's "N new donations" count (never Browse's list, which changes only
 * when the person asks).
 */
const AFFECTED = [['notifications'], ['requests'], ['donations'], ['analytics'], ['browse', 'new'], ['runs'], ['volunteer']] as const;

/**
 * The signed-in person's live stream (GET /api/events). Read with fetch, not EventSource, so the
 * token travels in the Authorization header and never in a URL. Each notification shows a toast
 * and refreshes the queries it may change; a dropped stream reconnects with Last-Event-ID.
 */
export function useLiveEvents(token: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let lastEventId: string | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const handle = (block: string) => {
      let id: string | null = null;
      let event = '';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) id = line.slice(4);
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (id) lastEventId = id;
      if (event !== NOTIFICATION_EVENT || !data) return;
      const notification = JSON.parse(data) as Notification;
      notifyInfo(notification.title, notification.body);
      for (const queryKey of AFFECTED) void queryClient.invalidateQueries({ queryKey });
    };

    const connect = async () => {
      try {
        const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
        if (lastEventId) headers['last-event-id'] = lastEventId;
        const response = await fetch('/api/events', { headers, signal: controller.signal });
        // Signed out elsewhere: the next API call clears the session; no point in retrying.
        if (response.status === 401 || !response.body) return;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let split = buffer.indexOf('\n\n');
          while (split >= 0) {
            handle(buffer.slice(0, split));
            buffer = buffer.slice(split + 2);
            split = buffer.indexOf('\n\n');
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (!controller.signal.aborted) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };

    void connect();
    return () => {
      controller.abort();
      if (retry) clearTimeout(retry);
    };
  }, [token, queryClient]);
}
