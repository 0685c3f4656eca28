// What a file really is, read from its first bytes, and which uploads are accepted. The name's
// extension must agree with the content, so a script renamed to .png or an HTML page renamed to .txt
// is refused. SVG is never accepted: it is a document that can carry script.

export type FileKind = 'image' | 'document' | 'archive' | 'media' | 'text';

export interface FileType {
  /** Canonical extension (jpg for .jpeg too). */
  ext: string;
  mime: string;
  kind: FileKind;
}

const starts = (b: Buffer, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, text: string, at = 0) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

/** Raster image types that browsers render without running anything. */
export const IMAGE_TYPES: Record<string, FileType> = {
  png: { ext: 'png', mime: 'image/png', kind: 'image' },
  jpg: { ext: 'jpg', mime: 'image/jpeg', kind: 'image' },
  gif: { ext: 'gif', mime: 'image/gif', kind: 'image' },
  webp: { ext: 'webp', mime: 'image/webp', kind: 'image' },
  bmp: { ext: 'bmp', mime: 'image/bmp', kind: 'image' },
};

function sniffBinary(b: Buffer): FileType | undefined {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return IMAGE_TYPES.png;
  if (starts(b, [0xff, 0xd8, 0xff])) return IMAGE_TYPES.jpg;
  if (ascii(b, 'GIF87a') || ascii(b, 'GIF89a')) return IMAGE_TYPES.gif;
  if (ascii(b, 'RIFF') && ascii(b, 'WEBP', 8)) return IMAGE_TYPES.webp;
  if (ascii(b, 'BM') && b.length > 26 && b.readUInt32LE(2) === b.length) return IMAGE_TYPES.bmp;
  if (ascii(b, '%PDF-')) return { ext: 'pdf', mime: 'application/pdf', kind: 'document' };
  if (starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { ext: 'ole', mime: 'application/x-ole-storage', kind: 'document' };
  if (starts(b, [0x50, 0x4b, 0x03, 0x04]) || starts(b, [0x50, 0x4b, 0x05, 0x06])) {
    // Office Open XML files are zip archives whose first entry names are telling.
    const head = b.toString('latin1', 0, Math.min(b.length, 4096));
    if (head.includes('[Content_Types].xml') || /(word|xl|ppt)\//.test(head)) return { ext: 'ooxml', mime: 'application/zip', kind: 'document' };
    return { ext: 'zip', mime: 'application/zip', kind: 'archive' };
  }
  if (ascii(b, 'Rar!\x1a\x07')) return { ext: 'rar', mime: 'application/vnd.rar', kind: 'archive' };
  if (starts(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return { ext: '7z', mime: 'application/x-7z-compressed', kind: 'archive' };
  if (ascii(b, 'ftyp', 4)) return { ext: 'mp4', mime: 'video/mp4', kind: 'media' };
  if (starts(b, [0x1a, 0x45, 0xdf, 0xa3])) return { ext: 'webm', mime: 'video/webm', kind: 'media' };
  if (ascii(b, 'ID3') || starts(b, [0xff, 0xfb]) || starts(b, [0xff, 0xf3]) || starts(b, [0xff, 0xf2])) return { ext: 'mp3', mime: 'audio/mpeg', kind: 'media' };
  if (ascii(b, 'RIFF') && ascii(b, 'WAVE', 8)) return { ext: 'wav', mime: 'audio/wav', kind: 'media' };
  return undefined;
}

// Markup a browser could take for a page, or script, at the start of a "text" file.
const ACTIVE_TEXT = /^\s*(<\?xml|<!doctype|<html|<head|<body|<script|<svg|<iframe|<object|<embed|<\?php|<%|#!)/i;
const ACTIVE_ANYWHERE = /<(script|iframe|object|embed|svg)\b|javascript:/i;

function isPlainText(b: Buffer): boolean {
  if (b.includes(0)) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(b);
  if (text.includes('\uFFFD')) return false;
  return !ACTIVE_TEXT.test(text) && !ACTIVE_ANYWHERE.test(text);
}

/** The content type of a file, or undefined when it is none of the accepted kinds. */
export function sniff(b: Buffer): FileType | undefined {
  const bin = sniffBinary(b);
  if (bin) return bin;
  if (b.length > 0 && isPlainText(b)) return { ext: 'txt', mime: 'text/plain; charset=utf-8', kind: 'text' };
  return undefined;
}

/** Extensions accepted for upload, each with the sniffed types its content may have. */
const ACCEPTED: Record<string, string[]> = {
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  webp: ['webp'],
  bmp: ['bmp'],
  pdf: ['pdf'],
  doc: ['ole'],
  xls: ['ole'],
  ppt: ['ole'],
  docx: ['ooxml'],
  xlsx: ['ooxml'],
  pptx: ['ooxml'],
  zip: ['zip', 'ooxml'],
  rar: ['rar'],
  '7z': ['7z'],
  mp4: ['mp4'],
  m4v: ['mp4'],
  mov: ['mp4'],
  webm: ['webm'],
  mp3: ['mp3'],
  wav: ['wav'],
  txt: ['txt'],
  csv: ['txt'],
  md: ['txt'],
};

export const ACCEPTED_EXTENSIONS = Object.keys(ACCEPTED);

export type UploadCheck = { ok: true; type: FileType; ext: string } | { ok: false; reason: string };

/** Accepts a file only when its extension is allowed and its content is what the extension says. */
export function checkUpload(fileName: string, data: Buffer): UploadCheck {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase();
  if (!ext || !ACCEPTED[ext]) return { ok: false, reason: ext ? `不允许上传该类型的文件: .${ext}` : '不允许上传该类型的文件' };
  if (data.length === 0) return { ok: false, reason: '文件为空' };
  const type = sniff(data);
  if (!type || !ACCEPTED[ext].includes(type.ext)) return { ok: false, reason: '文件内容与扩展名不符' };
  // An image that also carries markup is a polyglot meant for some other reader: refuse it.
  if (type.kind === 'image' && ACTIVE_ANYWHERE.test(data.toString('latin1'))) return { ok: false, reason: '文件内容与扩展名不符' };
  return { ok: true, type, ext };
}
