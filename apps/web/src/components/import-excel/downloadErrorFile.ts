// The rejected-rows file sits behind the token, so it is fetched through the client and saved.
import { message } from '../../lib/antd/static';
import { http } from '../../lib/http';
import { saveBlob } from '../list-page/saveBlob';
import type { ImportErrorResult } from './importRules';
import { t } from '../../lib/i18n';

export async function downloadErrorFile(result: ImportErrorResult): Promise<void> {
  if (!result.fileUrl) return;
  try {
    const path = result.fileUrl.replace(/^\/+/, '');
    const blob = await http.blob(`/sys/common/static/${path}`, undefined, { silent: true });
    if (!blob.size) throw new Error('empty');
    saveBlob(blob, result.fileName || path.split('/').pop() || t('错误数据.xlsx'));
  } catch {
    void message.warning(t('文件下载失败'));
  }
}
