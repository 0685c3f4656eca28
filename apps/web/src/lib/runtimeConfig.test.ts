import { afterEach, describe, expect, it } from 'vitest';
import { appConfig, RUNTIME_CONFIG_ID } from './runtimeConfig';

// The server puts the configuration into index.html as a JSON data block (no inline script, for the CSP).
describe('appConfig', () => {
  const saved = window.__APP_CONFIG__;
  afterEach(() => {
    document.getElementById(RUNTIME_CONFIG_ID)?.remove();
    window.__APP_CONFIG__ = saved;
  });

  it('reads the JSON data block the server injects', () => {
    window.__APP_CONFIG__ = undefined;
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = RUNTIME_CONFIG_ID;
    el.textContent = '{"apiBase":"/base","title":"测试\\u003c标题\\u003e","captcha":false}';
    document.head.appendChild(el);
    expect(appConfig()).toMatchObject({ apiBase: '/base', title: '测试<标题>', captcha: false });
  });

  it('falls back to the defaults without a block, or with a broken one', () => {
    window.__APP_CONFIG__ = undefined;
    expect(appConfig()).toMatchObject({ apiBase: '/api', title: '安学云', captcha: true });
    window.__APP_CONFIG__ = undefined;
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = RUNTIME_CONFIG_ID;
    el.textContent = '{broken';
    document.head.appendChild(el);
    expect(appConfig().apiBase).toBe('/api');
  });
});
