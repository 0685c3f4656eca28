import { createCipheriv } from 'node:crypto';

// What the original platform's Vue 3 client (jeecgboot-vue3 3.9) does to a password before it posts
// it: AES-128-CBC, PKCS7, base64, under the key and IV written in its src/utils/cipher.ts.
export function encryptLikeOriginalClient(password: string): string {
  const cipher = createCipheriv('aes-128-cbc', Buffer.from('1234567890adbcde'), Buffer.from('1234567890hjlkew'));
  return Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]).toString('base64');
}
