/**
 * Answers to what Node's HTTP parser refuses before any route sees a request: headers
 * over the size limit (431), malformed framing (400), a request not received within
 * HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS, or a body that stops for
 * HTTP_IDLE_TIMEOUT_MS (408). Node and Fastify would write bodies of their own; these carry the envelope like every other reply, are written only
 * when nothing else has been written on the connection (a reply half-sent cannot be
 * followed by another), and close the connection, since what comes after a framing error
 * cannot be trusted to be a request. They are the client's fault, so they are logged at
 * debug level at most: anyone can send junk, and junk must not fill the error log.
 */
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { failure } from './envelope.js';
import { SECURITY_HEADERS } from './security-headers.js';

function replyFor(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'The request headers are larger than the server accepts; send fewer or shorter headers.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request was not received in time; the connection is closed.' };
    default:
      return { status: 400, message: 'The request is malformed (HTTP framing); the connection is closed.' };
  }
}

export function clientErrorHandler(log: FastifyBaseLogger) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    log.debug({ err: error }, 'malformed request from a client');
    const { status, message } = replyFor(error.code);
    const body = JSON.stringify(failure(status, message));
    // A reply already (partly) written on this connection cannot be followed by another.
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !answering?.headersSent) {
      const headers = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
        'connection: close',
      ];
      socket.once('finish', () => socket.destroy());
      socket.end(`${headers.join('\r\n')}\r\n\r\n${body}`);
      return;
    }
    socket.destroy();
  };
}

/**
 * The idle timeout (HTTP_IDLE_TIMEOUT_MS, the socket's) ends a connection on which nothing
 * arrived for that long. Node's default is to drop it without a word, which a client that
 * stalled in the middle of a request body would see as a reset, not as the 408 the request
 * timeout gives: such a request gets the same 408 envelope. Every other idle connection
 * (between requests, or waiting on a slow reply) is closed as before.
 */
export function idleTimeoutHandler(log: FastifyBaseLogger) {
  const answer = clientErrorHandler(log);
  return (socket: Socket): void => {
    const state = socket as Socket & { parser?: { incoming?: IncomingMessage | null } | null; _httpMessage?: { headersSent?: boolean } | null };
    const receiving = state.parser?.incoming;
    // The request's reply is still to come (a reply already sent, a 401 before the body was
    // read, has left the socket and is not followed by a second one).
    if (receiving && !receiving.complete && state._httpMessage && !state._httpMessage.headersSent) {
      answer(Object.assign(new Error('The request body stopped arriving (idle timeout).'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
      return;
    }
    socket.destroy();
  };
}
