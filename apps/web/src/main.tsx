// first: before any schema of @anxue/shared is built (see no-eval.ts)
import '@anxue/shared/no-eval';
import { createRoot } from 'react-dom/client';
import { loadLocale, t } from './lib/i18n';
import { appConfig } from './lib/runtimeConfig';
import './app/base.css';

// The interface language's texts load before the app's modules are evaluated, so texts computed when a
// module loads are in that language too, and a page in English never flashes Chinese.
void loadLocale().then(async () => {
  // the install's name the server put into the page, else the product name
  document.title = appConfig().siteName ?? t(appConfig().title);
  const { App } = await import('./app/App');
  createRoot(document.getElementById('root')!).render(<App />);
});
