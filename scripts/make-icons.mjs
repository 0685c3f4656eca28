// Draws the app icon (a white shield with a check on the brand blue) into apps/web/public: favicon.ico
// (16, 32, 48 px) and the manifest's PNGs (192, 512 px). No image library: PNG by hand with zlib.
// Run `node scripts/make-icons.mjs` after changing the drawing; the outputs are committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public');
const BLUE = [22, 119, 255];
const WHITE = [255, 255, 255];

// Shapes in a 0..1 square.
const inRoundedSquare = (x, y) => {
  const r = 0.2;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const inShield = (x, y) => {
  if (y < 0.18 || y > 0.84 || x < 0.22 || x > 0.78) return false;
  if (y <= 0.5) return true;
  // the lower half narrows to a point
  const half = 0.28 * Math.sqrt(Math.max(0, 1 - ((y - 0.5) / 0.34) ** 2));
  return Math.abs(x - 0.5) <= half;
};
const nearSegment = (x, y, [ax, ay], [bx, by], w) => {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))) <= w;
};
const inCheck = (x, y) => nearSegment(x, y, [0.37, 0.5], [0.47, 0.6], 0.045) || nearSegment(x, y, [0.47, 0.6], [0.65, 0.38], 0.045);

function pixel(x, y) {
  if (!inRoundedSquare(x, y)) return [0, 0, 0, 0];
  if (inShield(x, y) && !inCheck(x, y)) return [...WHITE, 255];
  return [...BLUE, 255];
}

function render(size) {
  const ss = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < ss; sy++)
        for (let sx = 0; sx < ss; sx++) {
          const p = pixel((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size);
          for (let i = 0; i < 3; i++) acc[i] += p[i] * p[3];
          acc[3] += p[3];
        }
      const o = (py * size + px) * 4;
      const a = acc[3] / (ss * ss);
      for (let i = 0; i < 3; i++) rgba[o + i] = acc[3] ? Math.round(acc[i] / acc[3]) : 0;
      rgba[o + 3] = Math.round(a);
    }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function png(size) {
  const rgba = render(size);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

function ico(sizes) {
  const images = sizes.map(png);
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((s, i) => {
    const e = 6 + 16 * i;
    header[e] = s % 256;
    header[e + 1] = s % 256;
    header.writeUInt16LE(1, e + 4); // planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32BE(0, e + 8);
    header.writeUInt32LE(images[i].length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += images[i].length;
  });
  return Buffer.concat([header, ...images]);
}

writeFileSync(join(OUT, 'favicon.ico'), ico([16, 32, 48]));
writeFileSync(join(OUT, 'icon-192.png'), png(192));
writeFileSync(join(OUT, 'icon-512.png'), png(512));
writeFileSync(join(OUT, 'apple-touch-icon.png'), png(180));
console.log('icons written to', OUT);
