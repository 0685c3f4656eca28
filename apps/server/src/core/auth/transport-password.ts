import { createDecipheriv } from 'node:crypto';

// The original's Vue 3 client (jeecgboot-vue3 3.9, src/utils/cipher.ts) sends the sign-in password
// AES-128-CBC encrypted (PKCS7, base64) under a key and IV written in its public source. That is
// transport obfuscation, not security: anyone can read the constants, so TLS is what protects the
// password. We undo it so that client can sign in; our own web app sends the password as typed.
const CLIENT_AES_KEY = Buffer.from('1234567890adbcde', 'utf8');
const CLIENT_AES_IV = Buffer.from('1234567890hjlkew', 'utf8');
const BASE64_BLOCKS = /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The password as the user typed it: decrypted when it is that client's AES form, else as sent. A
 * typed password is taken for ciphertext only if it is base64 of whole AES blocks that decrypt with
 * valid padding to text without control characters, which a real password practically never is.
 */
export function readTransportPassword(sent: string): string {
  if (sent.length < 24 || !BASE64_BLOCKS.test(sent)) return sent;
  const bytes = Buffer.from(sent, 'base64');
  if (bytes.length % 16 !== 0) return sent;
  try {
    const decipher = createDecipheriv('aes-128-cbc', CLIENT_AES_KEY, CLIENT_AES_IV);
    const plain = Buffer.concat([decipher.update(bytes), decipher.final()]);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(plain);
    // eslint-disable-next-line no-control-regex
    return text && !/[\u0000-\u001f\u007f]/.test(text) ? text : sent;
  } catch {
    return sent;
  }
}
