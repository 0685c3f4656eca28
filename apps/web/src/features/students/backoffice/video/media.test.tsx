import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/tree/testing';
import { sampleFile } from '../testing/assets';
import { formItem, typeInto } from '../testing/form';
import { useRealApi } from '../testing/realApi';
import PictureListPage from '../picture/PictureList.page';
import VideoListPage from './VideoList.page';

// real server and antd on a busy two-core machine: allow slow answers before failing
configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();

const dialogTitled = (title: string) => screen.getAllByRole('dialog').find((d) => within(d).queryByText(title))!;

describe('media pages (real server, real uploads)', () => {
  it('视频管理 uploads the file with a progress bar and keeps its path and size; the length is asked for when the browser cannot read it', async () => {
    api.signIn(['students:video:list', 'students:video:add']);
    renderWithProviders(<VideoListPage />);
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    await screen.findByText('新增视频');
    const dialog = dialogTitled('新增视频');
    typeInto(dialog, '标题', '安全过马路');
    const video = sampleFile('crossing.webm', 'video/webm');
    fireEvent.change(within(dialog).getByLabelText('视频文件'), { target: { files: [video] } });
    expect(await within(dialog).findByText('crossing.webm')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    // jsdom decodes no video: the form says so, and the editor types the length
    expect(await within(dialog).findByText('浏览器无法读取此视频的时长和画面，请手动填写时长、上传封面')).toBeInTheDocument();
    expect(within(formItem(dialog, '文件大小')).getByText('0.2 MB')).toBeInTheDocument();
    typeInto(dialog, '时长(秒)', '10');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    const saved = (await api.call('GET', '/students/video/list?pageNo=1&pageSize=10')).result.records[0];
    expect(saved).toMatchObject({ title: '安全过马路', durationSeconds: 10, fileSize: video.size });
    expect(saved.filePath).toMatch(/^students\/.*crossing.*\.webm$/);
    expect(await screen.findByRole('cell', { name: '0:10' })).toBeInTheDocument();
  }, 120_000);

  it('图片管理 keeps several uploaded images of a set in order', async () => {
    api.signIn(['students:picture:list', 'students:picture:add']);
    renderWithProviders(<PictureListPage />);
    fireEvent.click(await screen.findByText(/^新\s*增$/));
    await screen.findByText('新增图片');
    const dialog = dialogTitled('新增图片');
    typeInto(dialog, '标题', '过马路三步');
    const input = formItem(dialog, '图片').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [sampleFile('crossing-step-1.jpg', 'image/jpeg'), sampleFile('crossing-step-2.jpg', 'image/jpeg')] } });
    await waitFor(() => expect(formItem(dialog, '图片').querySelectorAll('.ant-upload-list-item-done')).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    const saved = (await api.call('GET', '/students/picture/list?pageNo=1&pageSize=10')).result.records[0];
    const images = String(saved.images).split(',');
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(/crossing-step-1/);
    expect(images[1]).toMatch(/crossing-step-2/);
  }, 120_000);
});
