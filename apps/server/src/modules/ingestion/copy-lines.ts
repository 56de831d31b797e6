/**
 * COPY text lines encoded straight into one buffer, a newline after each. Measured on a
 * million rows, this is about 2 s cheaper than joining the lines and writing the string: an
 * insight line is a tree of some fifty joined pieces, which a join flattens and the stream then
 * encodes, two more copies of every byte.
 */
export class CopyLines {
  private buffer: Buffer;
  private length = 0;

  constructor(expectedBytes: number) {
    this.buffer = Buffer.allocUnsafe(expectedBytes);
  }

  push(line: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    const room = 3 * line.length + 1;
    if (this.length + room > this.buffer.length) {
      const grown = Buffer.allocUnsafe(2 * this.buffer.length + room);
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.length += this.buffer.write(line, this.length);
    this.buffer[this.length++] = 0x0a;
  }

  /** The lines pushed so far; the object is not used again. */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
