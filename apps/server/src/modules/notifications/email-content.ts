import { NOTIFICATION_KIND_LABELS } from '@annadaan/contract/notification-preferences';
import type { DeliverableNotification } from './channels';

/** Web app paths the emails link to; they mirror apps/web/src/app/paths.ts, which the server cannot import. */
export const EMAIL_PATHS = { settings: '/notification-settings', unsubscribe: '/unsubscribe' } as const;
/** The API route a mail client posts to for RFC 8058 one-click unsubscribe. */
export const ONE_CLICK_PATH = '/api/unsubscribe';

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
}

/** Everything user-written (a donor's food name reaches titles and bodies) is escaped before it meets HTML. */
export function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** An absolute link on this site; a path that would leave it (it never should) falls back to the home page. */
export function siteLink(baseUrl: string, path: string): string {
  const base = new URL(`${baseUrl}/`);
  const url = new URL(path.startsWith('/') && !path.startsWith('//') ? path.slice(1) : '', base);
  return url.origin === base.origin ? url.toString() : base.toString();
}

/**
 * The email of one notification: its title as subject, its body and a link into the app, in plain
 * text and simple HTML. `unsubscribeToken` is null for kinds that cannot be switched off (account
 * security): those carry no unsubscribe link or List-Unsubscribe header, only the settings link.
 */
export function composeNotificationEmail(notification: DeliverableNotification, baseUrl: string, unsubscribeToken: string | null): ComposedEmail {
  const open = siteLink(baseUrl, notification.link);
  const settings = siteLink(baseUrl, EMAIL_PATHS.settings);
  const label = NOTIFICATION_KIND_LABELS[notification.kind]?.label ?? 'these notifications';
  const token = unsubscribeToken ? encodeURIComponent(unsubscribeToken) : null;
  const unsubscribePage = token ? siteLink(baseUrl, `${EMAIL_PATHS.unsubscribe}?token=${token}`) : null;
  const oneClick = token ? siteLink(baseUrl, `${ONE_CLICK_PATH}?token=${token}`) : null;

  const footer = unsubscribePage
    ? `You get this email because email for "${label}" is on. Stop these emails: ${unsubscribePage}`
    : `Security emails are always sent: they tell you when your account changes.`;
  const text = [
    notification.title,
    '',
    notification.body,
    '',
    `Open in Annadaan: ${open}`,
    '',
    '--',
    footer,
    `All notification settings: ${settings}`,
    '',
  ].join('\n');

  const link = (href: string, words: string) => `<a href="${escapeHtml(href)}">${escapeHtml(words)}</a>`;
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(notification.title)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a; max-width: 36em;">',
    `<h1 style="font-size: 1.25em;">${escapeHtml(notification.title)}</h1>`,
    `<p>${escapeHtml(notification.body)}</p>`,
    `<p>${link(open, 'Open in Annadaan')}</p>`,
    '<hr>',
    unsubscribePage
      ? `<p style="font-size: 0.875em;">You get this email because email for “${escapeHtml(label)}” is on. ${link(unsubscribePage, 'Stop these emails')}.</p>`
      : '<p style="font-size: 0.875em;">Security emails are always sent: they tell you when your account changes.</p>',
    `<p style="font-size: 0.875em;">${link(settings, 'All notification settings')}</p>`,
    '</body></html>',
  ].join('\n');

  const host = new URL(baseUrl).hostname;
  return {
    subject: notification.title,
    text,
    html,
    headers: {
      'Auto-Submitted': 'auto-generated',
      ...(oneClick ? { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
    },
    messageId: `<notification-${notification.id}@${host}>`,
  };
}
