export * from './wire';
export * from './constants';
export * from './validation';
export * from './grid-patterns';
export * from './cron/index';
export * from './links';
export * from './students';
