/** The purge's settings the retention tests start from (features/system/retention): each file changes what it tests. */
import type { RetentionSettings } from '../../src/features/system/retention/retention.service.js';

export const DAY_MS = 86_400_000;

export function purgeSettings(changes: Partial<RetentionSettings> = {}): RetentionSettings {
  return {
    captureDays: 7,
    captureMaxRows: 100_000,
    webhookLogDays: 30,
    jobsDays: 30,
    bodyDays: 30,
    metadataDays: 400,
    intervalMs: 3_600_000,
    batchRows: 2,
    ...changes,
  };
}
