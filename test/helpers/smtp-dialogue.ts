/**
 * A raw SMTP conversation over TCP, line by line, as a test writes it: every reply is
 * read whole (multi-line replies up to the `NNN ` line), so a test can assert each code
 * and text, send several commands in one write (PIPELINING) and read their replies in
 * order, or upgrade the socket with STARTTLS.
 */
import net from 'node:net';
import tls from 'node:tls';

export interface Reply {
  code: number;
  /** The reply's lines joined with \n, codes included. */
  text: string;
}

export class SmtpDialogue {
  private buffer = '';
  private waiting: (() => void) | undefined;
  private closed = false;

  private constructor(private socket: net.Socket | tls.TLSSocket) {
    this.attach(socket);
  }

  /** Connects (from `localAddress` when given) and reads the greeting. */
  static async open(port: number, host = '127.0.0.1', localAddress?: string): Promise<{ dialogue: SmtpDialogue; greeting: Reply }> {
    const socket = net.connect({ port, host, ...(localAddress ? { localAddress } : {}) });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const dialogue = new SmtpDialogue(socket);
    return { dialogue, greeting: await dialogue.read() };
  }

  private attach(socket: net.Socket | tls.TLSSocket): void {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.waiting?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
    socket.on('error', () => undefined);
  }

  /** The next whole reply; rejects if the server closes the connection first. */
  async read(): Promise<Reply> {
    for (;;) {
      const match = /^(?:\d{3}-[^\n]*\n)*(\d{3}) [^\n]*\n/.exec(this.buffer);
      if (match) {
        this.buffer = this.buffer.slice(match[0].length);
        return { code: Number(match[1]), text: match[0].replace(/\r/g, '').trimEnd() };
      }
      if (this.closed) throw new Error(`connection closed; unread: ${JSON.stringify(this.buffer)}`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
      this.waiting = undefined;
    }
  }

  /** Writes `data` as is (several commands at once, or message bytes). */
  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  /** One command and its reply. */
  async command(line: string): Promise<Reply> {
    this.write(`${line}\r\n`);
    return this.read();
  }

  /** AUTH PLAIN with this user name and password. */
  auth(password: string, user = 'apikey'): Promise<Reply> {
    return this.command(`AUTH PLAIN ${Buffer.from(`\0${user}\0${password}`).toString('base64')}`);
  }

  /** STARTTLS, then the TLS handshake trusting `ca`; the dialogue goes on encrypted. */
  async startTls(ca: string): Promise<Reply> {
    const reply = await this.command('STARTTLS');
    if (reply.code !== 220) return reply;
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('close');
    const secure = tls.connect({ socket: plain, ca, servername: 'localhost' });
    await new Promise<void>((resolve, reject) => secure.once('secureConnect', resolve).once('error', reject));
    this.socket = secure;
    this.attach(secure);
    return reply;
  }

  /** MAIL, RCPT for each recipient, DATA and the message: the reply to its final dot (or the first refusal). */
  async send(from: string, to: string[], message: string | Buffer, mailParams = ''): Promise<Reply> {
    const mail = await this.command(`MAIL FROM:<${from}>${mailParams}`);
    if (mail.code !== 250) return mail;
    for (const rcpt of to) {
      const reply = await this.command(`RCPT TO:<${rcpt}>`);
      if (reply.code !== 250) return reply;
    }
    const data = await this.command('DATA');
    if (data.code !== 354) return data;
    return this.sendData(message);
  }

  /** The message (dot-stuffed here) and the final dot; its reply. */
  async sendData(message: string | Buffer): Promise<Reply> {
    const bytes = Buffer.isBuffer(message) ? message : Buffer.from(message);
    const stuffed = Buffer.from(bytes.toString('latin1').replace(/(^|\r\n)\./g, '$1..'), 'latin1');
    this.write(Buffer.concat([stuffed, Buffer.from(stuffed.subarray(-2).toString() === '\r\n' ? '.\r\n' : '\r\n.\r\n')]));
    return this.read();
  }

  close(): void {
    this.socket.destroy();
  }
}
