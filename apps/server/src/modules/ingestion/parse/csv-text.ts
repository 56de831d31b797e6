import { isAscii } from 'node:buffer';
import { TextDecoder } from 'node:util';

/**
 * The text of a CSV file, decoded chunk by chunk: UTF-8 (with or without a BOM), UTF-16 with
 * its BOM (some tools' "Unicode" exports), or Windows-1252, which Excel on Windows writes for its
 * plain "CSV (Comma delimited)" format.
 *
 * A UTF-16 byte-order mark decides at once. Otherwise the first non-ASCII bytes decide,
 * wherever in the file they are: a valid UTF-8 character
 * makes the file UTF-8 for good (a later invalid byte is then an error, as a damaged file
 * should be); a byte that cannot start or continue UTF-8 there makes it Windows-1252. Every
 * byte before was ASCII, which both encodings read the same, so nothing already decoded
 * changes. Text that is valid UTF-8 is read as UTF-8, the usual rule: Windows-1252 text is
 * almost never valid UTF-8 by chance, as its accented letters are single bytes above 0x7F.
 */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

const NON_ASCII = /[\u0080-\uffff]/;
const isUtf8Bom = (chunk: Uint8Array) =>
  chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf;

/** The UTF-16 encoding a byte-order mark names, or null. */
export function utf16ByBom(head: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

export class CsvTextDecoder {
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  /** The decoder once the file is known not to be UTF-8, and its encoding. */
  private legacy: TextDecoder | null = null;
  private legacyEncoding: CsvEncoding = 'windows-1252';
  private isUtf8 = false;
  private started = false;
  /**
   * While undecided: the trailing bytes of a UTF-8 sequence cut by the end of a chunk, which
   * the UTF-8 decoder holds back. If the sequence turns out invalid, they are Windows-1252.
   */
  private held: Uint8Array | null = null;

  /** The encoding once the file's first non-ASCII bytes decided it, else null. */
  get encoding(): CsvEncoding | null {
    if (this.legacy) return this.legacyEncoding;
    return this.isUtf8 ? 'utf-8' : null;
  }

  /** The text of the next chunk. Throws a TypeError on invalid UTF-8 in a UTF-8 file. */
  decode(chunk: Uint8Array): string {
    if (!this.started) {
      this.started = true;
      this.isUtf8 = isUtf8Bom(chunk);
      const utf16 = utf16ByBom(chunk);
      if (utf16) {
        // The decoder drops the BOM; stream keeps a character cut by the chunk's end.
        this.legacy = new TextDecoder(utf16);
        this.legacyEncoding = utf16;
      }
    }
    if (this.legacy) return this.legacy.decode(chunk, { stream: true });
    if (this.isUtf8 || (this.held === null && isAscii(chunk))) {
      return this.utf8.decode(chunk, { stream: true });
    }
    let text: string;
    try {
      text = this.utf8.decode(chunk, { stream: true });
    } catch {
      return this.switchToLegacy(chunk);
    }
    if (NON_ASCII.test(text)) {
      this.isUtf8 = true;
      this.held = null;
    } else {
      this.held = this.trailingPartial(chunk);
    }
    return text;
  }

  /** The text the decoder still holds at the end of the file. */
  end(): string {
    if (this.legacy) return this.legacy.decode();
    try {
      return this.utf8.decode();
    } catch (error) {
      if (this.isUtf8 || this.held === null) throw error;
      return this.switchToLegacy(new Uint8Array(0));
    }
  }

  private switchToLegacy(chunk: Uint8Array): string {
    this.legacy = new TextDecoder('windows-1252');
    const held = this.held;
    this.held = null;
    return this.legacy.decode(held ? Buffer.concat([held, chunk]) : chunk);
  }

  /**
   * The bytes after the chunk's last ASCII byte: decoding gave no non-ASCII character, so its
   * non-ASCII bytes can only be the start of a sequence the next chunk completes (an ASCII byte
   * after them would have made the sequence invalid).
   */
  private trailingPartial(chunk: Uint8Array): Uint8Array | null {
    let start = chunk.length;
    while (start > 0 && chunk[start - 1]! >= 0x80) start--;
    const tail = chunk.subarray(start);
    if (start === 0 && this.held) return Buffer.concat([this.held, tail]);
    return tail.length > 0 ? tail : null;
  }
}
