import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { stopRouteProgress } from '../app/progress';
import { installFastComputedStyle } from './fastComputedStyle';


// findBy/waitFor wait for what a user would see; lazy pages and a real server answer in well over the
// default second when the whole suite loads both cores, so the wait is longer (a passing wait ends early).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());

// antd's static notices live in their own React roots with timers of their own; close them inside act,
// so React finishes while the window still exists and no render lands after jsdom is torn down. Files
// that never showed one are left alone: destroy() on a notice kind never used creates its root first.
afterAll(async () => {
  // a bar still running or fading (a test ended mid-navigation) goes: none of its timers may run after jsdom is gone
  stopRouteProgress();
  if (document.querySelector('.ant-message, .ant-notification, .ant-modal-root, .ant-modal-wrap')) {
    const { Modal, message, notification } = await import('antd');
    await act(async () => {
      notification.destroy();
      message.destroy();
      Modal.destroyAll();
    });
  }
  await new Promise((r) => setTimeout(r, 100));
});

// jsdom lacks these; antd reads them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}
if (!(globalThis as any).ResizeObserver) {
  (globalThis as any).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
installFastComputedStyle(window);

// The http client sends forms and files with fetch, which here is Node's: it does not read jsdom's
// FormData, File or Blob (a browser sends its own as they are). They are copied into Node's first.
const nodeFetch = globalThis.fetch;
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
const readBlob = (blob: Blob) =>
  new Promise<ArrayBuffer>((done, fail) => {
    const reader = new FileReader();
    reader.onload = () => done(reader.result as ArrayBuffer);
    reader.onerror = () => fail(reader.error);
    reader.readAsArrayBuffer(blob);
  });
const { Blob: NodeBlob, File: NodeFile } = await import('node:buffer');
globalThis.fetch = async (input, init) => {
  const body = init?.body;
  if (body instanceof window.FormData) {
    const form = new NodeFormData();
    for (const [name, value] of body.entries()) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new NodeFile([new Uint8Array(await readBlob(value))], value.name, { type: value.type }) as unknown as File);
    }
    return nodeFetch(input, { ...init, body: form });
  }
  if (body instanceof window.Blob) return nodeFetch(input, { ...init, body: new NodeBlob([new Uint8Array(await readBlob(body))], { type: body.type }) as unknown as Blob });
  return nodeFetch(input, init);
};
