import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/tree/testing';
import { formItem, typeInto } from '../testing/form';
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
});

function openSelectIn(root: HTMLElement) {
  fireEvent.mouseDown(root.querySelector('.ant-select-selector')!);
}
