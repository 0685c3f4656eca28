import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/tree/testing';
import { formItem } from '../testing/form';
import { useRealApi } from '../testing/realApi';
import ActivityListPage from './ActivityList.page';

// real server and antd on a busy two-core machine: allow slow answers before failing
configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();

const PERMS = ['list', 'add', 'edit', 'delete'].map((a) => `students:activity:${a}`);
const dialogTitled = (title: string) => screen.getAllByRole('dialog').find((d) => within(d).queryByText(title))!;

async function pick(dialog: HTMLElement, label: string, title: string, names: string[]) {
  fireEvent.click(within(formItem(dialog, label)).getByRole('button', { name: /选\s*择/ }));
  await screen.findByText(title);
  const picker = dialogTitled(title);
  for (const n of names) fireEvent.click(await within(picker).findByText(n));
  fireEvent.click(within(picker).getByRole('button', { name: /确\s*定/ }));
}

describe('专题活动 page (real server)', () => {
  it('assigns lessons and a class to an activity; its dates come back unchanged', async () => {
    const course = await api.call('POST', '/students/course/add', { title: '防溺水' });
    const courseId = (await api.call('GET', '/students/course/list?pageNo=1&pageSize=1')).result.records[0].id;
    expect(course.success).toBe(true);
    for (const title of ['不去野外游泳', '遇到同伴落水怎么办']) {
      expect((await api.call('POST', '/students/lesson/add', { courseId, title, kind: 'article', content: `<p>${title}</p>`, durationSeconds: 60 })).success).toBe(true);
    }
    expect((await api.call('POST', '/students/class/add', { name: '四年级一班' })).success).toBe(true);
    expect((await api.call('POST', '/students/activity/add', { title: '暑期防溺水专题', startTime: '2026-07-01 08:00:00', endTime: '2026-07-31 20:00:00' })).success).toBe(true);

    api.signIn(PERMS);
    renderWithProviders(<ActivityListPage />);
    const row = (await screen.findByRole('cell', { name: '暑期防溺水专题' })).closest('tr')!;
    fireEvent.click(within(row).getByText('编辑'));
    await screen.findByText('编辑专题活动');
    const dialog = dialogTitled('编辑专题活动');
    expect(await within(dialog).findByDisplayValue('2026-07-01 08:00:00')).toBeInTheDocument();
    await pick(dialog, '课时', '选择课时', ['遇到同伴落水怎么办', '不去野外游泳']);
    await pick(dialog, '参与班级', '选择班级', ['四年级一班']);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('编辑成功!')).toBeInTheDocument();

    const id = (await api.call('GET', '/students/activity/list?pageNo=1&pageSize=10')).result.records[0].id;
    const detail = (await api.call('GET', `/students/activity/queryById?id=${id}`)).result;
    expect(detail.lessons.map((l: { title: string }) => l.title)).toEqual(['遇到同伴落水怎么办', '不去野外游泳']);
    expect(detail.classes.map((c: { name: string }) => c.name)).toEqual(['四年级一班']);
    expect(detail).toMatchObject({ startTime: '2026-07-01 08:00:00', endTime: '2026-07-31 20:00:00', published: 0 });
  }, 120_000);
});
