import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets at rest (data source passwords, third-party client secrets): AES-256-GCM under a key derived
// (HKDF-SHA256) from the install secret with a purpose of its own, so a copied database without that
// secret's row — or another install — cannot read them, and one purpose's key never opens another's.
// The row's id is bound as associated data: a ciphertext moved onto another row does not open.

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Answered in place of a stored secret; sent back unchanged it means "keep the stored one". */
export const SECRET_MASK = '******';

export class SecretBox {
  private readonly key: Buffer;

  /** `salt` and `info` name the purpose (HKDF); each kind of secret has its own pair. */
  constructor(installSecret: string, salt: string, info: string) {
    this.key = Buffer.from(hkdfSync('sha256', installSecret, salt, info, 32));
  }

  seal(secret: string, rowId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(rowId));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The secret, or null when the text was not sealed by this install for this row and purpose. */
  open(sealed: string, rowId: string): string | null {
    const [version, data] = sealed.split(':', 2);
    if (version !== VERSION || !data) return null;
    const raw = Buffer.from(data, 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(rowId));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
