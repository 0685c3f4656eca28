import { BizError } from '../errors';

/** A refusal of a resource request (bad value, duplicate, not found), answered with its status. */
export class ResourceError extends BizError {
  constructor(message: string, status = 400, code?: number) {
    super(message, { status, code });
    this.name = 'ResourceError';
  }
}
