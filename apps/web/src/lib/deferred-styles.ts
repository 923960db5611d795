/*
 * A page the server drew carries only the rules its first screen uses, inline, and a preload of
 * the whole stylesheet (docs/decisions/044-critical-css-inline.md). The app turns that stylesheet
 * on before it hydrates: from then on it draws things the server did not (menus, toasts, other
 * screens), and each must find its rules already there.
 */

/** Should the load event never come, the app starts anyway: unstyled parts beat an app that never starts. */
const GIVE_UP_AFTER_MS = 10_000;

/** Turns on every stylesheet the server deferred, and resolves when each has loaded (or failed). */
export function applyDeferredStyles(document: Document = window.document): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-deferred-style]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(done, GIVE_UP_AFTER_MS);
          link.addEventListener('load', done, { once: true });
          link.addEventListener('error', done, { once: true });
          link.removeAttribute('data-deferred-style');
          // The preloaded response is in the memory cache: this applies it without a second request.
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}
