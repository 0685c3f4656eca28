import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../../test/helpers/test-app';
import { caller } from './testing';

// 隐患排查题: regions by shape, coordinates as fractions of the image, counts.
let t: TestApp;
let admin: ReturnType<typeof caller>;
const D = '/students/dangerQuestion';

const scene = (extra: Record<string, unknown> = {}) => ({
  title: '厨房里的隐患',
  image: 'hazard/kitchen.jpg',
  imageWidth: 1200,
  imageHeight: 800,
  requiredCount: 2,
  timeLimitSeconds: 90,
  hintsAllowed: 1,
  wrongPenalty: 10,
  category: 'home',
  regions: [
    { shape: 'rect', coords: { x: 0.1, y: 0.2, w: 0.2, h: 0.1 }, title: '插线板靠近水池', risk: '触电', fix: '移开插线板' },
    { shape: 'circle', coords: { cx: 0.5, cy: 0.5, r: 0.05 }, title: '锅无人看管', risk: '起火', fix: '关火再离开' },
    { shape: 'polygon', coords: JSON.stringify({ points: [[0.7, 0.7], [0.9, 0.7], [0.8, 0.95]] }), title: '刀放在桌边', risk: null, fix: '刀放回刀架' },
  ],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = caller(t, await login(t.app));
});
afterAll(() => t.close());

describe('danger questions', () => {
  it('adds a scene with its regions; queryById answers them with parsed coordinates', async () => {
    const id = await admin.add(D, scene(), `title=${encodeURIComponent('厨房里的隐患')}`);
    const got = (await admin.get(`${D}/queryById?id=${id}`)).body.result;
    expect(got).toMatchObject({ title: '厨房里的隐患', imageWidth: 1200, requiredCount: 2, hitScore: 100, category_dictText: '居家安全', regionCount: 3 });
    expect(got.regions.map((r: any) => [r.shape, r.coords, r.title])).toEqual([
      ['rect', { x: 0.1, y: 0.2, w: 0.2, h: 0.1 }, '插线板靠近水池'],
      ['circle', { cx: 0.5, cy: 0.5, r: 0.05 }, '锅无人看管'],
      ['polygon', { points: [[0.7, 0.7], [0.9, 0.7], [0.8, 0.95]] }, '刀放在桌边'],
    ]);
  });

  it('refuses regions outside the picture, short polygons, missing titles and too many required finds', async () => {
    const one = (region: Record<string, unknown>) => ({ regions: [region], requiredCount: 0 });
    const cases: Array<[Record<string, unknown>, string]> = [
      [one({ shape: 'rect', coords: { x: 1.2, y: 0.1, w: 0.1, h: 0.1 }, title: 'x' }), '第1条隐患区域：坐标必须是0到1之间的比例'],
      [one({ shape: 'rect', coords: { x: 0.9, y: 0.1, w: 0.2, h: 0.1 }, title: 'x' }), '第1条隐患区域：矩形超出了图片范围'],
      [one({ shape: 'circle', coords: { cx: 0.5, cy: -0.1, r: 0.1 }, title: 'x' }), '第1条隐患区域：坐标必须是0到1之间的比例（半径按图片宽度计）'],
      [one({ shape: 'polygon', coords: { points: [[0.1, 0.1], [0.2, 0.2]] }, title: 'x' }), '第1条隐患区域：多边形至少要有3个点'],
      [one({ shape: 'polygon', coords: { points: [[0.1, 0.1], [0.2, 0.2], [0.3, 1.5]] }, title: 'x' }), '第1条隐患区域：坐标必须是0到1之间的比例'],
      [one({ shape: 'star', coords: {}, title: 'x' }), '第1条隐患区域：形状只能是矩形、圆形或多边形'],
      [one({ shape: 'rect', coords: { x: 0.1, y: 0.1, w: 0.1, h: 0.1 }, title: ' ' }), '第1条隐患区域：标题不能为空'],
      [one({ shape: 'rect', coords: '{x:', title: 'x' }), '第1条隐患区域：坐标格式不正确'],
      [{ regions: [] }, '至少要标出一个隐患区域'],
      [{ requiredCount: 4 }, '需找出的隐患数（4）不能多于隐患区域数（3）'],
      [{ imageWidth: 0 }, '图片宽度必须大于0'],
      [{ image: '' }, '图片不能为空'],
    ];
    for (const [extra, message] of cases) {
      const res = await admin.post(`${D}/add`, scene({ ...extra, title: '坏场景' }));
      expect(res.status).toBe(200);
      expect(res.body, message).toMatchObject({ success: false, message });
    }
    expect(await admin.list(`${D}/list?title=${encodeURIComponent('坏场景')}`)).toEqual([]);
  });

  it('an edit replaces the regions as a whole; an edit without regions keeps them and checks the required count', async () => {
    const id = (await admin.list(`${D}/list?title=${encodeURIComponent('厨房里的隐患')}`))[0].id;
    expect((await admin.put(`${D}/edit`, { id, requiredCount: 5 })).body).toMatchObject({ success: false, message: '需找出的隐患数（5）不能多于隐患区域数（3）' });
    const edit = await admin.put(`${D}/edit`, { id, requiredCount: 1, regions: [{ shape: 'circle', coords: { cx: 0.2, cy: 0.2, r: 0.1 }, title: '只剩这一处' }] });
    expect(edit.body.success).toBe(true);
    const got = (await admin.get(`${D}/queryById?id=${id}`)).body.result;
    expect(got.regions.map((r: any) => r.title)).toEqual(['只剩这一处']);
    expect(await t.db.selectFrom('stuHazardRegion').select('id').where('sceneId', '=', id).execute()).toHaveLength(1);
  });
});
