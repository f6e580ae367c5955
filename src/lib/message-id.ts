/**
 * The Message-ID of a sent message. Nearly every message carries the one made from its own id
 * and its From domain, `<id@domain>`; its row then stores '' (migration 0040), and this derives
 * it wherever it is read (composition, the API, reply threading). A Message-ID of the sender's
 * own (SMTP submission keeps its client's) is stored as it is, and so is every row written
 * before that migration: a stored value is always the answer.
 */

/** The Message-ID made from a message's id and its From address. */
export function ownMessageId(id: string, fromEmail: string): string {
  return `<${id}@${fromEmail.slice(fromEmail.lastIndexOf('@') + 1).toLowerCase()}>`;
}

/** What a message row stores for its Message-ID: '' when it is the one made from its id. */
export function storedMessageId(id: string, fromEmail: string, messageId: string): string {
  return messageId === ownMessageId(id, fromEmail) ? '' : messageId;
}

/** The columns of a message row its Message-ID is read from. */
interface MessageIdColumns {
  id: string;
  from_email: string;
  message_id_header: string;
}

/** A message row's Message-ID: the stored one, or the one made from its id when none is stored. */
export function messageIdOf(row: MessageIdColumns): string {
  return row.message_id_header || ownMessageId(row.id, row.from_email);
}
