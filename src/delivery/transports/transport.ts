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
  /** Stored in the capture inbox (it never left the machine). */
  | { kind: 'sent'; response: string }
  /** A relay or the receiving server answered 2xx. */
  | { kind: 'delivered'; response: string }
  /** A temporary failure: try again later. */
  | { kind: 'deferred'; response: string }
  /**
   * A permanent failure: do not try again. `refused` says what the server refused: only
   * a refused recipient (RCPT TO, or a transport that cannot tell) says the address is
   * bad; a refused sender (MAIL FROM) or content (DATA) says nothing about the recipient.
   */
  | { kind: 'bounced'; response: string; refused?: 'recipient' | 'sender' | 'content' }
  /**
   * Not attempted: the destination's pace (pacing.ts) has no room for it now. The job goes
   * back to the queue for `retryAfterMs` without counting an attempt; nothing is recorded.
   */
  | { kind: 'postponed'; response: string; retryAfterMs: number };

export interface Transport {
  readonly name: string;
  send(envelope: Envelope, raw: string): Promise<SendOutcome>;
  /**
   * Gets ready for the first message before it comes (the relay's first connection); a
   * failure is only worth logging: the first message tries again.
   */
  warm?(): Promise<void>;
  close(): Promise<void>;
}
