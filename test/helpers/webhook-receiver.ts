/** A webhook receiver on loopback for the tests that follow events to their webhooks. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook receiver on loopback: keeps every payload. */
export class Receiver {
  readonly payloads: any[] = [];
  private constructor(private readonly server: http.Server) {}
  static async start(): Promise<Receiver> {
    const server = http.createServer();
    const receiver = new Receiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        receiver.payloads.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
