/**
 * The account owner's notice that an import failed for good: the same kind of mail as a
 * campaign's notices (campaign-mail.ts ownerNotice), from SYSTEM_FROM to the address of
 * the account's first live owner, written as an accepted message of the account, so it is
 * delivered, retried and listed (GET /notify/v1/messages) like any other. A message names
 * one of the account's senders: the owner's own address if it is one, else the oldest.
 */
import { escapeHtml } from '../../../lib/template-render.js';
import { type AcceptedMessage, acceptedMessage } from '../../notify/notify.module.js';
import type { ContactImportRow } from './imports.table.js';

export interface NoticeAddressing {
  owner: string;
  senderId: string;
  systemFrom: string;
}

export function importFailedNotice(
  failed: Pick<ContactImportRow, 'id' | 'account_id' | 'list_id' | 'total' | 'added' | 'failure_reason' | 'create_user_id'>,
  listName: string,
  to: NoticeAddressing,
  now: number,
): AcceptedMessage {
  const html =
    `<p>Your import into the contact list <b>${escapeHtml(listName)}</b> (import ${failed.id}) has failed.</p>` +
    `<p>Why: ${escapeHtml(failed.failure_reason ?? '')}</p>` +
    `<p>Rows read before the failure: ${failed.total}; contacts added: ${failed.added}. They stay on the list. ` +
    `Fix the file and import it again: rows already imported are counted as already there.</p>`;
  return acceptedMessage({
    now,
    accountId: failed.account_id,
    userId: failed.create_user_id,
    senderId: to.senderId,
    from: { email: to.systemFrom, name: 'Postwire' },
    content: { subject: `Your import into "${listName.replace(/[\r\n\t]+/g, ' ')}" has failed`, html, text: null },
    recipients: [{ email: to.owner }],
    priority: 'transactional',
  });
}
