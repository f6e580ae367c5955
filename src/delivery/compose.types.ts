/** The plain types composing and storing compositions share (compose.ts, delivery.store.ts), in a module of their own so neither imports the other. */
import type { RecipientKind } from '../features/notify/messages/messages.table.js';

export interface ComposeRecipient {
  email: string;
  name: string;
  /** Absent: to. Bcc recipients get the same bytes but are named in no header. */
  kind?: RecipientKind;
}

/** Where a composition is kept: on the message, or on a personalised recipient. */
export type ComposedTarget = { messageId: string; mime: string } | { recipientId: string; mime: string };
