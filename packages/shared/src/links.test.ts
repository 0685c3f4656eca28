import { describe, expect, it } from 'vitest';
import { isSafeLink, linkScheme } from './links';

describe('isSafeLink', () => {
  it('accepts paths, relative addresses, web links and empty values', () => {
    for (const ok of ['', null, undefined, '/system/user', 'system/user/index', 'layouts/RouteView', 'https://example.com/a?b=javascript:1', 'http://x', 'mailto:a@b.c', "{{ window._CONFIG['domianURL'] }}/jmreport/list", 'a/b:c', '#/x', 'temp/logo.png']) {
      expect(isSafeLink(ok), String(ok)).toBe(true);
    }
  });

  it('refuses javascript:, data: and vbscript: in any letter case, behind spaces, controls, tabs or line breaks', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '  javascript:alert(1)',
      '\u0001\u0008javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\r\njavascript:alert(1)',
      '\u3000javascript:alert(1)',
      '\ufeffjavascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'DATA:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      ' VBScript:msgbox(1)',
    ]) {
      expect(isSafeLink(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('names the scheme a browser would see', () => {
    expect(linkScheme(' \tHTTPS://x')).toBe('https');
    expect(linkScheme('/a:b')).toBeNull();
  });
});
