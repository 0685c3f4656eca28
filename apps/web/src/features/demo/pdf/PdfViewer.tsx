// A PDF shown page by page with page navigation and zoom, drawn by the bundled pdf.js (pdfDocument.ts).
// The bytes come from `load` (a shipped sample, or a stored file read with the user's token), so the
// viewer itself never fetches an address.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, InputNumber, Select, Space, Spin, Tooltip, Typography } from 'antd';
import { ColumnWidthOutlined, LeftOutlined, RightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { t } from '../../../lib/i18n';
import './pdf-viewer.css';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const MIN_ZOOM = ZOOMS[0]!;
const MAX_ZOOM = ZOOMS[ZOOMS.length - 1]!;
/** Room around the page inside the scroll area (padding on both sides). */
const GUTTER = 32;

/** Why a PDF could not be shown, in words for the user (thrown by `load`). */
export class PdfLoadError extends Error {}

export interface PdfViewerProps {
  /** Reads the file's bytes; a PdfLoadError's message is shown as it is. */
  load: () => Promise<ArrayBuffer>;
  /** Height of the page area (the toolbar stays above it). */
  height?: number | string;
}

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; doc: PDFDocumentProxy };

export function PdfViewer({ load, height = '70vh' }: PdfViewerProps) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [pageNo, setPageNo] = useState(1);
  const [scale, setScale] = useState<number | 'fit'>('fit');
  const [fitScale, setFitScale] = useState(1);
  const area = useRef<HTMLDivElement>(null);
  const holder = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let gone = false;
    let opened: PDFDocumentProxy | undefined;
    setState({ status: 'loading' });
    setPageNo(1);
    (async () => {
      const [{ openPdf, looksLikePdf }, data] = await Promise.all([import('./pdfDocument'), load()]);
      if (!looksLikePdf(data)) throw new PdfLoadError(t('该文件不是 PDF 文件'));
      opened = await openPdf(data);
      if (gone) return void opened.destroy();
      setState({ status: 'ready', doc: opened });
    })().catch((err: unknown) => {
      if (!gone) setState({ status: 'error', message: err instanceof PdfLoadError ? err.message : t('PDF 文件无法打开') });
    });
    return () => {
      gone = true;
      void opened?.destroy();
    };
  }, [load]);

  const doc = state.status === 'ready' ? state.doc : undefined;
  const zoom = scale === 'fit' ? fitScale : scale;

  // 适合宽度: the page's width at zoom 1 against the room the scroll area gives, kept as the area resizes
  useEffect(() => {
    if (!doc || !area.current) return;
    let width = 0;
    void doc.getPage(pageNo).then((page) => {
      width = page.getViewport({ scale: 1 }).width;
      fit();
    });
    const el = area.current;
    const fit = () => {
      if (width && el.clientWidth > GUTTER) setFitScale(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, (el.clientWidth - GUTTER) / width)));
    };
    const watcher = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(fit);
    watcher?.observe(el);
    return () => watcher?.disconnect();
  }, [doc, pageNo]);

  useEffect(() => {
    if (!doc || !holder.current || !canvas.current || !text.current) return;
    let drawn: { cancel(): void } | undefined;
    let gone = false;
    void (async () => {
      const [{ drawPage }, page] = await Promise.all([import('./pdfDocument'), doc.getPage(pageNo)]);
      if (gone || !holder.current || !canvas.current || !text.current) return;
      const d = drawPage(page, zoom, holder.current, canvas.current, text.current);
      drawn = d;
      await d.done;
    })().catch(() => {
      /* cancelled by a newer page or zoom */
    });
    return () => {
      gone = true;
      drawn?.cancel();
    };
  }, [doc, pageNo, zoom]);

  const total = doc?.numPages ?? 0;
  const go = (n: number) => setPageNo(Math.min(Math.max(1, n), Math.max(1, total)));
  const step = (dir: 1 | -1) => {
    const next = dir > 0 ? ZOOMS.find((z) => z > zoom + 0.001) : [...ZOOMS].reverse().find((z) => z < zoom - 0.001);
    setScale(next ?? (dir > 0 ? MAX_ZOOM : MIN_ZOOM));
  };
  const zoomOptions = [
    { value: 'fit', label: t('适合宽度') },
    ...ZOOMS.map((z) => ({ value: String(z), label: `${Math.round(z * 100)}%` })),
    ...(scale === 'fit' || ZOOMS.includes(scale) ? [] : [{ value: String(scale), label: `${Math.round(scale * 100)}%` }]),
  ];

  return (
    <div className="pdf-viewer">
      {/* the page and zoom controls come with the document: before it (or after a failed load) they
          would only stand greyed out with a page number of nothing */}
      {doc && (
        <Space className="pdf-viewer-toolbar" wrap>
          <Tooltip title={t('上一页')}>
            <Button icon={<LeftOutlined />} aria-label={t('上一页')} disabled={pageNo <= 1} onClick={() => go(pageNo - 1)} />
          </Tooltip>
          <InputNumber
            aria-label={t('页码')}
            min={1}
            max={Math.max(1, total)}
            value={pageNo}
            onChange={(v) => typeof v === 'number' && go(v)}
            style={{ width: 72 }}
          />
          <Typography.Text aria-live="polite">{t('第 {page} 页，共 {total} 页', { page: pageNo, total })}</Typography.Text>
          <Tooltip title={t('下一页')}>
            <Button icon={<RightOutlined />} aria-label={t('下一页')} disabled={pageNo >= total} onClick={() => go(pageNo + 1)} />
          </Tooltip>
          <Tooltip title={t('缩小')}>
            <Button icon={<ZoomOutOutlined />} aria-label={t('缩小')} disabled={zoom <= MIN_ZOOM} onClick={() => step(-1)} />
          </Tooltip>
          <Select
            aria-label={t('缩放')}
            value={scale === 'fit' ? 'fit' : String(scale)}
            options={zoomOptions}
            onChange={(v: string) => setScale(v === 'fit' ? 'fit' : Number(v))}
            style={{ width: 120 }}
          />
          <Tooltip title={t('放大')}>
            <Button icon={<ZoomInOutlined />} aria-label={t('放大')} disabled={zoom >= MAX_ZOOM} onClick={() => step(1)} />
          </Tooltip>
          <Tooltip title={t('适合宽度')}>
            <Button icon={<ColumnWidthOutlined />} aria-label={t('适合宽度')} disabled={scale === 'fit'} onClick={() => setScale('fit')} />
          </Tooltip>
        </Space>
      )}
      {/* focusable, so the keyboard can scroll a page larger than the area */}
      <div ref={area} className="pdf-viewer-area" style={{ height }} data-zoom={Math.round(zoom * 100)} tabIndex={0} role="region" aria-label={t('文档内容')}>
        {state.status === 'loading' && <Spin className="pdf-viewer-loading" aria-label={t('正在加载')} />}
        {state.status === 'error' && <Alert type="error" showIcon message={state.message} className="pdf-viewer-error" />}
        <div ref={holder} className="pdf-viewer-page" hidden={!doc}>
          <canvas ref={canvas} role="img" aria-label={t('第 {page} 页', { page: pageNo })} />
          <div ref={text} className="pdf-text-layer" />
        </div>
      </div>
    </div>
  );
}
