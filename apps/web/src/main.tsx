// zod is set up without its eval probe where it is imported (lib/zodNoEval.ts, the 'zod' of this app): a
// page that builds no schema (a student's) loads no zod
import { createRoot } from 'react-dom/client';
import { loadLocale, t } from './lib/i18n';
import { appConfig } from './lib/runtimeConfig';
import './app/base.css';
import { STORAGE_KEYS } from '@anxue/shared/constants';
import { localStore } from './lib/storage';
import { antdStylesPending, preloadShellAssets } from './lib/appAssets';
import { isShellPath } from './app/shellLoader';

// A signed-in user's back-office page: antd's styles and the shell are fetched with the app's own code.
// The sign-in page fetches neither, nor the student area (antd makes the few styles its pages use).
if (localStore.get<string>(STORAGE_KEYS.token) && isShellPath(location.pathname)) {
  void antdStylesPending();
  preloadShellAssets();
}

// The interface language's texts load before the app's modules are evaluated, so texts computed when a
// module loads are in that language too, and a page in English never flashes Chinese.
void loadLocale().then(async () => {
  // the install's name the server put into the page, else the product name
  document.title = appConfig().siteName ?? t(appConfig().title);
  const { App } = await import('./app/App');
  createRoot(document.getElementById('root')!).render(<App />);
});
