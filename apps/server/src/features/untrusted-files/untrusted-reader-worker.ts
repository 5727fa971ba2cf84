// A reader thread (see reader-thread.ts): reads the files it is sent, one at a time, and answers each with the result
// or the AppError a reader threw (its errorKey and status). A new kind of untrusted file is a new case here.
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../app-error';
import { readClientFile } from '../client-import/read-file';
import { checkLogo } from '../branding/logo-check';
import type { ReaderReply, ReaderTask } from './reader-thread';

const port = parentPort;
if (!port) throw new Error('untrusted-reader-worker runs as a worker thread only');

async function read(task: ReaderTask): Promise<unknown> {
  switch (task.kind) {
    case 'clientFile':
      return readClientFile(Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength), task.fileKind);
    case 'logo':
      return checkLogo(Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength));
  }
}

port.on('message', async ({ id, task }: { id: number; task: ReaderTask }) => {
  let reply: ReaderReply;
  try {
    reply = { ok: true, value: await read(task) };
  } catch (err) {
    reply =
      err instanceof AppError
        ? { ok: false, appError: { errorKey: err.errorKey, statusCode: err.statusCode, message: err.message }, message: err.message }
        : { ok: false, message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  port.postMessage({ id, reply });
});
