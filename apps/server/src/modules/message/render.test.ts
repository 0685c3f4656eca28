import { describe, expect, it } from 'vitest';
import { LogSmsProvider } from './channels';
import { parseTemplate, parseTemplateData, placeholdersOf, renderTemplate } from './render';

describe('template renderer', () => {
  it('fills placeholders, nested names and repeated ones', () => {
    const text = renderTemplate('${name}同学：请于${ date }前完成${course.title}。${name}加油！', { name: '张三', date: '2026-03-01', course: { title: '防溺水' } });
    expect(text).toBe('张三同学：请于2026-03-01前完成防溺水。张三加油！');
    expect(renderTemplate('共${n}题，通过：${ok}', { n: 0, ok: false })).toBe('共0题，通过：false');
  });

  it('names every missing placeholder once, in order', () => {
    expect(() => renderTemplate('${name}，${date}，${name}，${place}', { place: '操场', date: null })).toThrow('缺少模板参数：name、date');
  });

  it('escapes values in HTML templates but not the template, and keeps $${ literal', () => {
    const html = renderTemplate('<p>你好，<b>${name}</b></p>', { name: '<img src=x onerror=alert(1)>&' }, { html: true });
    expect(html).toBe('<p>你好，<b>&lt;img src=x onerror=alert(1)&gt;&amp;</b></p>');
    expect(renderTemplate('<${tag}>', { tag: 'b' })).toBe('<b>');
    expect(renderTemplate('写法：$${name} 表示 ${name}', { name: '姓名' })).toBe('写法：${name} 表示 姓名');
  });

  it('refuses unbalanced and empty placeholders with the position', () => {
    expect(() => parseTemplate('你好${name')).toThrow('模板内容第3个字符处的“${”没有对应的“}”');
    expect(() => parseTemplate('${a${b}}')).toThrow('没有对应的“}”');
    expect(() => parseTemplate('你好${ }')).toThrow('模板内容第3个字符处的参数名为空');
    expect(() => parseTemplate('${a b}')).toThrow('模板参数名“a b”只能包含文字、数字、下划线、点和短横线');
    expect(placeholdersOf('${a}${b}${a} $${c} {d} $e')).toEqual(['a', 'b']);
  });

  it('reads template data as a JSON object only', () => {
    expect(parseTemplateData('{"a":1}')).toEqual({ a: 1 });
    expect(parseTemplateData('')).toEqual({});
    expect(() => parseTemplateData('{a:1}')).toThrow('模板参数不是有效的JSON');
    expect(() => parseTemplateData('[1]')).toThrow('模板参数应是JSON对象');
  });
});

describe('log SMS provider', () => {
  it('writes the receiver and the text to the server log', async () => {
    const lines: Array<{ obj: object; msg: string }> = [];
    await new LogSmsProvider({ info: (obj, msg) => lines.push({ obj, msg }) }).send('13800000000', '验证码 1234');
    expect(lines).toEqual([{ obj: { sms: { to: '13800000000', text: '验证码 1234' } }, msg: 'SMS to 13800000000: 验证码 1234' }]);
  });
});
