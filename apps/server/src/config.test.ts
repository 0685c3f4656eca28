import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ INIT_CWD: '/somewhere' });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: join(REPO_ROOT, 'data'),
      sqliteFile: join(REPO_ROOT, 'data', 'app.db'),
      apiBase: '/api',
      loginCaptcha: true,
      sampleContent: true,
      appTitle: '安学云',
      webDist: join(REPO_ROOT, 'apps/web/dist'),
      logLevel: 'info',
      uploadMaxBytes: 10 * 1024 * 1024,
      uploadVideoMaxBytes: 200 * 1024 * 1024,
      apiDocs: 'off',
      trustProxy: false,
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.adminPassword).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.storage).toEqual({ driver: 'local' });
  });

  it('reads the S3 storage settings and requires bucket and keys for the s3 driver', () => {
    const c = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'cn-north-1',
      S3_BUCKET: 'anxue-files',
      S3_ACCESS_KEY: 'ak',
      S3_SECRET_KEY: 'sk',
      S3_FORCE_PATH_STYLE: 'off',
    });
    expect(c.storage).toEqual({
      driver: 's3',
      s3: { endpoint: 'http://127.0.0.1:9000', region: 'cn-north-1', bucket: 'anxue-files', accessKeyId: 'ak', secretAccessKey: 'sk', forcePathStyle: false },
    });
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 's' }).storage).toMatchObject({
      s3: { region: 'us-east-1', forcePathStyle: true, endpoint: undefined },
    });
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b-1' })).toThrow(/S3_ACCESS_KEY: required when STORAGE_DRIVER is s3[\s\S]*S3_SECRET_KEY/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
    // S3 settings alone do not switch the driver
    expect(loadConfig({ S3_BUCKET: 'b-1' }).storage).toEqual({ driver: 'local' });
  });

  it('reads every variable; relative paths from the directory npm was started in', () => {
    const c = loadConfig({
      INIT_CWD: '/repo',
      PORT: '9090',
      HOST: '127.0.0.1',
      DATA_DIR: './var',
      DATABASE_URL: 'postgres://u@h/db',
      API_BASE: '/backend/api',
      ADMIN_PASSWORD: 'long-enough',
      LOGIN_CAPTCHA: 'off',
      SAMPLE_CONTENT: 'off',
      APP_TITLE: 'X',
      WEB_DIST: '/srv/web',
      LOG_LEVEL: 'warn',
      UPLOAD_MAX_MB: '2',
      API_DOCS: 'on',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      REDIS_URL: 'redis://cache:6379/2',
    });
    expect(c).toMatchObject({
      port: 9090,
      host: '127.0.0.1',
      dataDir: '/repo/var',
      databaseUrl: 'postgres://u@h/db',
      apiBase: '/backend/api',
      adminPassword: 'long-enough',
      loginCaptcha: false,
      sampleContent: false,
      appTitle: 'X',
      webDist: '/srv/web',
      logLevel: 'warn',
      uploadMaxBytes: 2 * 1024 * 1024,
      apiDocs: 'on',
      trustProxy: '10.0.0.0/8, 127.0.0.1',
      redisUrl: 'redis://cache:6379/2',
    });
  });

  it('reads the SMTP settings and the SMS provider', () => {
    expect(loadConfig({})).toMatchObject({ smtp: undefined, smsProvider: 'log', webhookPrivateHosts: false, oidcPrivateHosts: false, datasourcePrivateHosts: false });
    expect(loadConfig({ SMTP_HOST: 'mail.school.cn', SMTP_SECURE: 'on', SMTP_USER: 'bot@school.cn', SMTP_PASSWORD: 's3cret' }).smtp).toEqual({
      host: 'mail.school.cn',
      port: 465,
      secure: true,
      user: 'bot@school.cn',
      password: 's3cret',
      from: 'bot@school.cn',
    });
    expect(loadConfig({ SMTP_HOST: 'mail.school.cn', SMTP_PORT: '2525', SMTP_FROM: '安学云 <no-reply@school.cn>' }).smtp).toMatchObject({
      port: 2525,
      secure: false,
      from: '安学云 <no-reply@school.cn>',
    });
    expect(loadConfig({ SMTP_HOST: 'mail.school.cn' }).smtp?.port).toBe(587);
    expect(() => loadConfig({ SMTP_SECURE: 'tls', SMS_PROVIDER: 'aliyun' })).toThrow(/SMTP_SECURE[\s\S]*SMS_PROVIDER/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('reads TRUST_PROXY as on/off or a list of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses bad values with a message naming each variable', () => {
    const bad = () => loadConfig({ PORT: 'eighty', LOGIN_CAPTCHA: 'maybe', DATABASE_URL: 'oracle://x', API_BASE: 'api/', ADMIN_PASSWORD: 'short', REDIS_URL: 'cache:6379' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      for (const name of ['PORT', 'LOGIN_CAPTCHA', 'DATABASE_URL', 'API_BASE', 'ADMIN_PASSWORD', 'REDIS_URL']) expect((err as Error).message).toContain(name);
    }
  });
});
