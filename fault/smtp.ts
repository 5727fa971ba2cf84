// The fault script's mail server: accepts every message, but answers the end of DATA only after a delay, so a
// worker killed during a send is killed between hand-over and the server's 250. A message counts as delivered
// only if the 250 goes out on a connection that is still open (as a real MTA that has not answered yet does
// not take responsibility for it); a message whose sender vanished before the 250 is counted as dropped.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface MailCatcher {
  port: number;
  /** Message-ID -> when each copy was accepted (the 250 sent; performance.now() of this process). */
  accepted: Map<string, number[]>;
  /** Message-IDs of messages whose sender disconnected before the 250 (not delivered). */
  dropped: string[];
  /** Message-ID -> when its DATA ended, of the sends in progress (250 not yet sent). */
  inFlight: Map<string, number>;
  close(): Promise<void>;
}

export async function startMailCatcher(dataDelayMs: number): Promise<MailCatcher> {
  const closed = new Set<string>();
  const accepted = new Map<string, number[]>();
  const dropped: string[] = [];
  const inFlight = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Many short connections (one per mail) from one worker.
    maxClients: 200,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
        const messageId = /^Message-ID:[ \t]*(.*)$/im.exec(head)?.[1]?.trim() ?? '(none)';
        inFlight.set(messageId, performance.now());
        setTimeout(() => {
          inFlight.delete(messageId);
          if (closed.has(session.id)) {
            dropped.push(messageId);
            return;
          }
          accepted.set(messageId, [...(accepted.get(messageId) ?? []), performance.now()]);
          callback();
        }, dataDelayMs);
      });
    },
  });
  // A killed sender resets its connection (ECONNRESET): expected here, and without a listener it would end the script.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    accepted,
    dropped,
    inFlight,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
