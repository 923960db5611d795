import { paths } from '@annadaan/contract/paths';
import type { DeliverableNotification } from './channels';
import type { MessageKey } from './messages/catalog';
import { CATALOGS, message, word } from './messages/messages';

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
 * text and simple HTML, in the recipient's language (title and body come worded in it). `unsubscribeToken` is null for kinds that cannot be switched off (account
 * security): those carry no unsubscribe link or List-Unsubscribe header, only the settings link.
 */
export function composeNotificationEmail(notification: DeliverableNotification, baseUrl: string, unsubscribeToken: string | null): ComposedEmail {
  const open = siteLink(baseUrl, notification.link);
  const settings = siteLink(baseUrl, paths.notificationSettings);
  const language = notification.language;
  const say = (key: Parameters<typeof message>[0], params?: Record<string, string>) => word({ key, ...(params ? { params } : {}) }, language);
  const kindKey = `kind.${notification.kind}`;
  const label = kindKey in CATALOGS.en ? say(kindKey as MessageKey) : say('kind.unknown');
  const token = unsubscribeToken ? encodeURIComponent(unsubscribeToken) : null;
  const unsubscribePage = token ? siteLink(baseUrl, `${paths.unsubscribe}?token=${token}`) : null;
  const oneClick = token ? siteLink(baseUrl, `${ONE_CLICK_PATH}?token=${token}`) : null;

  const footer = unsubscribePage ? `${say('email.whyText', { label })} ${say('email.stop')}: ${unsubscribePage}` : say('email.security');
  const text = [
    notification.title,
    '',
    notification.body,
    '',
    say('email.openText', { link: open }),
    '',
    '--',
    footer,
    `${say('email.settings')}: ${settings}`,
    '',
  ].join('\n');

  const link = (href: string, words: string) => `<a href="${escapeHtml(href)}">${escapeHtml(words)}</a>`;
  const html = [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">`,
    `<title>${escapeHtml(notification.title)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a; max-width: 36em;">',
    `<h1 style="font-size: 1.25em;">${escapeHtml(notification.title)}</h1>`,
    `<p>${escapeHtml(notification.body)}</p>`,
    `<p>${link(open, say('email.open'))}</p>`,
    '<hr>',
    unsubscribePage
      ? `<p style="font-size: 0.875em;">${escapeHtml(say('email.whyHtml', { label }))} ${link(unsubscribePage, say('email.stop'))}.</p>`
      : `<p style="font-size: 0.875em;">${escapeHtml(say('email.security'))}</p>`,
    `<p style="font-size: 0.875em;">${link(settings, say('email.settings'))}</p>`,
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
