// Opens an uploaded ZIP (an XLSX is one) with limits on what it may inflate to: the entry count, each entry's and all
// entries' inflated bytes, and the inflation ratio. The declared sizes are checked before anything is inflated; the
// bytes are counted again while they inflate, so a file that lies about its sizes stops at the limit (docs/decisions/0066).
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Inflated bytes of any one entry. */
  maxEntryBytes: number;
  /** Inflated bytes of all entries read (declared: of all entries in the file). */
  maxTotalBytes: number;
  /** Inflated bytes per compressed byte, for entries above ratioFloorBytes (deflate bombs reach about 1000). */
  maxRatio: number;
  ratioFloorBytes: number;
}

/** Why a file was refused: over a limit (413), or not a ZIP we read (400). */
export type ZipRefusal = 'too_large' | 'unreadable';

export class ZipRefused extends Error {
  constructor(
    public readonly reason: ZipRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'ZipRefused';
  }
}

const MiB = 1024 * 1024;
const mb = (bytes: number) => `${Number((bytes / MiB).toFixed(1))} MB`;

/** The bytes an entry may inflate to: its own limit, and the ratio's unless it stays under the floor. */
function entryAllowance(entry: Entry, limits: ZipLimits): number {
  return Math.min(limits.maxEntryBytes, Math.max(limits.ratioFloorBytes, entry.compressedSize * limits.maxRatio));
}

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // lazyEntries: the central directory is read one entry at a time, so the entry count is checked first.
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err ? reject(new ZipRefused('unreadable', `not a ZIP file: ${err.message}`)) : resolve(zip),
    );
  });
}

function readDirectory(zip: ZipFile, limits: ZipLimits): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  let declared = 0;
  return new Promise((resolve, reject) => {
    const refuse = (err: ZipRefused) => {
      zip.close();
      reject(err);
    };
    zip.on('error', (err: Error) => refuse(err instanceof ZipRefused ? err : new ZipRefused('unreadable', err.message)));
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      if (entries.has(entry.fileName)) return refuse(new ZipRefused('unreadable', `${entry.fileName} is in the file twice`));
      if (entry.isEncrypted()) return refuse(new ZipRefused('unreadable', `${entry.fileName} is encrypted`));
      if (entry.uncompressedSize > entryAllowance(entry, limits)) {
        return refuse(new ZipRefused('too_large', `${entry.fileName} inflates to ${mb(entry.uncompressedSize)} from ${mb(entry.compressedSize)}`));
      }
      declared += entry.uncompressedSize;
      if (declared > limits.maxTotalBytes) return refuse(new ZipRefused('too_large', `the entries inflate to more than ${mb(limits.maxTotalBytes)}`));
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/** Counts an entry's inflated bytes and fails the stream at the first byte over its allowance or the file's. */
class ByteMeter extends Transform {
  #seen = 0;
  constructor(
    private readonly entry: Entry,
    private readonly allowance: number,
    private readonly total: { bytes: number; max: number },
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.#seen += chunk.length;
    this.total.bytes += chunk.length;
    if (this.#seen > this.allowance) return done(new ZipRefused('too_large', `${this.entry.fileName} inflates to more than ${mb(this.allowance)}`));
    if (this.total.bytes > this.total.max) return done(new ZipRefused('too_large', `the entries inflate to more than ${mb(this.total.max)}`));
    done(null, chunk);
  }
}

/**
 * yauzl stops an entry at the first byte past its declared size ("too many bytes in the stream", validateEntrySizes):
 * a file that understates its sizes to pass the checks above is refused as too large, like one that states them.
 */
function inflateError(name: string, err: Error): ZipRefused {
  if (err instanceof ZipRefused) return err;
  if (/too many bytes/.test(err.message)) return new ZipRefused('too_large', `${name} inflates to more than it declares`);
  return new ZipRefused('unreadable', `${name}: ${err.message}`);
}

export class LimitedZip {
  readonly #total: { bytes: number; max: number };

  private constructor(
    private readonly zip: ZipFile,
    /** The entries by name, as the central directory lists them. */
    readonly entries: ReadonlyMap<string, Entry>,
    private readonly limits: ZipLimits,
  ) {
    this.#total = { bytes: 0, max: limits.maxTotalBytes };
  }

  /** Refuses a file over the limits by its central directory alone, before anything is inflated. */
  static async open(buffer: Buffer, limits: ZipLimits): Promise<LimitedZip> {
    const zip = await openZip(buffer);
    if (zip.entryCount > limits.maxEntries) {
      zip.close();
      throw new ZipRefused('too_large', `the file has ${zip.entryCount} entries, more than ${limits.maxEntries}`);
    }
    return new LimitedZip(zip, await readDirectory(zip, limits), limits);
  }

  /**
   * The entry's inflated bytes as a stream that fails with ZipRefused when they pass a limit (yauzl also fails it
   * when they differ from the declared size). The caller reads or destroys it.
   */
  async openEntry(name: string): Promise<Readable> {
    const entry = this.entries.get(name);
    if (!entry) throw new ZipRefused('unreadable', `${name} is not in the file`);
    let raw: Readable;
    try {
      raw = await this.zip.openReadStreamPromise(entry);
    } catch (err) {
      throw new ZipRefused('unreadable', `${name}: ${(err as Error).message}`);
    }
    const meter = new ByteMeter(entry, entryAllowance(entry, this.limits), this.#total);
    raw.on('error', (err: Error) => meter.destroy(inflateError(name, err)));
    meter.on('close', () => raw.destroy());
    return raw.pipe(meter);
  }

  async readEntry(name: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.openEntry(name)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zip.close();
  }
}
