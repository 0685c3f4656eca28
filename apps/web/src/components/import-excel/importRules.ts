// What the import dialog accepts and how it names the partial-success case.
export const ONLY_EXCEL = '只能上传.xls或.xlsx格式的文件';
export const PARTIAL_TITLE = '导入成功,但是有错误数据!';

export interface ImportErrorResult {
  msg?: string;
  fileUrl?: string;
  fileName?: string;
}

export function isExcelFile(name: string): boolean {
  return /\.(xls|xlsx)$/i.test(name);
}
