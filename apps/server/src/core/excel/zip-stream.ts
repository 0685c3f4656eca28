import { Readable, type Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * A zip archive written as a stream: each entry deflated on zlib's thread pool as its content is made,
 * sizes and checksum in a data descriptor after the data (flag bit 3), the central directory at the end.
 * Writes wait for `out` to drain, so a slow reader holds the producer back instead of piling up memory.
 * No zip64: an entry or archive past 4 GiB is refused (a million-row sheet is a few hundred MB).
 */
export class ZipStream {
  private offset = 0;
  private readonly entries: Array<{ name: Buffer; crc: number; size: number; compressed: number; offset: number }> = [];

  constructor(private readonly out: Writable) {}

  /** Adds an entry whose content is the given pieces of text or bytes, in order. */
  async entry(name: string, content: AsyncIterable<string | Buffer> | Iterable<string | Buffer>): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const offset = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(DOS_TIME, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    // crc and sizes (14..25) stay 0: they follow the data
    header.writeUInt16LE(nameBytes.length, 26);
    await this.push(Buffer.concat([header, nameBytes]));

    let crc = 0;
    let size = 0;
    async function* bytes() {
      for await (const piece of content) {
        const b = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
        if (!b.length) continue;
        crc = crc32(b, crc);
        size += b.length;
        yield b;
      }
    }
    const deflate = createDeflateRaw({ level: constants.Z_DEFAULT_COMPRESSION });
    const source = Readable.from(bytes(), { objectMode: false });
    source.on('error', (err) => deflate.destroy(err));
    source.pipe(deflate);
    let compressed = 0;
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      compressed += chunk.length;
      await this.push(chunk);
    }
    if (size > LIMIT || compressed > LIMIT || this.offset > LIMIT) throw new Error(`zip entry ${name} is larger than 4 GiB`);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.push(descriptor);
    this.entries.push({ name: nameBytes, crc, size, compressed, offset });
  }

  /** Writes the central directory; the archive is complete once this resolves (`out` is not ended). */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4); // made by: 2.0
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(FLAGS, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(DOS_TIME, 12);
      h.writeUInt16LE(DOS_DATE, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await this.push(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.push(end);
  }

  private async push(b: Buffer) {
    this.offset += b.length;
    if (this.out.destroyed) throw new Error('the download was closed');
    if (!this.out.write(b)) await drained(this.out);
  }
}

const FLAGS = 0x0808; // sizes after the data; names in UTF-8
const LIMIT = 0xffffffff;
// 1980-01-01 00:00, the zip epoch: a fixed time keeps the same rows the same bytes
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** Resolves when `out` drains; rejects if it closes or fails first (the client went away). */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', done);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('the download was closed'));
    out.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', done);
  });
}
