/**
 * What the send path and the delivery pipeline tell whoever counts things. They depend on
 * these two small interfaces, not on the metrics library, so the code that does the work
 * stays readable and a test or a tool can build a service without any metrics at all.
 */
export interface SendObserver {
  /**
   * A message and its recipients are committed (the API has answered, or is about to, 200).
   * `suppressedCount` of them were on the suppression list: they ended `suppressed` at once,
   * without a queue row, so the pipeline never sees them.
   */
  messageAccepted(recipientCount: number, suppressedCount: number): void;
}

/** What a transport attempt ended in; `error` means the attempt threw (a bug, not an SMTP reply). */
/** `postponed`: the destination's pace had no room, so the transport did not try (pacing.ts). */
export type AttemptResult = 'sent' | 'delivered' | 'deferred' | 'bounced' | 'postponed' | 'error';

/** The state a delivery left the recipient in (an expired deferral is recorded as `bounced`). */
export type RecordedOutcome = 'sent' | 'delivered' | 'deferred' | 'bounced' | 'suppressed';

export interface DeliveryObserver {
  /** One hand-over to the transport took `seconds`. */
  transportAttempt(transport: string, result: AttemptResult, seconds: number): void;
  /**
   * An outcome is committed. `sinceAcceptanceSeconds` runs from the message's acceptance to
   * this outcome; `expired` marks a deferral turned into a bounce by the retry age.
   */
  outcomeRecorded(outcome: RecordedOutcome, sinceAcceptanceSeconds: number, expired: boolean): void;
}

export const IGNORE_SENDS: SendObserver = { messageAccepted() {} };

/** One observer that tells each of `observers`. */
export function allOf(...observers: SendObserver[]): SendObserver {
  return {
    messageAccepted(recipientCount, suppressedCount) {
      for (const observer of observers) observer.messageAccepted(recipientCount, suppressedCount);
    },
  };
}

export const IGNORE_DELIVERIES: DeliveryObserver = { transportAttempt() {}, outcomeRecorded() {} };

/** What the retention purge (features/system/retention) tells whoever counts things. */
export interface PurgeObserver {
  /**
   * One purge transaction or vacuum step of `step` (what it counts: bodies, pagesFreed, …),
   * asked for `size` rows or pages, held the writer `heldMs` (db/writer-hold.ts).
   */
  purgeStep(step: string, heldMs: number, size: number): void;
  /** A run ended: how many of each it removed; `complete` false when its time budget ran out first. */
  purgeRunEnded(removed: Readonly<Record<string, number>>, complete: boolean): void;
}
