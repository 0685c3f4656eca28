import { http } from '../http';
import { displayName, staticPath } from './paths';
import { saveBlob } from './saveBlob';

/** Downloads a stored file with the signed-in user's token and saves it under its display name. */
export async function downloadStored(path: string, name = displayName(path)): Promise<void> {
  const blob = await http.blob(staticPath(path));
  if (!blob.size) throw new Error('文件下载失败');
  saveBlob(blob, name);
}
