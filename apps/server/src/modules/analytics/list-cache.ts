import { LRUCache } from 'lru-cache';
import { JsonBody } from '../../plugins/json-body.js';

interface Entry {
  /** The data version the body was written at (see listVersion). */
  version: string;
  body: JsonBody;
}

/**
 * RM list responses kept in this process, each with the data version it was written at. A
 * reader presents the current version, read from the database first; an entry written at any
 * other version is built again. Because the version is read before the list, a cached body is
 * never older than its version, and any later commit changes the version: so the cache can
 * only answer what a fresh read would, on every process at once (docs/architecture.md, "RM list
 * cache"). Bodies are kept as they are sent (UTF-8, and gzipped once a client asks for it), so
 * an answer from the cache is a copy to the socket. Bounded in bytes, least recently used first
 * out.
 */
export class ListCache {
  private readonly entries: LRUCache<string, Entry> | undefined;
  /** Builds in flight, so concurrent misses for one list and version share one read. */
  private readonly building = new Map<string, Promise<JsonBody | undefined>>();

  constructor(maxBytes: number) {
    this.entries =
      maxBytes > 0
        ? new LRUCache<string, Entry>({
            maxSize: maxBytes,
            // The gzipped copy, when made, is about a tenth of the JSON more.
            sizeCalculation: (entry, key) =>
              Math.ceil(entry.body.utf8.length * 1.1) + entry.version.length + key.length,
          })
        : undefined;
  }

  /**
   * The body for `key` at `version`, built by `build` unless this process holds it already.
   * An undefined version (nothing to cache, such as an unknown RM) or body is never kept.
   */
  async get(
    key: string,
    version: string | undefined,
    build: () => Promise<string | undefined>,
  ): Promise<JsonBody | undefined> {
    if (!this.entries || version === undefined) return jsonBody(await build());
    const held = this.entries.get(key);
    if (held?.version === version) return held.body;
    const flight = `${version}\u0000${key}`;
    let pending = this.building.get(flight);
    if (!pending) {
      pending = build()
        .then(jsonBody)
        .finally(() => this.building.delete(flight));
      this.building.set(flight, pending);
      const body = await pending;
      if (body !== undefined) this.entries.set(key, { version, body });
      return body;
    }
    return pending;
  }

  get enabled() {
    return this.entries !== undefined;
  }
}

const jsonBody = (text: string | undefined) => (text === undefined ? undefined : JsonBody.of(text));
