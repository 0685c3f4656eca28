import { describe, expect, it } from 'vitest';
import { inputSchema } from './input';
import type { ResourceDef } from './types';

const notice: ResourceDef = {
  label: '公告',
  table: 'x',
  path: '/x',
  permission: 'x',
  fields: [
    { name: 'title', type: 'string', title: '标题', required: true },
    { name: 'content', type: 'string', title: '内容', max: 10000, richText: true },
  ],
};

describe('inputSchema', () => {
  it('stores rich text only after sanitising it', () => {
    const parsed = inputSchema(notice, 'add').parse({
      title: '消防演练',
      content: '<p onclick="steal()">集合<script>alert(1)</script><img src="/api/sys/common/view/jeditor/a.png" onerror="x()"></p>',
    });
    expect(parsed.content).toBe('<p>集合<img src="/api/sys/common/view/jeditor/a.png" /></p>');
  });

  it('leaves plain text fields as they were typed', () => {
    expect(inputSchema(notice, 'add').parse({ title: '<b>a</b>' }).title).toBe('<b>a</b>');
  });
});
