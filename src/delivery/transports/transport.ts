/**
 * The one small interface between the delivery pipeline and the outside world.
 * A transport takes one envelope and the message bytes and says what happened.
 */

export interface Envelope {
  accountId: string;
  messageId: string;
  recipientId: string;
  from: string;
  to: string;
}

export type SendOutcome =
  /** The transport took the message (2xx, or stored in the capture inbox). */
  | { kind: 'sent'; response: string }
  /** A temporary failure: try again later. */
  | { kind: 'deferred'; response: string }
  /** A permanent failure: do not try again. */
  | { kind: 'bounced'; response: string };

export interface Transport {
  readonly name: string;
  send(envelope: Envelope, raw: string): Promise<SendOutcome>;
  close(): Promise<void>;
}
