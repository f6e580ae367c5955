/** The plain types composing and storing compositions share (compose.ts, delivery-store.ts), in a module of their own so neither imports the other. */

/** How a recipient was addressed: `to` and `cc` appear in the headers, `bcc` never does. */
export type RecipientKind = 'to' | 'cc' | 'bcc';

export interface ComposeRecipient {
  email: string;
  name: string;
  /** Absent: to. Bcc recipients get the same bytes but are named in no header. */
  kind?: RecipientKind;
}

/**
 * What is kept of a first composition: its DKIM-Signature field ('' when unsigned), from
 * which the same bytes are composed again; the whole MIME only where they could not be
 * (a submitted message the signer changed beyond adding its field).
 */
export interface KeptComposition {
  signature: string;
  mime?: string;
}

/** Where a composition is kept: on the message, or on a personalised recipient. */
export type ComposedTarget = ({ messageId: string } | { recipientId: string }) & KeptComposition;
