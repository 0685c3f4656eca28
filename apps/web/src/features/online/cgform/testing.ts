// What the online form tests against the real server share: the designer's codes, a field as the designer
// sends it, and a form added and synced through the designer's calls.
import { expect } from 'vitest';
import type { RealApi } from '../../students/backoffice/testing/realApi';

/** The codes of Online表单开发 (the designer's list and its buttons). */
export const DESIGNER_CODES = ['list', 'add', 'edit', 'delete', 'sync', 'copy'].map((a) => `online:cgform:${a}`);

/** A text field as the designer sends it; `id` is the key, hidden on the form and the list. */
export const formField = (name: string, txt: string, extra: Record<string, unknown> = {}) => ({
  dbFieldName: name,
  dbFieldTxt: txt,
  dbType: 'string',
  dbLength: name === 'id' ? 36 : 100,
  dbIsKey: name === 'id' ? '1' : '0',
  dbIsNull: name === 'id' ? '0' : '1',
  isShowForm: name === 'id' ? '0' : '1',
  isShowList: name === 'id' ? '0' : '1',
  fieldShowType: 'text',
  ...extra,
});

/** Adds the form, syncs its table, and answers its id. */
export async function defineSyncedForm(api: RealApi, head: Record<string, unknown>, fields: Record<string, unknown>[]): Promise<string> {
  const added = await api.call('POST', '/online/cgform/api/addAll', { head, fields, indexs: [], deleteFieldIds: [], deleteIndexIds: [] });
  expect(added.success, added.message).toBe(true);
  const list = await api.call('GET', `/online/cgform/head/list?tableName=${head.tableName}`);
  const id = list.result.records.find((r: { tableName: string }) => r.tableName === head.tableName).id as string;
  const synced = await api.call('POST', `/online/cgform/api/doDbSynch/${id}/normal`);
  expect(synced.success, synced.message).toBe(true);
  return id;
}
