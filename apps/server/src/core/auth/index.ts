export { hashPassword, verifyPassword, randomPassword, UNUSABLE_HASH } from './password';
export { signJwt, verifyJwt, type TokenClaims } from './jwt';
export { DbTokenStore, type TokenStore, type TokenRecord } from './token-store';
export { TokenService } from './tokens';
export { loadInstallSecret } from './install-secret';
export { CaptchaService, randomCaptchaText, CAPTCHA_TTL_MS, type CaptchaTextSource, type CaptchaCheck } from './captcha';
export { LoginAttempts, LOCK_AFTER_FAILURES, LOCK_MS, type AttemptKey } from './login-attempts';
export { readTransportPassword } from './transport-password';
