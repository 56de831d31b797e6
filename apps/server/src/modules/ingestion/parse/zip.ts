/**
 * A small random-access zip reader for .xlsx files, written for safety rather than features.
 *
 * - Reads the central directory first and refuses zip bombs before inflating anything: total
 *   declared uncompressed size, compression ratio of big entries, entry count, zip64 fields.
 * - Inflates one entry at a time from its offset, never more bytes than the central directory
 *   declared (a zip that lies about its sizes is refused mid-stream), and checks the CRC-32.
 * - Decodes UTF-8 across chunk boundaries (exceljs's own streaming reader decodes each chunk on
 *   its own and corrupts characters split between chunks).
 * - Reads entries in the order the caller wants, so no temporary files are needed when a sheet
 *   comes before the shared strings in the archive (as Excel writes them).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { Readable, Transform, pipeline, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw, crc32 } from 'node:zlib';
import { CustomerFileError, formatCount } from './errors.js';
import { LIMITS } from './limits.js';

export interface ZipEntryInfo {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipLimits {
  maxEntries: number;
  maxTotalUncompressedBytes: number;
  ratioCheckFromBytes: number;
  maxCompressionRatio: number;
}

const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: LIMITS.maxZipEntries,
  maxTotalUncompressedBytes: LIMITS.maxXlsxUncompressedBytes,
  ratioCheckFromBytes: LIMITS.ratioCheckFromBytes,
  maxCompressionRatio: LIMITS.maxCompressionRatio,
};

const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const MAX_CENTRAL_DIRECTORY_BYTES = 16 * 1024 * 1024;

const damaged = (reason: string) =>
  new CustomerFileError('unreadable', 'The Excel file is damaged and cannot be read', { reason });

const bomb = (reason: string, details: Record<string, unknown> = {}) =>
  new CustomerFileError(
    'zip_bomb',
    'The Excel file expands to far more data than a customers file can hold, so it was not read',
    { reason, ...details },
  );

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buffer, 0, length, position);
  if (bytesRead !== length) throw damaged('unexpected end of file');
  return buffer;
}

const u64 = (b: Buffer, offset: number): number => {
  const v = b.readBigUInt64LE(offset);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged('zip64 value out of range');
  return Number(v);
};

export class ZipArchive {
  private constructor(
    readonly path: string,
    readonly size: number,
    private readonly fh: FileHandle,
    readonly entries: ReadonlyMap<string, ZipEntryInfo>,
    private readonly centralDirectoryOffset: number,
  ) {}

  /** Open and vet a zip file. Throws CustomerFileError for damaged or hostile archives. */
  static async open(path: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipArchive> {
    const fh = await open(path, 'r');
    try {
      const { size } = await fh.stat();
      const { entries, cdOffset } = await readCentralDirectory(fh, size, limits);
      return new ZipArchive(path, size, fh, entries, cdOffset);
    } catch (error) {
      await fh.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.fh.close();
  }

  get(name: string): ZipEntryInfo | undefined {
    return this.entries.get(name);
  }

  /**
   * The entry's content as a readable stream of UTF-8-decoded strings. At most `maxBytes`
   * uncompressed bytes (and never more than declared); with `verify`, the size and CRC are
   * checked at the end. The caller destroys the stream if it stops early.
   */
  async openText(
    entry: ZipEntryInfo,
    options: { maxBytes: number; verify?: boolean },
  ): Promise<Readable> {
    if (entry.uncompressedSize > options.maxBytes) {
      throw bomb(`${entry.name} declares ${entry.uncompressedSize} bytes`, {
        entry: entry.name,
        declaredBytes: entry.uncompressedSize,
        limitBytes: options.maxBytes,
      });
    }
    if (entry.flags & 0x1) {
      throw new CustomerFileError(
        'unreadable',
        'The Excel file is password-protected: remove the password and upload it again',
      );
    }
    if (entry.method !== 0 && entry.method !== 8) {
      throw damaged(`unsupported compression method ${entry.method} for ${entry.name}`);
    }
    const local = await readAt(this.fh, entry.localHeaderOffset, 30);
    if (local.readUInt32LE(0) !== SIG_LOCAL) throw damaged(`no local header for ${entry.name}`);
    const dataStart =
      entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    if (dataStart + entry.compressedSize > this.centralDirectoryOffset) {
      throw damaged(`${entry.name} overlaps the central directory`);
    }
    if (entry.compressedSize === 0) {
      if (entry.uncompressedSize !== 0) throw damaged(`${entry.name} has no data`);
      return Readable.from([]);
    }
    const source = createReadStream(this.path, {
      start: dataStart,
      end: dataStart + entry.compressedSize - 1,
      highWaterMark: 256 * 1024,
    });
    const guard = new GuardedText(
      entry,
      Math.min(options.maxBytes, entry.uncompressedSize),
      options.verify ?? true,
    );
    const noop = () => {};
    return entry.method === 8
      ? pipeline(source, createInflateRaw({ chunkSize: 64 * 1024 }), guard, noop)
      : pipeline(source, guard, noop);
  }

  /** The entry's text, read fully (for the small parts: workbook, relationships). */
  async readText(entry: ZipEntryInfo, maxBytes: number): Promise<string> {
    const stream = await this.openText(entry, { maxBytes });
    let text = '';
    for await (const chunk of stream) text += chunk as string;
    return text;
  }

  /** The first `maxChars` characters of the entry (e.g. a sheet's <dimension>), unverified. */
  async peekText(entry: ZipEntryInfo, maxChars: number): Promise<string> {
    const stream = await this.openText(entry, { maxBytes: entry.uncompressedSize, verify: false });
    let text = '';
    try {
      for await (const chunk of stream) {
        text += chunk as string;
        if (text.length >= maxChars) break;
      }
    } finally {
      stream.destroy();
    }
    return text.slice(0, maxChars);
  }
}

async function readCentralDirectory(
  fh: FileHandle,
  size: number,
  limits: ZipLimits,
): Promise<{ entries: Map<string, ZipEntryInfo>; cdOffset: number }> {
  if (size < 22) throw damaged('too small for a zip');
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(fh, size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tailLength - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === SIG_EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw damaged('no end of central directory');
  const eocdPosition = size - tailLength + eocd;
  if (tail.readUInt16LE(eocd + 4) !== 0 || tail.readUInt16LE(eocd + 6) !== 0) {
    throw damaged('multi-disk zip');
  }
  let total = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  let cdEnd = eocdPosition;
  if (total === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    if (eocdPosition < 20) throw damaged('zip64 locator missing');
    const locator = await readAt(fh, eocdPosition - 20, 20);
    if (locator.readUInt32LE(0) !== SIG_ZIP64_LOCATOR) throw damaged('zip64 locator missing');
    const z64Position = u64(locator, 8);
    if (z64Position + 56 > eocdPosition) throw damaged('zip64 record out of range');
    const z64 = await readAt(fh, z64Position, 56);
    if (z64.readUInt32LE(0) !== SIG_ZIP64_EOCD) throw damaged('zip64 record missing');
    total = u64(z64, 32);
    cdSize = u64(z64, 40);
    cdOffset = u64(z64, 48);
    cdEnd = z64Position;
  }
  if (total > limits.maxEntries) {
    throw bomb(`${total} entries`, { entries: total, limitEntries: limits.maxEntries });
  }
  if (cdOffset + cdSize > cdEnd || cdSize > MAX_CENTRAL_DIRECTORY_BYTES) {
    throw damaged('central directory out of range');
  }
  const cd = await readAt(fh, cdOffset, cdSize);
  const entries = new Map<string, ZipEntryInfo>();
  let declaredTotal = 0;
  let p = 0;
  for (let i = 0; i < total; i++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== SIG_CENTRAL)
      throw damaged('bad central directory');
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    const crc = cd.readUInt32LE(p + 16);
    let compressedSize = cd.readUInt32LE(p + 20);
    let uncompressedSize = cd.readUInt32LE(p + 24);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    let localHeaderOffset = cd.readUInt32LE(p + 42);
    const nameStart = p + 46;
    const extraStart = nameStart + nameLength;
    const next = extraStart + extraLength + commentLength;
    if (next > cd.length) throw damaged('bad central directory');
    const name = cd.toString(flags & 0x800 ? 'utf8' : 'latin1', nameStart, extraStart);
    // zip64 extended information: only the fields whose 32-bit value is saturated are present.
    if (
      uncompressedSize === 0xffffffff ||
      compressedSize === 0xffffffff ||
      localHeaderOffset === 0xffffffff
    ) {
      let e = extraStart;
      const extraEnd = extraStart + extraLength;
      while (e + 4 <= extraEnd) {
        const id = cd.readUInt16LE(e);
        const length = cd.readUInt16LE(e + 2);
        if (id === 0x0001) {
          let q = e + 4;
          const need = (ok: boolean) => {
            if (!ok || q + 8 > e + 4 + length) throw damaged('bad zip64 field');
          };
          if (uncompressedSize === 0xffffffff) {
            need(true);
            uncompressedSize = u64(cd, q);
            q += 8;
          }
          if (compressedSize === 0xffffffff) {
            need(true);
            compressedSize = u64(cd, q);
            q += 8;
          }
          if (localHeaderOffset === 0xffffffff) {
            need(true);
            localHeaderOffset = u64(cd, q);
          }
          break;
        }
        e += 4 + length;
      }
    }
    if (localHeaderOffset + 30 > cdOffset) throw damaged(`${name} out of range`);
    if (entries.has(name)) throw damaged(`duplicate entry ${name}`);
    declaredTotal += uncompressedSize;
    if (declaredTotal > limits.maxTotalUncompressedBytes) {
      throw bomb(`declared uncompressed total above ${limits.maxTotalUncompressedBytes} bytes`, {
        limitBytes: limits.maxTotalUncompressedBytes,
      });
    }
    if (
      uncompressedSize >= limits.ratioCheckFromBytes &&
      uncompressedSize > limits.maxCompressionRatio * Math.max(compressedSize, 1)
    ) {
      const ratio = Math.round(uncompressedSize / Math.max(compressedSize, 1));
      throw bomb(`${name} expands ${formatCount(ratio)}:1`, { entry: name, ratio });
    }
    entries.set(name, {
      name,
      flags,
      method,
      crc,
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
    });
    p = next;
  }
  return { entries, cdOffset };
}

/** Counts, checks and decodes the bytes of one entry; emits strings. */
class GuardedText extends Transform {
  private bytes = 0;
  private crc = 0;
  private readonly decoder = new StringDecoder('utf8');

  constructor(
    private readonly entry: ZipEntryInfo,
    private readonly maxBytes: number,
    private readonly verify: boolean,
  ) {
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(
        bomb(`${this.entry.name} expands beyond its declared size`, {
          entry: this.entry.name,
          declaredBytes: this.entry.uncompressedSize,
        }),
      );
      return;
    }
    if (this.verify) this.crc = crc32(chunk, this.crc);
    const text = this.decoder.write(chunk);
    if (text) this.push(text);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (
      this.verify &&
      (this.bytes !== this.entry.uncompressedSize || this.crc >>> 0 !== this.entry.crc >>> 0)
    ) {
      callback(damaged(`${this.entry.name} fails its size or CRC check`));
      return;
    }
    const text = this.decoder.end();
    if (text) this.push(text);
    callback();
  }
}
