import { render, screen, waitFor } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { envelope, useApiServer } from '../../lib/testing/apiServer';
import { DictText, renderDict } from './DictText';

vi.setConfig({ testTimeout: 30_000 });
const api = useApiServer();

describe('DictText / renderDict', () => {
  it('shows item texts in list cells, coloured tags for items with a colour, and raw values it does not know', async () => {
    api.handle('GET', '/sys/dict/getDictItems/priority_x', () => ({
      body: envelope([
        { value: 'L', text: '低' },
        { value: 'H', text: '高', color: 'red' },
      ]),
    }));
    const rows = [
      { id: 1, p: 'L' },
      { id: 2, p: 'H' },
      { id: 3, p: 'Q' },
      { id: 4, p: 'L,Q' },
    ];
    render(<Table rowKey="id" pagination={false} dataSource={rows} columns={[{ title: '优先级', dataIndex: 'p', render: renderDict('priority_x') }]} />);
    await screen.findByText('低');
    const cells = [...document.querySelectorAll('tbody td')].map((td) => td.textContent);
    expect(cells).toEqual(['低', '高', 'Q', '低,Q']);
    expect(screen.getByText('高').closest('.ant-tag')).toHaveClass('ant-tag-red');
    expect(screen.getByText('低').closest('.ant-tag')).toBeNull();
    expect(api.seen.filter((s) => s.path === '/sys/dict/getDictItems/priority_x')).toHaveLength(1);
  });

  it('shows nothing for an empty value', async () => {
    api.handle('GET', '/sys/dict/getDictItems/empty_x', () => ({ body: envelope([{ value: '1', text: '是' }]) }));
    const { container } = render(<DictText code="empty_x" value={null} />);
    await waitFor(() => expect(api.seen.length).toBe(1));
    expect(container.textContent).toBe('');
  });
});
