import { gzipSync } from "node:zlib";

/**
 * Serialised list answers, reused while nothing has been written (the key
 * includes the store's resourceVersion), with their gzip form made once. A
 * handful of entries is enough: tools list the same few collections again and
 * again, and every write makes the old entries unreachable.
 */
interface Entry {
  body: Buffer;
  gzip: Buffer | undefined;
}

/** Entries kept. @default 16 */
const MAX_ENTRIES = 16;
/** The API server compresses answers above 128 KiB for clients that accept gzip. */
export const GZIP_THRESHOLD = 128 * 1024;

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  get(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (e !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, e);
    }
    return e;
  }

  put(key: string, body: Buffer): Entry {
    const e: Entry = { body, gzip: undefined };
    this.entries.set(key, e);
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return e;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The gzip form of an entry, made on first use (level 1: fast, and JSON compresses ~8× anyway). */
export function gzipOf(e: Entry): Buffer {
  e.gzip ??= gzipSync(e.body, { level: 1 });
  return e.gzip;
}
