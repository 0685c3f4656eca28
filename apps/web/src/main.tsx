// first: before any schema of @anxue/shared is built (see no-eval.ts)
import '@anxue/shared/no-eval';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { appConfig } from './lib/runtimeConfig';
import './app/base.css';

document.title = appConfig().title;
createRoot(document.getElementById('root')!).render(<App />);
