export { ok, fail } from './envelope';
export { installErrorHandler } from './error-handler';
export { installNotFound } from './not-found';
export { healthRoutes } from './health';
export { registerApiDocs } from './docs';
export { installJsonBodyParser } from './json-body';
export { installSecurityHeaders } from './security-headers';
export { addressKind, canonicalHost, isAllowedAddress, outboundFetch, plainAddress, resolveAll, resolveChecked, OutboundError, OUTBOUND_FAILED, OUTBOUND_REFUSED, type Resolver } from './outbound';
export { lenientSafeParse, lenientValidatorCompiler } from './lenient-body';
