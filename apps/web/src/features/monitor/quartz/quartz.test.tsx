import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { choose, formItem, typeInto } from '../../students/backoffice/testing/form';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import QuartzListPage from './QuartzList.page';

// 定时任务 against the real server: a job built with the cron editor, run once now, its run record shown.
configure({ asyncUtilTimeout: 8000 });
const api = useRealApi();

const dialogWith = (text: string) => screen.getAllByRole('dialog').find((d) => within(d).queryByText(text))!;

describe('定时任务 page (real server)', () => {
  it('creates a job with the cron editor, runs it once and shows its run log', async () => {
    api.signIn(['system:quartzJob:list', 'system:quartzJob:add', 'system:quartzJob:edit', 'system:quartzJob:execute', 'system:quartzJob:resume', 'system:quartzJob:pause']);
    renderWithProviders(<QuartzListPage />);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    await screen.findByText('新增定时任务');
    const form = dialogWith('新增定时任务');

    await choose(form, '任务类名', '示例任务（带参数）（anxue.job.SampleParamJob）');
    expect(await within(form).findByText('参数：任意文字，执行时写入执行日志')).toBeInTheDocument();
    // the cron editor: every 5 seconds (of minute 0, as the editor sets the minute once seconds are chosen)
    fireEvent.click(within(formItem(form, 'Cron表达式')).getByRole('button', { name: /选\s*择/ }));
    const cron = await waitFor(() => {
      const d = screen.getAllByRole('dialog').find((el) => within(el).queryByLabelText('生成的表达式'));
      if (!d) throw new Error('cron editor not open');
      return d;
    });
    const seconds = cron.querySelector<HTMLElement>('.ant-tabs-tabpane-active')!;
    fireEvent.change(within(seconds).getByLabelText('秒间隔'), { target: { value: '5' } });
    await waitFor(() => expect((within(cron).getByLabelText('生成的表达式') as HTMLInputElement).value).toBe('0/5 0 * * * ? *'));
    fireEvent.click(within(cron).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect((formItem(form, 'Cron表达式').querySelector('input') as HTMLInputElement).value).toBe('0/5 0 * * * ? *'));

    typeInto(form, '参数', '来自页面的参数');
    typeInto(form, '描述', '页面建的任务');
    fireEvent.click(within(form).getByRole('button', { name: /确\s*定/ }));
    // a text query to wait with (role queries over the whole page are slow in jsdom), then the row's cells by role
    const row = (await screen.findByText('页面建的任务', { selector: 'tr.ant-table-row td, tr.ant-table-row td *' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: '示例任务（带参数）' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '0/5 0 * * * ? *' })).toBeInTheDocument();
    expect(within(row).getByText('停止')).toBeInTheDocument();

    const saved = (await api.call('GET', `/sys/quartzJob/list?description=${encodeURIComponent('页面建的任务')}`)).result.records[0];
    expect(saved).toMatchObject({ jobClassName: 'anxue.job.SampleParamJob', cronExpression: '0/5 0 * * * ? *', parameter: '来自页面的参数', status: -1 });

    fireEvent.click(within(row).getByText('立即执行'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('执行成功!')).toBeInTheDocument();

    fireEvent.click(within(screen.getByRole('cell', { name: '页面建的任务' }).closest('tr')!).getByText('执行记录'));
    expect(await screen.findByText(/参数：来自页面的参数/)).toBeInTheDocument();
    expect(screen.getByText('手动执行')).toBeInTheDocument();
    expect(screen.getByText('成功')).toBeInTheDocument();
  }, 120_000);
});
