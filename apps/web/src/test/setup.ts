import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// findBy/waitFor wait for what a user would see; lazy pages and a real server answer in well over the
// default second when the whole suite loads both cores, so the wait is longer (a passing wait ends early).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());

// antd's static notices live in their own React roots with timers of their own; close them and let
// React finish while the window still exists, so no render lands after jsdom is torn down.
afterAll(async () => {
  const { Modal, message, notification } = await import('antd');
  notification.destroy();
  message.destroy();
  Modal.destroyAll();
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
const gcs = window.getComputedStyle;
// jsdom does not implement pseudo-elements; antd asks for them only to measure scrollbars.
window.getComputedStyle = (elt: Element) => gcs(elt);
