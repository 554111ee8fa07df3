/**
 * A `GET /readyz` whose JSON body is held back but for its first byte: the
 * connection is busy with a request whose headers are in (a request whose
 * headers are still arriving counted as idle, and shutdown closed it), so a
 * replica's shutdown neither refuses nor closes it, and the request is
 * completed later, while the replica drains. It is how a probe on a
 * kept-alive connection sees the replica answer during its drain once its
 * listener is closed.
 */
import { connect, Socket } from 'node:net';

/** A probe sent up to its last line. */
export interface HeldProbe {
  /** Sends the last byte and resolves with the answer's status and body. */
  complete(): Promise<{ status: number; body: string }>;
}

/** Opens the connection to `port` on 127.0.0.1 and sends all but the last byte of the body. */
export async function holdReadinessProbe(port: number): Promise<HeldProbe> {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let raw = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (raw += chunk));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{');
  return {
    complete: async () => {
      socket.write('}');
      await ended;
      const [head, ...rest] = raw.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      return { status, body: rest.join('\r\n\r\n') };
    },
  };
}
