// What the content tests share: calls as a user, spreadsheets in and out. Used by *.test.ts only.
import ExcelJS from 'exceljs';
import { apiCall, auth, type HttpMethod, type TestApp } from '../../../../test/helpers/test-app';

export function caller(t: TestApp, token: string) {
  const call = (method: HttpMethod, url: string, payload?: unknown) => apiCall(t.app, token, method, url, payload);
  return {
    call,
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown) => call('POST', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
    del: (url: string) => call('DELETE', url),
    /** the records of a list call */
    async list(url: string) {
      const res = await call('GET', url);
      if (!res.body.success) throw new Error(`${url}: ${res.body.message}`);
      return res.body.result.records as any[];
    },
    /** adds and answers the new row's id, found by a unique-enough filter */
    async add(path: string, payload: Record<string, unknown>, findBy: string) {
      const res = await call('POST', `${path}/add`, payload);
      if (!res.body.success) throw new Error(`${path}/add: ${res.body.message}`);
      const rows = await this.list(`${path}/list?${findBy}`);
      if (rows.length !== 1) throw new Error(`${path}: ${rows.length} rows for ${findBy}`);
      return rows[0].id as string;
    },
  };
}

export async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The rows of the first sheet of a workbook (header included), without exceljs' leading empty cell. */
export async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as any);
  return (wb.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
}

export function multipart(file: Buffer, filename: string, token: string) {
  const boundary = '----anxue' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
