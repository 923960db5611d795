import { I18nextProvider } from 'react-i18next';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18n, startI18n } from './i18n/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const render = () =>
  createRoot(root).render(
    <I18nextProvider i18n={i18n}>
      <App />
    </I18nextProvider>,
  );
// English needs nothing fetched; another remembered language loads its catalogs before the first
// paint. Should that fail (offline), the app still starts, in English.
startI18n().then(render, (error: unknown) => {
  console.warn('Could not load the chosen language', error);
  render();
});
