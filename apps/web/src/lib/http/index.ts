export { http, type RequestOptions } from './client';
export { HttpError, NOTICE_TITLE } from './errors';
