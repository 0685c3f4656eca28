import type { FastifyReply, FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CODE_IMPORT_PARTIAL } from '@anxue/shared';
import type { RequestUser } from '../../../core/access';
import type { Db } from '../../../core/db';
import { readSpreadsheet, writeXlsx, xlsxBuffer, cellText, type SheetColumn } from '../../../core/excel';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import type { FileStorage } from '../../../core/storage/types';
import { addDepart, allDeparts, type DepartRow } from './depart-admin';

// The department sheet of the original (SysDepartExportVo): a department is placed by its path of names
// (研发部/研发一部); its org code follows from that place. On import the code is always generated under the
// parent, as adding through the page does, so codes stay unique and encode the tree whatever the sheet says.

const CATEGORY_TEXT: Record<string, string> = { '1': '公司', '2': '部门', '3': '岗位' };
const CATEGORY_VALUE: Record<string, string> = { 公司: '1', 部门: '2', 岗位: '3', '1': '1', '2': '2', '3': '3' };

const COLUMNS: SheetColumn[] = [
  { field: 'departNameUrl', title: '部门路径', width: 50 },
  { field: 'departName', title: '部门名称', width: 30 },
  { field: 'departNameEn', title: '英文名' },
  { field: 'departOrder', title: '排序' },
  { field: 'description', title: '描述' },
  { field: 'orgCategory', title: '机构类别' },
  { field: 'orgCode', title: '机构编码' },
  { field: 'mobile', title: '手机号' },
  { field: 'fax', title: '传真' },
  { field: 'address', title: '地址' },
  { field: 'memo', title: '备注' },
];
const MAX_IMPORT_ROWS = 5000;
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** Every department with its path of names, parents before their children. */
function withPaths(rows: DepartRow[]): Array<DepartRow & { departNameUrl: string }> {
  const ids = new Set(rows.map((r) => r.id));
  const kids = new Map<string | null, DepartRow[]>();
  for (const r of rows) {
    const p = r.parentId && ids.has(r.parentId) ? r.parentId : null;
    kids.set(p, [...(kids.get(p) ?? []), r]);
  }
  const out: Array<DepartRow & { departNameUrl: string }> = [];
  const walk = (parent: string | null, path: string[]) => {
    for (const r of kids.get(parent) ?? []) {
      const mine = [...path, r.departName];
      out.push({ ...r, departNameUrl: mine.join('/') });
      walk(r.id, mine);
    }
  };
  walk(null, []);
  return out;
}

/** The caller's tenant's departments (or the selected ones) as the original's sheet. */
export async function exportDeparts(reply: FastifyReply, rows: DepartRow[], selections: string[]) {
  const chosen = new Set(selections);
  const list = withPaths(rows)
    .filter((r) => !chosen.size || chosen.has(r.id))
    .map((r) => ({ ...r, orgCategory: CATEGORY_TEXT[r.orgCategory] ?? r.orgCategory }));
  const body = new PassThrough();
  reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent('部门列表.xlsx')}`)
    .header('X-Content-Type-Options', 'nosniff');
  writeXlsx(body, COLUMNS, list, '部门列表').catch((err) => body.destroy(err));
  return reply.send(body);
}

type SheetDepart = { rowNumber: number; values: Record<string, string> };

/** Reads the uploaded sheets and adds their departments, each under the parent its path names. */
export async function importDeparts(req: FastifyRequest, db: Db, storage: FileStorage, caller: RequestUser) {
  if (!req.isMultipart()) throw new BizError('请上传 Excel 文件');
  const dir = await mkdtemp(join(tmpdir(), 'depart-import-'));
  try {
    const sheets: SheetDepart[] = [];
    let files = 0;
    for await (const part of req.files({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } })) {
      files++;
      const path = join(dir, `upload-${files}`);
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw new BizError(`文件 ${part.filename} 超过 ${MAX_IMPORT_BYTES / 1024 / 1024}MB`, { status: 413 });
      if (!/\.(xlsx|xls)$/i.test(part.filename)) throw new BizError(`文件 ${part.filename} 不是 .xls 或 .xlsx 文件`);
      sheets.push(...(await readDepartSheet(path)));
    }
    if (!files) throw new BizError('请上传 Excel 文件');
    return await addSheetDeparts(db, storage, caller, sheets);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function readDepartSheet(path: string): Promise<SheetDepart[]> {
  const sheet = await readSpreadsheet(path);
  try {
    const byTitle = new Map(COLUMNS.map((c) => [c.title, c.field]));
    const fields = sheet.header.map((h) => byTitle.get(String(h).trim()));
    if (!fields.includes('departNameUrl') && !fields.includes('departName')) throw new BizError('Excel 缺少必填列：部门路径或部门名称');
    const out: SheetDepart[] = [];
    for await (const row of sheet.rows) {
      const values: Record<string, string> = {};
      fields.forEach((f, i) => {
        if (f) values[f] = row.cells[i] == null ? '' : (cellText(String(row.cells[i])) ?? '');
      });
      if (!Object.values(values).some(Boolean)) continue;
      if (out.length >= MAX_IMPORT_ROWS) throw new BizError(`一次最多导入 ${MAX_IMPORT_ROWS} 个部门`);
      out.push({ rowNumber: row.rowNumber, values });
    }
    return out;
  } finally {
    await sheet.close();
  }
}

async function addSheetDeparts(db: Db, storage: FileStorage, caller: RequestUser, sheet: SheetDepart[]) {
  const existing = withPaths(await allDeparts(db, caller));
  const byPath = new Map(existing.map((r) => [r.departNameUrl, r.id]));
  const errors: Array<{ row: number; message: string }> = [];
  const segmentsOf = (s: SheetDepart) => (s.values.departNameUrl || s.values.departName || '').split('/').map((p) => p.trim());
  // parents first, as the original sorts by the depth of the path
  const ordered = [...sheet].sort((a, b) => segmentsOf(a).length - segmentsOf(b).length || a.rowNumber - b.rowNumber);
  let imported = 0;
  for (const s of ordered) {
    const segments = segmentsOf(s);
    const name = segments[segments.length - 1];
    const fail = (message: string) => errors.push({ row: s.rowNumber, message: `第 ${s.rowNumber} 行：${message}` });
    if (segments.some((p) => !p)) { fail('部门路径不正确，请用 / 分隔各级部门名称'); continue; }
    if (s.values.departName && s.values.departName !== name) { fail(`部门名称“${s.values.departName}”须是部门路径的最后一级`); continue; }
    const path = segments.join('/');
    if (byPath.has(path)) { fail(`部门“${path}”已存在`); continue; }
    const parentPath = segments.slice(0, -1).join('/');
    const parentId = parentPath ? byPath.get(parentPath) : null;
    if (parentId === undefined) { fail(`上级部门“${parentPath}”不存在`); continue; }
    const category = s.values.orgCategory ? CATEGORY_VALUE[s.values.orgCategory] : parentId ? '2' : '1';
    if (!category) { fail(`机构类别“${s.values.orgCategory}”不正确，只能是公司、部门或岗位`); continue; }
    const order = s.values.departOrder ? Number(s.values.departOrder) : 0;
    if (!Number.isInteger(order) || order < 0 || order > 99999) { fail('排序须是 0 到 99999 的整数'); continue; }
    const text = (v: string | undefined, max: number) => (v ? v.slice(0, max) : null);
    if (name.length > 100) { fail('部门名称不能超过 100 个字符'); continue; }
    try {
      const row = await addDepart(
        db,
        caller.username,
        {
          parentId,
          departName: name,
          departNameEn: text(s.values.departNameEn, 500),
          departOrder: order,
          description: text(s.values.description, 500),
          orgCategory: category as '1' | '2' | '3',
          mobile: text(s.values.mobile, 32),
          fax: text(s.values.fax, 32),
          address: text(s.values.address, 100),
          memo: text(s.values.memo, 500),
        },
        caller,
      );
      byPath.set(path, row.id);
      imported++;
    } catch (err) {
      fail((err as Error).message);
    }
  }
  if (!imported && !errors.length) throw new BizError('导入失败：文件中没有数据行');
  if (!errors.length) return ok(null, `共${imported}行数据全部导入成功！`);
  errors.sort((a, b) => a.row - b.row);
  const total = imported + errors.length;
  const report = await xlsxBuffer([{ field: 'row', title: '行号' }, { field: 'message', title: '错误信息', width: 60 }], errors, '错误信息');
  const fileName = '部门导入错误信息.xlsx';
  const fileUrl = await storage.save('import-errors', fileName, report);
  const msg = `总上传行数：${total}，已导入行数：${imported}，错误行数：${errors.length}`;
  const result = { totalCount: total, errorCount: errors.length, successCount: imported, msg, fileUrl, fileName };
  if (!imported) return { success: false, message: `导入失败：共${total}行，成功0行，失败${errors.length}行`, code: 500, result, timestamp: Date.now() };
  return { success: true, message: '文件导入成功，但有错误。', code: CODE_IMPORT_PARTIAL, result, timestamp: Date.now() };
}
