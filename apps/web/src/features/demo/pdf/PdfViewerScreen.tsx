// The viewer page of /sys/common/pdf/pdfPreviewIframe (its own small entry, pdf-viewer.html): the stored
// file named by `file` in the address, with page navigation and zoom, filling the frame it is shown in.
import { useCallback } from 'react';
import { Alert, Typography } from 'antd';
import { AntdProvider } from '../../../components/antd/AntdProvider';
import { displayName } from '../../../lib/files';
import { t } from '../../../lib/i18n';
import { PdfViewer } from './PdfViewer';
import { isStoredPath, readStoredPdf } from './storedPdf';

function StoredPdf({ file }: { file: string }) {
  const load = useCallback(() => readStoredPdf(file), [file]);
  return (
    <main className="pdf-viewer-screen">
      <Typography.Title level={1} className="pdf-viewer-screen-title">
        {displayName(file)}
      </Typography.Title>
      <PdfViewer load={load} height="calc(100vh - 110px)" />
    </main>
  );
}

export function PdfViewerScreen() {
  const file = new URLSearchParams(window.location.search).get('file')?.trim() ?? '';
  return (
    <AntdProvider>
      {file && isStoredPath(file) ? (
        <StoredPdf file={file} />
      ) : (
        <main className="pdf-viewer-screen">
          <Alert type="warning" showIcon message={file ? t('只能预览本系统存储的文件') : t('未指定要预览的文件')} />
        </main>
      )}
    </AntdProvider>
  );
}
