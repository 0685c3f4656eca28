import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../../test/helpers/test-app';
import { caller } from './testing';

// 危险预判视频: windows inside the clip, start before end, areas inside the frame, the pattern rule's numbers.
let t: TestApp;
let admin: ReturnType<typeof caller>;
const C = '/students/hazardClip';

const clip = (extra: Record<string, unknown> = {}) => ({
  title: '放学路上的危险',
  filePath: 'students/clip.webm',
  durationSeconds: '12',
  windows: [
    { start: 2, end: '5.5', region: { x: 0.1, y: 0.5, w: 0.3, h: 0.3 }, title: '皮球滚到路上', explanation: '球后面常有追球的孩子' },
    // overlapping the first on purpose: two hazards may develop at once
    { start: 5, end: 11, title: '孩子跑出来', explanation: '' },
  ],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = caller(t, await login(t.app));
});
afterAll(() => t.close());

const refusal = async (payload: Record<string, unknown>) => (await admin.post(`${C}/add`, payload)).body;

describe('hazard perception clips', () => {
  it('adds a clip with its windows (numbers as text read as numbers, overlap allowed) and the UK defaults of the pattern rule', async () => {
    const id = await admin.add(C, clip(), `title=${encodeURIComponent('放学路上的危险')}`);
    const got = (await admin.get(`${C}/queryById?id=${id}`)).body.result;
    expect(got).toMatchObject({ title: '放学路上的危险', durationSeconds: 12, burstTaps: 3, burstSeconds: 1, rhythmTaps: 5, rhythmTolerance: 20, published: 0, windowCount: 2 });
    expect(got.windows).toEqual([
      { start: 2, end: 5.5, region: { x: 0.1, y: 0.5, w: 0.3, h: 0.3 }, title: '皮球滚到路上', explanation: '球后面常有追球的孩子' },
      { start: 5, end: 11, region: null, title: '孩子跑出来', explanation: null },
    ]);
  });

  it('refuses windows outside the clip, backwards, without a title, or with an area outside the frame', async () => {
    const w = (over: Record<string, unknown>) => clip({ windows: [{ start: 2, end: 5, title: '危险', ...over }] });
    expect(await refusal(w({ end: 12.5 }))).toMatchObject({ success: false, message: '第1条危险时段：结束时间不能超过视频时长' });
    expect(await refusal(w({ start: 6, end: 6 }))).toMatchObject({ success: false, message: '第1条危险时段：结束时间必须晚于开始时间' });
    expect(await refusal(w({ start: -1 }))).toMatchObject({ success: false, message: '第1条危险时段：开始时间不能小于0' });
    expect(await refusal(w({ title: ' ' }))).toMatchObject({ success: false, message: '第1条危险时段：标题不能为空' });
    expect(await refusal(w({ start: 'soon' }))).toMatchObject({ success: false, message: '第1条危险时段：开始时间必须是数字' });
    expect(await refusal(w({ region: { x: 0.8, y: 0.1, w: 0.3, h: 0.2 } }))).toMatchObject({ success: false, message: '第1条危险时段：区域超出了画面范围' });
    expect(await refusal(w({ region: { x: 0.1, y: 0.1, w: 0, h: 0.2 } }))).toMatchObject({ success: false, message: '第1条危险时段：区域的宽和高必须大于0' });
    expect(await refusal(clip({ windows: [] }))).toMatchObject({ success: false, message: '至少要标出一个危险时段' });
    expect(await refusal(clip({ windows: undefined }))).toMatchObject({ success: false, message: '至少要标出一个危险时段' });
    expect(await refusal(clip({ rhythmTaps: 2 }))).toMatchObject({ success: false });
    expect(await refusal(clip({ durationSeconds: 0 }))).toMatchObject({ success: false });
    const list = await admin.list(`${C}/list?pageSize=100`);
    expect(list.filter((r) => r.title === '放学路上的危险')).toHaveLength(1);
  });

  it('checks the stored windows again when only the duration is shortened', async () => {
    const id = await admin.add(C, clip({ title: '缩短时长' }), `title=${encodeURIComponent('缩短时长')}`);
    const shorter = await admin.put(`${C}/edit`, { id, durationSeconds: 10 });
    expect(shorter.body).toMatchObject({ success: false, message: '第2条危险时段：结束时间不能超过视频时长' });
    const row = (await admin.get(`${C}/queryById?id=${id}`)).body.result;
    expect(row.durationSeconds).toBe(12);
    expect((await admin.put(`${C}/edit`, { id, durationSeconds: 11 })).body.success).toBe(true);
  });
});
