import { describe, expect, it } from 'vitest';
import { isAllowedImageSrc, sanitizeRichText } from './sanitize';

// Payloads in the style of the OWASP XSS filter evasion cheat sheet.
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(&quot;XSS&quot;)>',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(1);">',
  '<IMG SRC="jav&#x0A;ascript:alert(1);">',
  '<IMG SRC=" &#14;  javascript:alert(1);">',
  '<img src=x onerror=alert(1)>',
  '<img src="/api/sys/common/static/a.png" onerror="alert(1)">',
  '<IMG onmouseover="alert(1)">',
  '<BODY ONLOAD=alert(1)>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<IFRAME SRC="http://evil.example/"></IFRAME>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#14;javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example/">x</a>',
  '<a href="http://ok.example/" onclick="alert(1)">x</a>',
  '<div style="background-image: url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1));">x</div>',
  '<p style="behavior: url(xss.htc)">x</p>',
  '<LINK REL="stylesheet" HREF="javascript:alert(1);">',
  '<STYLE>@import\'http://evil.example/xss.css\';</STYLE>',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(1);">',
  '<BASE HREF="javascript:alert(1);//">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<TABLE BACKGROUND="javascript:alert(1)"><TD BACKGROUND="javascript:alert(1)">x</TD></TABLE>',
  '<DIV STYLE="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

/** Every tag of the output, as written (text is escaped by the sanitiser, so '<' only starts real tags). */
function tagsOf(html: string): string[] {
  return html.match(/<[^>]*>/g) ?? [];
}

describe('sanitizeRichText against XSS payloads', () => {
  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    const out = sanitizeRichText(payload);
    for (const tag of tagsOf(out)) {
      expect(tag).not.toMatch(/^<\/?\s*(script|iframe|object|embed|svg|math|style|link|meta|base|form|input|body|details)\b/i);
      expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
      expect(tag).not.toMatch(/(java|vb)script\s*:/i);
      expect(tag).not.toMatch(/expression\s*\(|url\s*\(|behavior/i);
      expect(tag).not.toMatch(/data:(?!image\/(png|jpeg|gif|webp);base64,)/i);
      expect(tag).not.toMatch(/href="\/\//i);
    }
    // The script body never survives as text either.
    expect(out).not.toMatch(/<script/i);
  });
});

describe('sanitizeRichText keeps ordinary content', () => {
  it('keeps formatting, headings, lists, quotes, code and tables', () => {
    const html =
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em><s>删</s><u>下</u></p><ul><li>一</li></ul><ol><li>二</li></ol>' +
      '<blockquote>引用</blockquote><pre><code class="language-js">let a = 1;</code></pre>' +
      '<table><thead><tr><th>列</th></tr></thead><tbody><tr><td colspan="2">值</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('links open in a new tab without opener and keep only http, https and mailto', () => {
    expect(sanitizeRichText('<a href="https://a.example/x?y=1">a</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer" href="https://a.example/x?y=1">a</a>',
    );
    expect(sanitizeRichText('<a href="mailto:a@b.cn" target="_self" rel="opener">m</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer" href="mailto:a@b.cn">m</a>',
    );
    expect(sanitizeRichText('<a href="ftp://a.example/">f</a>')).toBe('<a target="_blank" rel="noopener noreferrer">f</a>');
  });

  it('keeps uploaded, http(s) and inline raster images; drops other sources', () => {
    const uploaded = '<img src="/api/sys/common/static/jeditor/a_1.png" alt="图" />';
    expect(sanitizeRichText(uploaded)).toBe(uploaded);
    expect(sanitizeRichText('<img src="https://cdn.example/a.jpg" />')).toBe('<img src="https://cdn.example/a.jpg" />');
    const png = '<img src="data:image/png;base64,iVBORw0KGgo=" />';
    expect(sanitizeRichText(png)).toBe(png);
    expect(sanitizeRichText('<p>a<img src="/api/sys/common/static/../../etc/passwd" />b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<p><img src="/uploads/other.png" /></p>')).toBe('<p></p>');
    expect(sanitizeRichText('<p><img src="//evil.example/a.png" /></p>')).toBe('<p></p>');
  });

  it('keeps only text-align, color and background-color styles', () => {
    expect(sanitizeRichText('<p style="text-align:center;color:#f00;position:fixed;top:0">x</p>')).toBe(
      '<p style="text-align:center;color:#f00">x</p>',
    );
    expect(sanitizeRichText('<span style="background-color:rgb(1, 2, 3);font-size:90px">x</span>')).toBe(
      '<span style="background-color:rgb(1, 2, 3)">x</span>',
    );
    expect(sanitizeRichText('<p style="color:red;background-color:url(x)">x</p>')).toBe('<p style="color:red">x</p>');
  });

  it('empty input gives an empty string', () => {
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText(null)).toBe('');
  });
});

describe('isAllowedImageSrc', () => {
  it.each([
    ['/api/sys/common/static/jeditor/x.png', true],
    ['/sys/common/static/temp/x.gif', true],
    ['/api/sys/common/view/jeditor/%E5%9B%BE_1700000000000abcdefabcdefabcdef.png', true],
    ['/api/sys/common/view/../../app.db', false],
    ['http://a.example/x.png', true],
    ['data:image/webp;base64,AAAA', true],
    ['data:image/svg+xml;base64,AAAA', false],
    ['/api/sys/common/static/a/../../x', false],
    ['javascript:alert(1)', false],
    ['x', false],
  ])('%s → %s', (src, allowed) => {
    expect(isAllowedImageSrc(src)).toBe(allowed);
  });
});
