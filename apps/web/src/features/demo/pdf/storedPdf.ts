// A stored file's bytes for the viewer, read with the signed-in user's token through the file preview
// route (/sys/common/static), so the access of any file preview applies. Only paths of our storage:
// an address with a scheme or one climbing out of the storage root is refused before any request.
import { staticPath } from '../../../lib/files';
import { t } from '../../../lib/i18n';
import { appConfig } from '../../../lib/runtimeConfig';
import { currentTenant, currentToken } from '../../../lib/session/store';
import { PdfLoadError } from './PdfViewer';

/** Whether a value names a file of our storage (a relative path), not an address elsewhere. */
export function isStoredPath(file: string): boolean {
  if (!file || /^[a-z][a-z0-9+.-]*:/i.test(file) || /^[\\/]/.test(file) || /^[A-Za-z]:/.test(file)) return false;
  return !file.split(/[\\/]+/).includes('..');
}

/** The viewer page's address for a stored PDF (GET /sys/common/pdf/pdfPreviewIframe, as the original's). */
export function pdfViewerUrl(file: string): string {
  return `${appConfig().apiBase}/sys/common/pdf/pdfPreviewIframe?file=${encodeURIComponent(file)}`;
}

export async function readStoredPdf(file: string): Promise<ArrayBuffer> {
  if (!isStoredPath(file)) throw new PdfLoadError(t('只能预览本系统存储的文件'));
  const token = currentToken();
  if (!token) throw new PdfLoadError(t('请先登录后再预览文件'));
  const res = await fetch(`${appConfig().apiBase}${staticPath(file)}`, { headers: { 'X-Access-Token': token, 'tenant-id': String(currentTenant() || 0) } });
  if (res.status === 401) throw new PdfLoadError(t('登录已过期，请重新登录后再预览文件'));
  if (res.status === 404) throw new PdfLoadError(t('文件不存在'));
  if (!res.ok) throw new PdfLoadError(t('文件读取失败'));
  return res.arrayBuffer();
}
