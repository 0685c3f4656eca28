// Shared pieces of the picker tests: the fake API's users, departments and roles, and DOM helpers.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { envelope, type ApiServer, type Seen } from '../../lib/testing/apiServer';

export const DEPARTS = [
  {
    key: 'd1',
    id: 'd1',
    title: '总公司',
    departName: '总公司',
    orgCode: 'A01',
    isLeaf: false,
    children: [
      { key: 'd2', id: 'd2', title: '研发部', departName: '研发部', orgCode: 'A01A01', isLeaf: true },
      { key: 'd3', id: 'd3', title: '市场部', departName: '市场部', orgCode: 'A01A02', isLeaf: true },
    ],
  },
];

export const USERS = [
  { id: 'u1', username: 'zhangsan', realname: '张三', sex: 1, sex_dictText: '男', orgCodeTxt: '总公司' },
  { id: 'u2', username: 'lisi', realname: '李四', sex: 2, sex_dictText: '女', orgCodeTxt: '研发部' },
  { id: 'u3', username: 'wangwu', realname: '王五', sex: 2, sex_dictText: '女', orgCodeTxt: '研发部' },
];

export const page = (records: unknown[], total = records.length) => envelope({ records, total, size: 10, current: 1, pages: 1 });

/** The latest request to `path` (waiting for it). */
export async function lastCall(api: ApiServer, path: string, where: (s: Seen) => boolean = () => true): Promise<Seen> {
  let hit: Seen | undefined;
  await waitFor(() => {
    hit = api.seen.filter((s) => s.path === path && where(s)).at(-1);
    expect(hit).toBeTruthy();
  });
  return hit!;
}

export const dialog = (title: string) => screen.getByText(title, { selector: '.ant-modal-title' }).closest('.ant-modal') as HTMLElement;
/** The button of `scope` whose text is `label` (antd spaces two-character labels: 确 定). Role queries are slow over antd's DOM. */
export function button(scope: HTMLElement, label: string): HTMLElement {
  const wanted = label.replace(/\s/g, '');
  const hit = [...scope.querySelectorAll('button')].find((b) => (b.textContent ?? '').replace(/\s/g, '') === wanted);
  if (!hit) throw new Error(`no button ${label}`);
  return hit;
}
export const okOf = (modal: HTMLElement) => button(modal, '确定');
export const cancelOf = (modal: HTMLElement) => button(modal, '取消');

/** The selection checkbox (or radio) of the table row showing `text`. */
export function rowPicker(scope: HTMLElement, text: string): HTMLElement {
  const row = within(scope).getByText(text).closest('tr') as HTMLElement;
  return row.querySelector('input[type="checkbox"], input[type="radio"]') as HTMLElement;
}

/** Opens an antd Select labelled `label` and clicks the option `option`. */
export async function choose(scope: HTMLElement, label: string, option: string) {
  const input = scope.querySelector(`[aria-label="${label}"]`) as HTMLElement;
  fireEvent.mouseDown(input.closest('.ant-select')!.querySelector('.ant-select-selector')!);
  const items = await screen.findAllByTitle(option);
  const open = items.filter((el) => el.classList.contains('ant-select-item-option') && !el.closest('.ant-select-dropdown-hidden'));
  fireEvent.click(open.at(-1) ?? items[0]);
}

/** Opens the page-size changer of the table in `scope` and answers the sizes it offers. */
export async function pageSizeOptions(scope: HTMLElement): Promise<string[]> {
  fireEvent.mouseDown(scope.querySelector('.ant-pagination-options .ant-select-selector')!);
  let titles: string[] = [];
  await waitFor(() => {
    titles = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.getAttribute('title') ?? '');
    expect(titles.length).toBeGreaterThan(0);
  });
  return titles;
}
