// Server messages follow the caller's language (issue 17): the envelope's `message` is written in Chinese
// everywhere and translated here, once, for a request whose Accept-Language puts English first.
import type { FastifyInstance } from 'fastify';
import { CJK, localeFromHeader, translator } from '@anxue/shared/i18n';
import { EN } from '@anxue/shared/i18n-en';

const toEnglish = translator(EN);

/** A validation refusal (validation-message.ts): `参数 <field>：<zod's text>` or `<place>：<zod's text>`. */
const FIELD_REFUSAL = /^参数 (\S+)：(.+)$/s;
const PLACE_REFUSAL = /^(请求体|查询参数|路径参数|请求头|请求参数)：(.+)$/s;

/** The English of a server message; a message the catalogue lacks stays Chinese. */
export function englishMessage(message: string): string {
  if (!CJK.test(message)) return message;
  const field = FIELD_REFUSAL.exec(message);
  if (field) return toEnglish('参数 {field}：{message}', { field: field[1]!, message: englishMessage(field[2]!) });
  const place = PLACE_REFUSAL.exec(message);
  if (place) return `${toEnglish(place[1]!)}: ${englishMessage(place[2]!)}`;
  return toEnglish(message);
}

interface Envelope {
  success: boolean;
  message: string;
}

function isEnvelope(payload: unknown): payload is Envelope {
  return typeof payload === 'object' && payload !== null && typeof (payload as Envelope).success === 'boolean' && typeof (payload as Envelope).message === 'string';
}

/** Translates the envelope's message of every answer (successes and refusals) for English callers. */
export function installMessageLocale(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!isEnvelope(payload) || !payload.message || localeFromHeader(request.headers['accept-language']) !== 'en-US') return payload;
    return { ...payload, message: englishMessage(payload.message) };
  });
}
