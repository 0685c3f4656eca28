export * from './wire';
export * from './constants';
export * from './validation';
