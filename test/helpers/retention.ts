/** The purge's settings the retention tests start from (features/system/retention): each file changes what it tests. */
import { loadConfig } from '../../src/config.js';
import { type RetentionSettings, retentionSettings } from '../../src/features/system/retention/retention.service.js';

export const DAY_MS = 86_400_000;

/** The configuration's defaults, in batches of 2 rows (a test's few messages take several), with `changes` on top. */
export function purgeSettings(changes: Partial<RetentionSettings> = {}): RetentionSettings {
  return { ...retentionSettings(loadConfig({})), batchRows: 2, ...changes };
}
