export * from './wire';
export * from './constants';
export * from './validation';
export * from './cron/index';
