// The original platform's answer envelope; clients written for it read `success` and `result`.
export const CODE_OK = 200;
export const CODE_ERROR = 500;
export const CODE_NO_PERMISSION = 510;
export const CODE_IMPORT_PARTIAL = 201;

export interface ApiResult<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export interface PageResult<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** Set when more rows match than were counted: `total` is a lower bound (shown as "10,000+"). */
  totalCapped?: boolean;
}
