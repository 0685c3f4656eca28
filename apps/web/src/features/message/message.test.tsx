import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../components/tree/testing';
import { useRealApi } from '../students/backoffice/testing/realApi';
import MessageListPage from './MessageList.page';
import TemplateListPage from './TemplateList.page';

// 消息模板 with 发送测试 and 消息管理 against the real server (SMS goes to the log provider).
configure({ asyncUtilTimeout: 8000 });
const api = useRealApi();
const TEMPLATE_CODES = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'sendMsg'].map((a) => `system:messageTemplate:${a}`);
/** An open antd dialog by its title. */
const modal = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
const row = (text: string) => screen.getAllByText(text).map((e) => e.closest('tr')).find(Boolean)!;

describe('消息模板 page (real server)', () => {
  it('sends a test: a missing parameter is shown in the dialog, then the message is sent and listed', async () => {
    expect((await api.call('POST', '/sys/message/sysMessageTemplate/add', { templateCode: 'drill_sms', templateName: '演练提醒', templateType: '1', templateContent: '${name}：${date}举行消防演练' })).success).toBe(true);
    api.signIn(TEMPLATE_CODES);
    renderWithProviders(
      <MemoryRouter>
        <TemplateListPage />
      </MemoryRouter>,
    );
    fireEvent.click(within(await waitFor(() => row('演练提醒'))).getByText('发送测试'));
    const dialog = await modal('发送测试');
    // the sample JSON names every placeholder; only name is filled
    const data = within(dialog).getByLabelText('测试数据');
    expect(JSON.parse((data as HTMLTextAreaElement).value)).toEqual({ name: '', date: '' });
    fireEvent.change(data, { target: { value: '{"name":"三年级二班"}' } });
    fireEvent.change(within(dialog).getByLabelText('消息接收方'), { target: { value: '13800002222' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*送/ }));
    expect(await within(dialog).findByText('缺少模板参数：date')).toBeInTheDocument();

    fireEvent.change(data, { target: { value: '{"name":"三年级二班","date":"周三下午"}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*送/ }));
    await waitFor(async () => {
      const sent = await api.call('GET', '/sys/message/sysMessage/list?esReceiver=13800002222');
      expect(sent.result.records).toEqual([expect.objectContaining({ esContent: '三年级二班：周三下午举行消防演练', esSendStatus: '1', esType: 'sms' })]);
    });
    await waitFor(() => expect(within(dialog).queryByText('缺少模板参数：date')).not.toBeInTheDocument());
  }, 60_000);
});

describe('消息管理 page (real server)', () => {
  it('lists messages with status and opens the detail', async () => {
    api.signIn(['system:message:list']);
    renderWithProviders(
      <MemoryRouter>
        <MessageListPage />
      </MemoryRouter>,
    );
    const r = await waitFor(() => row('13800002222'));
    expect(within(r).getByText('发送成功')).toBeInTheDocument();
    expect(within(r).getByText('短信消息')).toBeInTheDocument();
    fireEvent.click(within(r).getByText('详情'));
    const dialog = await modal('消息详情');
    expect(within(dialog).getByText('三年级二班：周三下午举行消防演练')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新\s*增|添\s*加/ })).not.toBeInTheDocument();
  }, 60_000);
});
