import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/tree/testing';
import { sampleFile } from '../testing/assets';
import { choose, formItem, typeInto } from '../testing/form';
import { useRealApi } from '../testing/realApi';
import CourseListPage from './CourseList.page';

// real server and antd on a busy two-core machine: allow slow answers before failing
configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();

const PERMS = ['list', 'add', 'edit', 'delete'].map((a) => `students:course:${a}`);
const dialogTitled = (title: string) => screen.getAllByRole('dialog').find((d) => within(d).queryByText(title))!;

describe('课程管理 page (real server)', () => {
  it('adds a chapter and a video lesson picked from the video list to a course; the lesson takes the video’s length', async () => {
    expect((await api.call('POST', '/students/course/add', { title: '过马路', category: 'traffic', gradeBand: '1' })).success).toBe(true);
    expect((await api.call('POST', '/students/video/add', { title: '斑马线', filePath: 'students/crossing.webm', durationSeconds: 95 })).success).toBe(true);
    api.signIn(PERMS);
    renderWithProviders(<CourseListPage />);
    const row = (await screen.findByRole('cell', { name: '过马路' })).closest('tr')!;
    expect(within(row).getByText('交通安全')).toBeInTheDocument();
    fireEvent.click(within(row).getByText('课程内容'));
    const drawer = (await screen.findByText('课程内容：过马路')).closest('.ant-drawer') as HTMLElement;
    // the two tables are named by headings of their own
    expect(within(drawer).getByRole('heading', { level: 3, name: '章节' })).toBeInTheDocument();
    expect(within(drawer).getByRole('heading', { level: 3, name: '课时' })).toBeInTheDocument();

    // a chapter
    const [addChapter, addLesson] = await within(drawer).findAllByText(/^新\s*增$/);
    fireEvent.click(addChapter);
    await screen.findByText('新增章节');
    typeInto(dialogTitled('新增章节'), '章节名称', '第一章 认识红绿灯');
    fireEvent.click(within(dialogTitled('新增章节')).getByRole('button', { name: /确\s*定/ }));
    // (the drawer is still sliding in for jsdom's accessibility queries: find cells by text)
    expect(await within(drawer).findByText('第一章 认识红绿灯', { selector: 'td' })).toBeInTheDocument();

    // a lesson in it showing the video
    fireEvent.click(addLesson);
    await screen.findByText('新增课时');
    const dialog = dialogTitled('新增课时');
    typeInto(dialog, '课时名称', '看懂斑马线');
    openSelectIn(formItem(dialog, '章节'));
    fireEvent.click(await screen.findByText('第一章 认识红绿灯', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(formItem(dialog, '内容')).getByRole('button', { name: /选\s*择/ }));
    await screen.findByText('选择视频');
    const picker = dialogTitled('选择视频');
    fireEvent.click(await within(picker).findByText('斑马线'));
    fireEvent.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(formItem(dialog, '时长(秒)')).getByRole('spinbutton')).toHaveValue('95'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(drawer).findByText('看懂斑马线', { selector: 'td' })).toBeInTheDocument();
    expect(within(drawer).getByText('1:35', { selector: 'td' })).toBeInTheDocument();

    const course = (await api.call('GET', '/students/course/list?pageNo=1&pageSize=10')).result.records[0];
    const lessons = (await api.call('GET', `/students/lesson/list?pageNo=1&pageSize=10&courseId=${course.id}`)).result.records;
    const chapters = (await api.call('GET', `/students/courseChapter/list?pageNo=1&pageSize=10&courseId=${course.id}`)).result.records;
    expect(chapters.map((c: { title: string }) => c.title)).toEqual(['第一章 认识红绿灯']);
    expect(lessons).toHaveLength(1);
    expect(lessons[0]).toMatchObject({ title: '看懂斑马线', kind: 'video', chapterId: chapters[0].id, durationSeconds: 95, mediaTitle: '斑马线' });
  }, 120_000);

  it('uploads a lesson’s picture set and video from the lesson form: each becomes a library item and the lesson’s choice', async () => {
    expect((await api.call('POST', '/students/course/add', { title: '防溺水', category: 'water', gradeBand: '1' })).success).toBe(true);
    api.signIn([...PERMS, 'students:picture:add', 'students:video:add']);
    renderWithProviders(<CourseListPage />);
    const row = (await screen.findByRole('cell', { name: '防溺水' })).closest('tr')!;
    fireEvent.click(within(row).getByText('课程内容'));
    const drawer = (await screen.findByText('课程内容：防溺水')).closest('.ant-drawer') as HTMLElement;
    const [, addLesson] = await within(drawer).findAllByText(/^新\s*增$/);

    // a picture set: two images, titled as the lesson
    fireEvent.click(addLesson);
    await screen.findByText('新增课时');
    const dialog = dialogTitled('新增课时');
    typeInto(dialog, '课时名称', '水边三不要');
    await choose(dialog, '类型', '图片');
    const pictures = await within(formItem(dialog, '内容')).findByLabelText('上传新图片');
    fireEvent.change(pictures, { target: { files: [sampleFile('crossing-step-1.jpg', 'image/jpeg'), sampleFile('crossing-step-2.jpg', 'image/jpeg')] } });
    expect(await within(dialog).findByText('已存入资源库：水边三不要')).toBeInTheDocument();
    await waitFor(() => expect(within(formItem(dialog, '内容')).getByDisplayValue('水边三不要')).toBeInTheDocument());
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(drawer).findAllByText('水边三不要', { selector: 'td' })).toHaveLength(2);
    const [set] = (await api.call('GET', '/students/picture/list?pageNo=1&pageSize=10&title=水边三不要')).result.records;
    expect(String(set.images).split(',')).toHaveLength(2);

    // a video: this browser (jsdom) reads no length, so the form asks for it first
    fireEvent.click(addLesson);
    await waitFor(() => expect(dialogTitled('新增课时')).toBeDefined());
    const again = dialogTitled('新增课时');
    typeInto(again, '课时名称', '溺水自救');
    const video = sampleFile('crossing.webm', 'video/webm');
    fireEvent.change(await within(formItem(again, '内容')).findByLabelText('上传新视频'), { target: { files: [video] } });
    expect(await within(again).findByText('浏览器无法读取此视频的时长，请先填写时长(秒)再上传')).toBeInTheDocument();
    typeInto(again, '时长(秒)', '30');
    fireEvent.change(within(formItem(again, '内容')).getByLabelText('上传新视频'), { target: { files: [video] } });
    expect(await within(again).findByText('已存入资源库：溺水自救')).toBeInTheDocument();
    fireEvent.click(within(again).getByRole('button', { name: /确\s*定/ }));
    expect(await within(drawer).findAllByText('溺水自救', { selector: 'td' })).toHaveLength(2);

    const course = (await api.call('GET', '/students/course/list?pageNo=1&pageSize=10&title=防溺水')).result.records[0];
    const lessons = (await api.call('GET', `/students/lesson/list?pageNo=1&pageSize=10&courseId=${course.id}`)).result.records;
    expect(lessons.map((l: { title: string; kind: string; mediaTitle: string; mediaId: string }) => [l.title, l.kind, l.mediaTitle])).toEqual(
      expect.arrayContaining([
        ['水边三不要', 'picture', '水边三不要'],
        ['溺水自救', 'video', '溺水自救'],
      ]),
    );
    const [clip] = (await api.call('GET', '/students/video/list?pageNo=1&pageSize=10&title=溺水自救')).result.records;
    expect(clip).toMatchObject({ durationSeconds: 30, fileSize: video.size, published: 0 });
  }, 120_000);
});

function openSelectIn(root: HTMLElement) {
  fireEvent.mouseDown(root.querySelector('.ant-select-selector')!);
}
