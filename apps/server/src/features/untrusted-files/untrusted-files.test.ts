// The limits of LimitedZip (count, per entry, total, ratio, understated sizes) and the reader thread's time limit,
// without a server.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../app-error';
import { LimitedZip, ZipRefused, type ZipLimits } from './limited-zip';
import { readOnReaderThread } from './reader-thread';
import { repeat, zipOf } from './zip-fixtures';

const MiB = 1024 * 1024;
const LIMITS: ZipLimits = { maxEntries: 10, maxEntryBytes: 8 * MiB, maxTotalBytes: 12 * MiB, maxRatio: 100, ratioFloorBytes: 1 * MiB };
/** Random letters: they deflate less than 2:1. */
function plainText(bytes: number): Buffer {
  return Buffer.from(randomBytes(bytes).map((b) => 97 + (b % 26)));
}

async function refusal(buffer: Buffer, read: string[] = []): Promise<string> {
  try {
    const zip = await LimitedZip.open(buffer, LIMITS);
    for (const name of read) await zip.readEntry(name);
    zip.close();
    return 'read';
  } catch (err) {
    if (err instanceof ZipRefused) return `${err.reason}: ${err.message}`;
    throw err;
  }
}

describe('LimitedZip', () => {
  it('reads entries within the limits', async () => {
    const zip = await LimitedZip.open(await zipOf([{ name: 'a.xml', chunks: [plainText(3 * MiB)] }]), LIMITS);
    expect((await zip.readEntry('a.xml')).length).toBe(3 * MiB);
  });

  it('refuses too many entries, an entry over its limit, entries over the total and a ratio over the bound', async () => {
    const tiny = (i: number) => ({ name: `e${i}`, chunks: [Buffer.from('x')] });
    expect(await refusal(await zipOf(Array.from({ length: 11 }, (_, i) => tiny(i))))).toMatch(/^too_large: the file has 11 entries/);
    expect(await refusal(await zipOf([{ name: 'big', chunks: [plainText(9 * MiB)] }]))).toMatch(/^too_large: big inflates to 9 MB/);
    const seven = plainText(7 * MiB);
    expect(await refusal(await zipOf([{ name: 'a', chunks: [seven] }, { name: 'b', chunks: [seven] }]))).toMatch(/^too_large: the entries inflate to more than 12 MB/);
    // 2 MB of one repeated line: about 1000:1.
    expect(await refusal(await zipOf([{ name: 'bomb', chunks: repeat(Buffer.from('<row/>'.repeat(1000)), 350) }]))).toMatch(/^too_large: bomb inflates/);
    expect(await refusal(Buffer.from('not a zip at all'))).toMatch(/^unreadable/);
  });

  it('stops an entry that understates its size as soon as it inflates past it', async () => {
    const lying = await zipOf([{ name: 'bomb', chunks: repeat(Buffer.from('<row/>'.repeat(1000)), 2000), declaredSize: 500_000 }]);
    expect(await refusal(lying)).toBe('read');
    expect(await refusal(lying, ['bomb'])).toMatch(/^too_large: bomb inflates to more than it declares/);
  });
});

describe('the reader thread', () => {
  it('answers the caller\'s refusal when a file passes the time limit, and reads the next file on a fresh thread', async () => {
    const refused = (why: string) => new AppError('error.import.too_large', 413, why);
    const csv = () => new Uint8Array(Buffer.from('A;B\n1;2\n'));
    // 50,000 rows take a thread far longer than 1 ms, also a warm one an earlier test left idle.
    const long = new Uint8Array(Buffer.from(`A;B\n${'1;2\n'.repeat(50_000)}`));
    await expect(readOnReaderThread({ kind: 'clientFile', fileKind: 'csv', bytes: long }, refused, { timeoutMs: 1, maxHeapMb: 128 })).rejects.toMatchObject({
      errorKey: 'error.import.too_large',
      statusCode: 413,
      message: expect.stringContaining('longer than'),
    });
    await expect(readOnReaderThread({ kind: 'clientFile', fileKind: 'csv', bytes: csv() }, refused)).resolves.toEqual({ headers: ['A', 'B'], rows: [{ line: 2, cells: ['1', '2'] }] });
  }, 60_000);
});
