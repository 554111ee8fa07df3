import * as http from 'http';
import { AddressInfo } from 'net';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * Sends a body in chunks without Content-Length (Transfer-Encoding: chunked),
 * which supertest cannot do, to prove the limit holds on what actually arrives.
 */
export function postChunked(server: http.Server, path: string, headers: Record<string, string>, chunks: Buffer[]): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(parts).toString() }));
    });
    // The server may answer and close before every chunk is written; that is the point.
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    let index = 0;
    const writeNext = () => {
      if (index >= chunks.length) return request.end();
      if (request.destroyed) return;
      request.write(chunks[index++], () => setImmediate(writeNext));
    };
    writeNext();
  });
}
