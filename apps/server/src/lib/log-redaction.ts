/**
 * A URL for a log line: the path as it is, every query value replaced. Query strings carry what
 * people type into filters and lookups (an email on the dev outbox, a phone number or home address
 * as a location), and the parameter names are enough to follow a request.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url.slice(mark + 1);
  if (query === '') return url;
  const names = query.split('&').map((pair) => pair.split('=', 1)[0] ?? '');
  return `${url.slice(0, mark)}?${names.map((name) => `${name}=[redacted]`).join('&')}`;
}
