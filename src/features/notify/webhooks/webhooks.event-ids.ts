/**
 * The original service's webhook event ids, which integrations written for it send in
 * `events` (an automation platform's sends `events: [5]`), mapped to Postwire's event
 * types. Pure. A webhook stores and answers the types; an id is only another way to name
 * one on the way in. The mapping, and why each, is in docs/webhooks.md.
 */
import { AppError, type FieldError } from '../../../errors.js';
import type { EventType } from '../events/events.table.js';

/** Index = the original's id. */
export const ORIGINAL_EVENT_IDS: readonly EventType[] = [
  'bounced', // 0 hard bounce
  'deferred', // 1 soft bounce: refused for now, tried again
  'complained', // 2 spam report
  'suppressed', // 3 blocked: not sent, the address is on the suppression list
  'delivered', // 4 delivered
  'opened', // 5 opened
  'unique_opened', // 6 unique open: a copy's first open only
  'clicked', // 7 clicked
];

/** `events` as given (types and ids mixed) as types, each once, in the order given; throws naming every unknown id. */
export function eventTypesOf(events: readonly (EventType | number)[]): EventType[] {
  const errors: FieldError[] = [];
  const types = events.map((event, i) => {
    if (typeof event === 'string') return event;
    const type = ORIGINAL_EVENT_IDS[event];
    if (type === undefined) {
      errors.push({
        field: `events[${i}]`,
        message: `is not an event id: ids are 0 to ${ORIGINAL_EVENT_IDS.length - 1} (${ORIGINAL_EVENT_IDS.map((t, id) => `${id} ${t}`).join(', ')}), or give the type's name`,
      });
    }
    return type;
  });
  if (errors.length) throw AppError.validation(errors);
  return [...new Set(types as EventType[])];
}
