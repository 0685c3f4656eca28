import { SECRET_MASK, SecretBox } from '../../core/auth/secret-box';

// Data source passwords at rest: sealed by the shared SecretBox (core/auth/secret-box.ts, AES-256-GCM
// under a key derived from the install secret) with the data-source purpose; the row id is bound.

/** Answered in place of a stored password; sent back unchanged it means "keep the stored one". */
export const PASSWORD_MASK = SECRET_MASK;

export class PasswordBox extends SecretBox {
  constructor(installSecret: string) {
    super(installSecret, 'anxue.datasource', 'db-password v1');
  }
}
