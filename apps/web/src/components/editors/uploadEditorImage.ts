// Editor images go through the common upload endpoint into the jeditor folder (spec/02 §7); its answer
// puts the stored path in `message`. Stored HTML points at /sys/common/view, which an <img> can load
// without the token header.
import { imageUrl } from '../../lib/files';
import { http } from '../../lib/http';
import { t } from '../../lib/i18n';

export const EDITOR_UPLOAD_URL = '/sys/common/upload';

/** Uploads one image and resolves to the address to show it under; failures are reported by the client. */
export async function uploadEditorImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('isup', '1');
  form.append('biz', 'jeditor');
  form.append('jeditor', '1');
  const answer = await http.raw.post<unknown>(EDITOR_UPLOAD_URL, form);
  if (!answer.message) throw new Error(t('上传失败'));
  return imageUrl(answer.message);
}

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}
