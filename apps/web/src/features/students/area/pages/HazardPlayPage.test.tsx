import { configure, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRealApi } from '../../backoffice/testing/realApi';
import { renderArea, signIn } from '../testing';

configure({ asyncUtilTimeout: 8000 });

const api = useRealApi();

/**
 * A published scene added through the back office (picture 1000×500, 100 a hazard, 15 off a miss, 5
 * minutes, one hint), and a play of it started by the admin; answers the play's id and the regions' ids.
 */
async function startPlay(): Promise<{ playId: string; socket: string; corridor: string }> {
  const title = '教室里的隐患';
  const added = await api.call('POST', '/students/dangerQuestion/add', {
    title,
    image: 'students/classroom.png',
    imageWidth: 1000,
    imageHeight: 500,
    requiredCount: 2,
    timeLimitSeconds: 300,
    hintsAllowed: 1,
    hitScore: 100,
    wrongPenalty: 15,
    published: 1,
    regions: [
      { shape: 'circle', coords: { cx: 0.8, cy: 0.6, r: 0.05 }, title: '插线板超负荷', risk: '电线过热引发火灾', fix: '分开插用电器' },
      { shape: 'rect', coords: { x: 0.1, y: 0.1, w: 0.2, h: 0.2 }, title: '消防通道堆物', risk: '着火时无法疏散', fix: '清理通道' },
    ],
  });
  expect(added.message).toMatch(/成功/);
  // the newest scene first; each test plays its own (a play left open would be resumed by the next start)
  const sceneId = (await api.call('GET', '/students/dangerQuestion/list?pageNo=1&pageSize=10')).result.records[0].id as string;
  const regions = (await api.call('GET', `/students/dangerQuestion/queryById?id=${sceneId}`)).result.regions as Array<{ id: string; title: string }>;
  const play = await api.call('POST', '/students/study/hazard/start', { sceneId });
  expect(play.success).toBe(true);
  return { playId: play.result.id, socket: regions.find((r) => r.title === '插线板超负荷')!.id, corridor: regions.find((r) => r.title === '消防通道堆物')!.id };
}

const clicksSent = () => api.seen.filter((s) => s.path === '/students/study/hazard/click').map((s) => s.body as { x: number; y: number });

// jsdom lays nothing out: the picture is 400×200 px on screen at the page's top left.
beforeEach(() => {
  vi.spyOn(HTMLImageElement.prototype, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 400, height: 200, right: 400, bottom: 200, x: 0, y: 0, toJSON: () => ({}) });
});
afterEach(() => vi.restoreAllMocks());

describe('隐患排查 play (real server)', () => {
  it('counts a miss with a red mark and its penalty, and draws a found hazard with its explanation', async () => {
    const { playId, socket } = await startPlay();
    signIn(api);
    renderArea(`/students/danger/${playId}`);
    const picture = await screen.findByRole('img', { name: '教室里的隐患' });
    expect(screen.getByLabelText('找到')).toHaveTextContent('找到 0 / 2');

    // a tap where nothing is: sent as fractions of the shown picture
    fireEvent.click(picture, { clientX: 200, clientY: 150 });
    // the miss is counted and shows the scene's penalty
    expect(await screen.findByText('这里没有隐患，扣 15 分')).toBeInTheDocument();
    expect(clicksSent()[0]).toMatchObject({ x: 0.5, y: 0.75 });
    expect(screen.getByText('失误 1 次')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-miss]')).toHaveLength(1);

    // a tap on the socket (circle at 0.8, 0.6)
    fireEvent.click(picture, { clientX: 322, clientY: 121 });
    expect(await screen.findByText('找到了：插线板超负荷')).toBeInTheDocument();
    expect(screen.getByText('危险：电线过热引发火灾')).toBeInTheDocument();
    expect(screen.getByText('怎么做：分开插用电器')).toBeInTheDocument();
    expect(screen.getByLabelText('找到')).toHaveTextContent('找到 1 / 2');
    const drawn = document.querySelector(`[data-region="${socket}"] circle`) as SVGCircleElement;
    // drawn in the image's coordinates: r is a fraction of the width
    expect(drawn.getAttribute('cx')).toBe('800');
    expect(drawn.getAttribute('r')).toBe('50');
    expect(screen.getByText('得分 85')).toBeInTheDocument();

    // a miss with points on the board shows the penalty taken off
    fireEvent.click(picture, { clientX: 390, clientY: 190 });
    expect(await screen.findByText('这里没有隐患，扣 15 分')).toBeInTheDocument();
    expect(screen.getByText('失误 2 次')).toBeInTheDocument();
    expect(screen.getByText('得分 70')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-miss]')).toHaveLength(2);
    // the server keeps the same count
    expect((await api.call('GET', `/students/study/hazard/play?id=${playId}`)).result).toMatchObject({ status: 'playing', foundCount: 1, missCount: 2, score: 70 });
  }, 90_000);

  it('shows every hazard once the play is finished', async () => {
    const user = userEvent.setup();
    const { playId, socket } = await startPlay();
    signIn(api);
    renderArea(`/students/danger/${playId}`);
    fireEvent.click(await screen.findByRole('img', { name: '教室里的隐患' }), { clientX: 80, clientY: 40 });
    expect(await screen.findByText('找到了：消防通道堆物')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /完\s*成/ }));
    const dialog = (await screen.findByText(/还有隐患没找到/)).closest('.ant-modal-content') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: /结\s*束/ }));
    expect(await screen.findByText('排查结束')).toBeInTheDocument();
    expect(screen.getByText('1. 插线板超负荷')).toBeInTheDocument();
    expect(screen.getByText('2. 消防通道堆物')).toBeInTheDocument();
    expect(screen.getByText('没找到')).toBeInTheDocument();
    expect(screen.getByText('已找到')).toBeInTheDocument();
    expect(document.querySelector(`[data-region="${socket}"]`)).toHaveAttribute('data-tone', 'missed');
    // closed on the server: one hazard, no time bonus for giving up early
    expect((await api.call('GET', `/students/study/hazard/play?id=${playId}`)).result).toMatchObject({ status: 'done', foundCount: 1, score: 100 });
  }, 90_000);
});
