import { configure, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HazardPlayView, HazardRegionView } from '@anxue/shared/students';
import { envelope, usePageApiServer } from '../../../../lib/testing/apiServer';
import { renderArea, signIn } from '../testing';

configure({ asyncUtilTimeout: 5000 });

const api = usePageApiServer();

const REGIONS: HazardRegionView[] = [
  { id: 'r1', shape: 'circle', coords: { cx: 0.8, cy: 0.6, r: 0.05 }, title: '插线板超负荷', risk: '电线过热引发火灾', fix: '分开插用电器' },
  { id: 'r2', shape: 'rect', coords: { x: 0.1, y: 0.1, w: 0.2, h: 0.2 }, title: '消防通道堆物', risk: '着火时无法疏散', fix: '清理通道' },
];

/** Hit testing as the server does it, in fractions of the image (a circle's r in widths; image 1000×500). */
function inside(region: HazardRegionView, x: number, y: number): boolean {
  if (region.shape === 'circle') {
    const c = region.coords as { cx: number; cy: number; r: number };
    return Math.hypot(x - c.cx, (y - c.cy) * 0.5) <= c.r;
  }
  const r = region.coords as { x: number; y: number; w: number; h: number };
  return x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
}

function servePlay() {
  const play: HazardPlayView = {
    id: 'play-1', sceneId: 's-1', title: '教室里的隐患', image: 'http://127.0.0.1:1/classroom.png', imageWidth: 1000, imageHeight: 500, description: null,
    status: 'playing', regionCount: 2, requiredCount: 2, foundCount: 0, missCount: 0, hitScore: 100, wrongPenalty: 15, hintsAllowed: 1, hintsUsed: 0, remainingSeconds: 300, score: 0, found: [], misses: [],
  };
  const clicks: Array<{ x: number; y: number }> = [];
  api.handle('GET', '/students/study/hazard/play', () => ({ body: envelope(play) }));
  api.handle('POST', '/students/study/hazard/click', (req) => {
    const { x, y } = req.body as { x: number; y: number };
    clicks.push({ x, y });
    const hit = REGIONS.find((r) => inside(r, x, y)) ?? null;
    const alreadyFound = !!hit && play.found.some((f) => f.id === hit.id);
    if (hit && !alreadyFound) Object.assign(play, { found: [...play.found, hit], foundCount: play.foundCount + 1 });
    if (!hit) Object.assign(play, { misses: [...play.misses, { x, y }], missCount: play.missCount + 1 });
    // 100 a hazard, 15 off a miss, never below 0
    play.score = Math.max(0, play.foundCount * 100 - play.missCount * 15);
    return { body: envelope({ hit, alreadyFound, play }) };
  });
  return { play, clicks };
}

// jsdom lays nothing out: the picture is 400×200 px on screen at the page's top left.
beforeEach(() => {
  vi.spyOn(HTMLImageElement.prototype, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 400, height: 200, right: 400, bottom: 200, x: 0, y: 0, toJSON: () => ({}) });
});
afterEach(() => vi.restoreAllMocks());

describe('隐患排查 play', () => {
  it('counts a miss with a red mark and its penalty, and draws a found hazard with its explanation', async () => {
    const server = servePlay();
    signIn();
    renderArea('/students/danger/play-1');
    const picture = await screen.findByRole('img', { name: '教室里的隐患' });
    expect(screen.getByLabelText('找到')).toHaveTextContent('找到 0 / 2');

    // a tap where nothing is: sent as fractions of the shown picture
    fireEvent.click(picture, { clientX: 200, clientY: 150 });
    // the miss is counted and shows the scene's penalty
    expect(await screen.findByText('这里没有隐患，扣 15 分')).toBeInTheDocument();
    expect(server.clicks[0]).toEqual({ x: 0.5, y: 0.75 });
    expect(screen.getByText('失误 1 次')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-miss]')).toHaveLength(1);

    // a tap on the socket (circle at 0.8, 0.6)
    fireEvent.click(picture, { clientX: 322, clientY: 121 });
    expect(await screen.findByText('找到了：插线板超负荷')).toBeInTheDocument();
    expect(screen.getByText('危险：电线过热引发火灾')).toBeInTheDocument();
    expect(screen.getByText('怎么做：分开插用电器')).toBeInTheDocument();
    expect(screen.getByLabelText('找到')).toHaveTextContent('找到 1 / 2');
    const drawn = document.querySelector('[data-region="r1"] circle') as SVGCircleElement;
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
  });

  it('shows every hazard once the play is finished', async () => {
    const user = userEvent.setup();
    const server = servePlay();
    api.handle('POST', '/students/study/hazard/finish', () => {
      Object.assign(server.play, { status: 'done', regions: REGIONS, remainingSeconds: null });
      return { body: envelope(server.play) };
    });
    signIn();
    renderArea('/students/danger/play-1');
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
    expect(document.querySelector('[data-region="r1"]')).toHaveAttribute('data-tone', 'missed');
  });
});
