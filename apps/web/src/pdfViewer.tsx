// Entry of the PDF viewer page (pdf-viewer.html), which GET /sys/common/pdf/pdfPreviewIframe answers for
// the iframes of the original's client and ours: only the viewer, without the app's shell.
// first: before any schema of @anxue/shared is built (see no-eval.ts)
import '@anxue/shared/no-eval';
import { createRoot } from 'react-dom/client';
import { loadLocale, t } from './lib/i18n';
import { appConfig } from './lib/runtimeConfig';
import './app/base.css';

void loadLocale().then(async () => {
  document.title = `${t('PDF预览')} · ${t(appConfig().title)}`;
  const { PdfViewerScreen } = await import('./features/demo/pdf/PdfViewerScreen');
  createRoot(document.getElementById('pdf-viewer')!).render(<PdfViewerScreen />);
});
