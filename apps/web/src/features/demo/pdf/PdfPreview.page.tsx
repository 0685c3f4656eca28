// PDF预览 (the original's PDF preview demo): a sample PDF shipped with the app drawn by the bundled pdf.js
// with page navigation and zoom, and a PDF the user uploads shown through the viewer page of
// /sys/common/pdf/pdfPreviewIframe in an iframe, as the original's client embeds it.
import { useCallback, useState } from 'react';
import { Alert, Button, Card, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { displayName, uploadFile } from '../../../lib/files';
import { t } from '../../../lib/i18n';
import { PdfLoadError, PdfViewer } from './PdfViewer';
import { pdfViewerUrl } from './storedPdf';
// a file of its own (never inlined as a data: address, which the page's CSP does not let fetch read)
import sampleUrl from './sample.pdf?no-inline';

async function loadSample(): Promise<ArrayBuffer> {
  const res = await fetch(sampleUrl);
  if (!res.ok) throw new PdfLoadError(t('示例文件读取失败'));
  return res.arrayBuffer();
}

function UploadedPdf() {
  const [file, setFile] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const upload = async (chosen: File) => {
    setBusy(true);
    setError(undefined);
    const outcome = await uploadFile(chosen, { biz: 'pdf' }).done;
    setBusy(false);
    if (outcome.ok) setFile(outcome.path);
    else setError(t(outcome.message));
  };

  return (
    <Card title={t('预览已上传的 PDF')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('上传的文件存入本系统，再由查看器页面 /sys/common/pdf/pdfPreviewIframe 在框架中显示（原版客户端即以此方式嵌入）；未登录的用户读不到文件。')}
        </Typography.Paragraph>
        <Upload
          accept=".pdf,application/pdf"
          showUploadList={false}
          beforeUpload={(chosen) => {
            void upload(chosen);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t('选择 PDF 文件')}
          </Button>
        </Upload>
        {error && <Alert type="error" showIcon message={error} />}
        {file && <iframe title={t('PDF 预览：{name}', { name: displayName(file) })} src={pdfViewerUrl(file)} className="pdf-preview-frame" />}
      </Space>
    </Card>
  );
}

export default function PdfPreviewPage() {
  const load = useCallback(loadSample, []);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('示例文件：校园安全手册')}>
        <PdfViewer load={load} height="65vh" />
      </Card>
      <UploadedPdf />
    </Space>
  );
}
