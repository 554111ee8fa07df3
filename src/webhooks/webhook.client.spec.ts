import { ConfigService } from '@nestjs/config';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { KaduConfig } from '../config/kadu-config.interface';
import { WebhookSender } from './webhook.client';

describe('WebhookSender', () => {
  let server: Server;
  let port: number;
  let received: string[];
  beforeAll(async () => {
    server = createServer((req, res) => {
      received.push(req.url ?? '');
      req.resume().on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => (received = []));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const senderWith = (allowPrivate: boolean) =>
    new WebhookSender(new ConfigService({ KADU_WEBHOOKS_ALLOW_PRIVATE: allowPrivate }) as ConfigService<KaduConfig, true>);

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
  ])('never connects to the non-public IP literal %s: the attempt fails as refused', async (host, address) => {
    const outcome = await senderWith(false).send(`http://${host}:${port}/literal`, '{}', {});
    expect(outcome).toEqual({ status_code: null, duration_ms: expect.any(Number), error: `refused: ${address} is a non-public address` });
    expect(received).toEqual([]);
  });

  it('refuses a name that resolves to a non-public address, as before', async () => {
    const outcome = await senderWith(false).send(`http://localhost:${port}/name`, '{}', {});
    expect(outcome).toMatchObject({ status_code: null, error: 'refused: localhost resolves to a non-public address' });
    expect(received).toEqual([]);
  });

  it('delivers to a loopback receiver when KADU_WEBHOOKS_ALLOW_PRIVATE is set (as the e2e specs do)', async () => {
    const outcome = await senderWith(true).send(`http://127.0.0.1:${port}/allowed`, '{}', {});
    expect(outcome).toMatchObject({ status_code: 200, error: null });
    expect(received).toEqual(['/allowed']);
  });
});
