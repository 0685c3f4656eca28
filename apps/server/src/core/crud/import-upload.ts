import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CODE_IMPORT_PARTIAL, type ApiResult } from '@anxue/shared';
import { ok } from '../http/envelope';
import { BizError } from '../errors';
import type { FileStorage } from '../storage/types';

/** Largest spreadsheet an import accepts. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

export interface SheetImport {
  total: number;
  imported: number;
  failed: { length: number };
  /** The rows refused, with their reasons, as an .xlsx for the user to download. */
  errorFile(): Promise<Buffer>;
}

/**
 * An import request's files (multipart, up to five .xls/.xlsx), each handed to `importSheet`, and the answer
 * every import of the platform gives: all written; some rows refused (code 201 with the error file); or
 * nothing written (导入失败, with the counts and the error file). Uploads are kept in a temporary folder
 * removed afterwards.
 */
export async function importUploadedSheets(
  req: FastifyRequest,
  storage: FileStorage,
  label: string,
  importSheet: (path: string) => Promise<SheetImport>,
): Promise<ApiResult<unknown>> {
  if (!req.isMultipart()) throw new BizError('请上传 Excel 文件');
  const dir = await mkdtemp(join(tmpdir(), 'import-'));
  try {
    const messages: string[] = [];
    let report: { fileUrl: string; fileName: string; msg: string } | undefined;
    let files = 0;
    let imported = 0;
    for await (const part of req.files({ limits: { fileSize: MAX_IMPORT_BYTES, files: 5 } })) {
      files++;
      const path = join(dir, `upload-${files}`);
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw new BizError(`文件 ${part.filename} 超过 ${MAX_IMPORT_BYTES / 1024 / 1024}MB`, { status: 413 });
      if (!/\.(xlsx|xls)$/i.test(part.filename)) throw new BizError(`文件 ${part.filename} 不是 .xls 或 .xlsx 文件`);
      const outcome = await importSheet(path);
      imported += outcome.imported;
      messages.push(`文件导入完成，共${outcome.total}行，成功${outcome.imported}行，失败${outcome.failed.length}行`);
      if (outcome.failed.length) {
        const fileName = `${label}导入错误信息.xlsx`;
        const fileUrl = await storage.save('import-errors', fileName, await outcome.errorFile());
        report = { fileUrl, fileName, msg: `总上传行数：${outcome.total}，已导入行数：${outcome.imported}，错误行数：${outcome.failed.length}` };
      }
    }
    if (!files) throw new BizError('请上传 Excel 文件');
    // Nothing written is a failure, whatever the reason (issue 19): never 导入成功 over an unchanged table.
    if (!imported) return { success: false, message: `导入失败：${messages.join('；')}`, code: 500, result: report ?? null, timestamp: Date.now() };
    if (report) return { success: true, message: messages.join('；'), code: CODE_IMPORT_PARTIAL, result: report, timestamp: Date.now() };
    return ok(null, messages.join('；'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
