import { configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPermissions, useSession } from '../../../../lib/session/store';
import type { MenuItem } from '../../../../lib/types';
import { useRealApi } from '../../backoffice/testing/realApi';
import { renderArea, signIn } from '../testing';

configure({ asyncUtilTimeout: 8000 });

const api = useRealApi();

/** A published 12 s clip added through the back office: a ball at 2–5 s, a child at 7–11 s. */
async function addClip(): Promise<string> {
  const added = await api.call('POST', '/students/hazardClip/add', {
    title: '放学路上',
    filePath: 'students/clip.webm',
    durationSeconds: 12,
    published: 1,
    windows: [
      { start: 2, end: 5, title: '皮球滚到路上', explanation: '球后面常有追球的孩子' },
      { start: 7, end: 11, title: '孩子跑出来', explanation: '减速并准备停车' },
    ],
  });
  expect(added.message).toMatch(/成功/);
  return (await api.call('GET', '/students/hazardClip/list?pageNo=1&pageSize=10')).result.records[0].id as string;
}

/** The 学习园地 menu with 危险预判 in it (as a student's session has it). */
function withClipPage() {
  const menu = useSession.getState().permissionList as MenuItem[];
  const area = menu.find((m) => m.path === '/students')!;
  const children = [...(area.children ?? []), { path: '/students/hazardClipList', component: 'students/HazardClipList', route: '1', meta: { title: '危险预判' } }];
  setPermissions({ menu: menu.map((m) => (m === area ? { ...area, children } : m)), auth: [{ action: 'students:study', type: '1' }], allAuth: [] });
}

// jsdom has no media playback: play() answers as a browser that started the clip does
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => vi.restoreAllMocks());

/** jsdom plays no video: the element reports the time and state the test sets. */
function fakePlayback(video: HTMLVideoElement) {
  const state = { time: 0, paused: true };
  Object.defineProperty(video, 'currentTime', { get: () => state.time, set: (v: number) => (state.time = v) });
  Object.defineProperty(video, 'paused', { get: () => state.paused });
  Object.defineProperty(video, 'ended', { get: () => false });
  return {
    start() {
      state.paused = false;
      fireEvent(video, new Event('playing'));
    },
    at(seconds: number) {
      state.time = seconds;
      fireEvent.timeUpdate(video);
    },
  };
}

describe('危险预判 play (real server)', () => {
  it('records taps at the video’s time from the button and Space, submits them at the end, and shows the score and the review', async () => {
    const clipId = await addClip();
    signIn(api);
    withClipPage();
    renderArea(`/students/hazardClip/${clipId}`);
    fireEvent.click(await screen.findByRole('button', { name: /开始观看/ }));
    const video = (await screen.findByLabelText('危险预判视频：放学路上')) as HTMLVideoElement;
    const tapButton = screen.getByRole('button', { name: /看到危险/ });
    expect(tapButton).toBeDisabled();
    const playback = fakePlayback(video);
    playback.start();
    expect(tapButton).toBeEnabled();

    playback.at(2.5);
    fireEvent.click(tapButton, { detail: 1 });
    playback.at(8);
    fireEvent.keyDown(window, { code: 'Space', key: ' ' });
    // a click the keyboard made (detail 0) is the Space already counted
    fireEvent.click(tapButton, { detail: 0 });
    expect(screen.getByText('已点击 2 次')).toBeInTheDocument();

    // the clip has played to its end by the server's clock too
    api.advanceClock(12_000);
    playback.at(12);
    fireEvent.ended(video);
    expect(await screen.findByText('观看完成')).toBeInTheDocument();
    const sent = api.seen.filter((s) => s.path === '/students/study/hazardClip/submit').map((s) => (s.body as { taps: number[] }).taps);
    expect(sent).toEqual([[2.5, 8]]);
    // 2.5 s is in the ball's first fifth (5); 8 s is 1 s into the child's 4 s window, its second fifth (4)
    expect(screen.getByText('5 分')).toBeInTheDocument();
    expect(screen.getByText('4 分')).toBeInTheDocument();
    expect(screen.getByText('球后面常有追球的孩子')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '时间轴：2 处危险，2 次点击' })).toBeInTheDocument();
  });

  it('shows 0 with the warning when the taps came in a burst, the taps still on the timeline', async () => {
    const clipId = await addClip();
    signIn(api);
    withClipPage();
    renderArea(`/students/hazardClip/${clipId}`);
    fireEvent.click(await screen.findByRole('button', { name: /开始观看/ }));
    const video = (await screen.findByLabelText('危险预判视频：放学路上')) as HTMLVideoElement;
    const playback = fakePlayback(video);
    playback.start();
    for (const at of [2.1, 2.3, 2.5, 2.7]) {
      playback.at(at);
      fireEvent.keyDown(window, { code: 'Space', key: ' ' });
    }
    api.advanceClock(12_000);
    fireEvent.ended(video);
    expect(await screen.findByText('本次成绩无效')).toBeInTheDocument();
    expect(screen.getByText('点击过于密集，本次成绩记为0分')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '时间轴：2 处危险，4 次点击' })).toBeInTheDocument();
    expect(screen.getAllByText('0 分')).toHaveLength(1);
    expect(screen.getByText('没发现')).toBeInTheDocument();
  });
});
