/** The plain types composing and storing compositions share (compose.ts, delivery-store.ts), in a module of their own so neither imports the other. */

/** How a recipient was addressed: `to` and `cc` appear in the headers, `bcc` never does. */
export type RecipientKind = 'to' | 'cc' | 'bcc';

export interface ComposeRecipient {
  email: string;
  name: string;
  /** Absent: to. Bcc recipients get the same bytes but are named in no header. */
  kind?: RecipientKind;
}

/** Where a composition is kept: on the message, or on a personalised recipient. */
export type ComposedTarget = { messageId: string; mime: string } | { recipientId: string; mime: string };
