import { hostname } from 'node:os';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import DiskInfoPage from './DiskInfo.page';
import HttpTracePage from './HttpTrace.page';
import RedisInfoPage from './RedisInfo.page';
import RuntimePage from './Runtime.page';
import ServerInfoPage from './ServerInfo.page';

// The monitoring pages against the real server, which runs in this process: the figures a page shows are
// this machine's and this process's, and the trace lists the requests the test itself made.
configure({ asyncUtilTimeout: 8000 });
const REDIS = process.env.TEST_REDIS_URL;
const api = useRealApi(REDIS ? { env: { REDIS_URL: REDIS } } : {});
const VIEW = ['monitor:server:view'];

const show = (page: React.ReactElement) =>
  renderWithProviders(<MemoryRouter>{page}</MemoryRouter>);

describe('monitoring pages (real server)', () => {
  it('服务器信息 shows this host, this process and the database', async () => {
    api.signIn(VIEW);
    show(<ServerInfoPage />);
    expect(await screen.findByText(hostname())).toBeInTheDocument();
    expect(screen.getByText(String(process.pid))).toBeInTheDocument();
    const database = (await api.call('GET', '/sys/actuator/database/info')).result;
    expect(await screen.findByText(database.version)).toBeInTheDocument();
    // SQLite is a file: no connections to count; PostgreSQL answers its own (their number moves while
    // other tests run, its limit does not)
    expect(screen.getByText(database.connections === null ? '不适用（SQLite 文件）' : new RegExp(`^\\d+ / ${database.maxConnections}$`))).toBeInTheDocument();
    expect(api.seen.map((c) => c.path)).toEqual(expect.arrayContaining(['/sys/actuator/system/info', '/sys/actuator/database/info']));
  });

  it('磁盘监控 shows a gauge card for each disk the server reads', async () => {
    api.signIn(VIEW);
    const disks = (await api.call('GET', '/sys/actuator/redis/queryDiskInfo')).result as { name: string }[];
    expect(disks.length).toBeGreaterThan(0);
    show(<DiskInfoPage />);
    for (const d of disks) expect(await screen.findByText(d.name, { selector: '.ant-card-head-title' })).toBeInTheDocument();
    expect(screen.getAllByText(/^可用 .+ \/ 共 .+$/)).toHaveLength(disks.length);
  });

  it('Node.js 运行时 names this process’s Node.js and lists its collections and handles', async () => {
    api.signIn(VIEW);
    show(<RuntimePage />);
    expect(await screen.findByText(new RegExp(`Node\\.js 运行时（${process.version.replace(/\./g, '\\.')}，V8 `))).toBeInTheDocument();
    const handles = screen.getByText('活动句柄与请求').closest('.ant-table-wrapper') as HTMLElement;
    // the test's own HTTP front keeps a server handle open in this process
    await waitFor(() => expect(within(handles).getAllByRole('row').length).toBeGreaterThan(1));
  });

  it('请求追踪 lists the test’s own requests with secrets masked, and filters errors', async () => {
    api.signIn(VIEW);
    await api.call('GET', '/sys/dict/getDictItems/sex?password=hunter2-secret');
    await api.call('GET', '/sys/no-such-call');
    show(<HttpTracePage />);
    const masked = await screen.findByText(/\/sys\/dict\/getDictItems\/sex\?password=/);
    expect(masked.textContent).not.toContain('hunter2-secret');
    expect(document.body.textContent).not.toContain('hunter2-secret');
    expect(screen.getAllByText(/\/sys\/no-such-call/).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByText('错误'));
    await waitFor(() => expect(api.seen.map((c) => c.path)).toContain('/actuator/jeecghttptrace/error'));
    await waitFor(() => expect(screen.queryByText(/\/sys\/dict\/getDictItems\/sex/)).not.toBeInTheDocument());
    expect(screen.getAllByText(/\/sys\/no-such-call/).length).toBeGreaterThan(0);
  });

  it.runIf(!REDIS)('Redis监控 says Redis is not configured when it is not', async () => {
    api.signIn(VIEW);
    show(<RedisInfoPage />);
    expect(await screen.findByText('未配置 Redis（REDIS_URL），没有可显示的 Redis 信息')).toBeInTheDocument();
  });

  it.runIf(!!REDIS)('Redis监控 shows the INFO of the configured Redis', async () => {
    api.signIn(VIEW);
    show(<RedisInfoPage />);
    expect(await screen.findByText('redis_version')).toBeInTheDocument();
    expect(screen.getByText('used_memory')).toBeInTheDocument();
  });
});
