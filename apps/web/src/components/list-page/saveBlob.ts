export { saveBlob } from '../../lib/files/saveBlob';

/** The extension that matches what the server sent (the original names exports .xls). */
export function excelExtension(blob: Blob): string {
  return /spreadsheetml/i.test(blob.type) ? '.xlsx' : '.xls';
}
