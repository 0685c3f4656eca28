// pdf.js, bundled (no CDN): its worker is a file of our own build, loaded from this origin, so the page's
// CSP (script-src 'self', no 'unsafe-eval') allows it; isEvalSupported off keeps pdf.js from compiling
// font programs with new Function. Loaded only by the pages that show a PDF.
import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export type { PDFDocumentProxy };

/** Opens a PDF from its bytes. */
export function openPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(data), isEvalSupported: false, enableXfa: false }).promise;
}

/** Whether the bytes start as a PDF does (%PDF-), judged before handing them to pdf.js. */
export function looksLikePdf(data: ArrayBuffer): boolean {
  return new TextDecoder('latin1').decode(new Uint8Array(data, 0, Math.min(5, data.byteLength))) === '%PDF-';
}

export interface DrawnPage {
  /** Stops drawing (a newer page or zoom replaced it). */
  cancel(): void;
  done: Promise<void>;
}

/**
 * Draws one page at a zoom into a canvas (sharp on high-density screens) and lays its text over it as
 * selectable, searchable text (the text layer), inside `holder`, which takes the page's size.
 */
export function drawPage(page: PDFPageProxy, scale: number, holder: HTMLElement, canvas: HTMLCanvasElement, textLayer: HTMLElement): DrawnPage {
  const viewport = page.getViewport({ scale });
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.style.width = `${Math.floor(viewport.width)}px`;
  canvas.style.height = `${Math.floor(viewport.height)}px`;
  holder.style.width = `${Math.floor(viewport.width)}px`;
  holder.style.height = `${Math.floor(viewport.height)}px`;
  holder.style.setProperty('--total-scale-factor', String(scale));
  textLayer.replaceChildren();
  const render = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
  const text = new TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport });
  return {
    cancel() {
      render.cancel();
      text.cancel();
    },
    done: Promise.all([render.promise, text.render()]).then(() => undefined),
  };
}
