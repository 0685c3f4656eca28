import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { drag, installPointerEvent, layOutEditor, tap } from '../../../../components/hazard-regions/testing';
import { sampleFile } from '../testing/assets';
import { formItem, typeInto } from '../testing/form';
import { renderWithProviders } from '../../../../components/tree/testing';
import { useRealApi } from '../testing/realApi';
import DangerQuestionListPage from './DangerQuestionList.page';

// real server and antd on a busy two-core machine: allow slow answers before failing
configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();
beforeAll(installPointerEvent);

const PERMS = ['list', 'add', 'edit', 'delete'].map((a) => `students:dangerQuestion:${a}`);

describe('隐患排查题 page (real server)', () => {
  it('draws a polygon on a scene being edited and saves it with the regions already there, as fractions of the picture', async () => {
    const added = await api.call('POST', '/students/dangerQuestion/add', {
      title: '厨房',
      image: 'students/kitchen.png',
      imageWidth: 800,
      imageHeight: 400,
      requiredCount: 1,
      regions: [{ shape: 'rect', coords: { x: 0.1, y: 0.1, w: 0.2, h: 0.2 }, title: '插座进水', risk: '触电', fix: '擦干后再用' }],
    });
    expect(added.success).toBe(true);
    api.signIn(PERMS);
    renderWithProviders(<DangerQuestionListPage />);
    const row = (await screen.findByRole('cell', { name: '厨房' })).closest('tr')!;
    fireEvent.click(within(row).getByText('编辑'));
    await screen.findByText('编辑隐患排查题');
    const dialog = screen.getAllByRole('dialog').find((d) => within(d).queryByText('编辑隐患排查题'))!;
    expect(await within(dialog).findByText(/插座进水/)).toBeInTheDocument();

    // shown 400 × 200 px at (0, 0): the stored 800 × 400 picture at half size
    const canvas = layOutEditor(dialog, { left: 0, top: 0, width: 400, height: 200 });
    fireEvent.click(within(dialog).getByText('多边形'));
    tap(canvas, 200, 20);
    tap(canvas, 360, 180);
    tap(canvas, 200, 180);
    fireEvent.click(within(dialog).getByRole('button', { name: /完\s*成/ }));
    fireEvent.change(within(dialog).getByDisplayValue('隐患2'), { target: { value: '燃气灶无人看管' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('编辑成功!')).toBeInTheDocument();

    const id = (await api.call('GET', '/students/dangerQuestion/list?pageNo=1&pageSize=10')).result.records[0].id;
    const saved = await api.call('GET', `/students/dangerQuestion/queryById?id=${id}`);
    expect(saved.result.regions.map((r: { shape: string; title: string; coords: unknown }) => [r.shape, r.title, r.coords])).toEqual([
      ['rect', '插座进水', { x: 0.1, y: 0.1, w: 0.2, h: 0.2 }],
      ['polygon', '燃气灶无人看管', { points: [[0.5, 0.1], [0.9, 0.9], [0.5, 0.9]] }],
    ]);
    expect(saved.result).toMatchObject({ imageWidth: 800, imageHeight: 400, requiredCount: 1 });
  }, 90_000);

  it('refuses to save a new scene without any region, before calling the server', async () => {
    api.signIn(PERMS);
    renderWithProviders(<DangerQuestionListPage />);
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('请先上传隐患图片')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请至少标出一个隐患区域')).toBeInTheDocument();
    expect(await within(dialog).findByText('请上传隐患图片!')).toBeInTheDocument();
    await waitFor(() => expect(api.seen.some((s) => s.path === '/students/dangerQuestion/add')).toBe(false));
  }, 60_000);

  it('a new scene: the uploaded picture shows in the editor, its own size is recorded, a rectangle drawn on it is saved', async () => {
    api.signIn(PERMS);
    renderWithProviders(<DangerQuestionListPage />);
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    const dialog = await screen.findByRole('dialog');
    typeInto(dialog, '标题', '走廊');
    const input = formItem(dialog, '隐患图片').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [sampleFile('hazard-corridor.jpg', 'image/jpeg')] } });
    await waitFor(() => expect(dialog.querySelector('img[alt="隐患图片"]')).not.toBeNull());
    expect(dialog.querySelector('img[alt="隐患图片"]')!.getAttribute('src')).toMatch(/\/sys\/common\/view\/students\/.*hazard-corridor/);
    // the picture loads (its own size 960 × 640) and is shown 480 × 320
    const canvas = layOutEditor(dialog, { left: 10, top: 20, width: 480, height: 320 }, { width: 960, height: 640 });
    drag(canvas, [58, 52], [250, 180]);
    fireEvent.change(within(dialog).getByDisplayValue('隐患1'), { target: { value: '消防通道堆放杂物' } });
    fireEvent.change(within(dialog).getByPlaceholderText('整改：应当怎么做'), { target: { value: '清理杂物，保持通道畅通' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();

    const scene = (await api.call('GET', `/students/dangerQuestion/list?pageNo=1&pageSize=10&title=${encodeURIComponent('走廊')}`)).result.records[0];
    expect(scene).toMatchObject({ imageWidth: 960, imageHeight: 640, regionCount: 1 });
    expect(scene.image).toMatch(/^students\/.*hazard-corridor/);
    const detail = await api.call('GET', `/students/dangerQuestion/queryById?id=${scene.id}`);
    expect(detail.result.regions).toMatchObject([{ shape: 'rect', coords: { x: 0.1, y: 0.1, w: 0.4, h: 0.4 }, title: '消防通道堆放杂物', fix: '清理杂物，保持通道畅通' }]);
  }, 120_000);
});
