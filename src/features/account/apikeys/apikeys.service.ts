/**
 * Rules for API keys: owners and admins create and revoke them with a session (a key
 * never mints or revokes keys), choosing scopes and an optional expiry. The key is
 * returned once; only its SHA-256 and a preview are stored. Revoking is soft and takes
 * effect at once in this process, within SESSION_CACHE_SECONDS in others.
 */
import { listResult, type ListResult, type Page, iso, resourceFields } from '../../../lib/api-shape.js';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { SCOPES, type Scope } from '../../../http/scopes.js';
import { isId, newId } from '../../../lib/ids.js';
import { sha256Hex } from '../../../lib/tokens.js';
import type { Principal } from '../../../http/principal.js';
import type { AuthService } from '../auth/auth.service.js';
import { requireManager } from '../auth/rights.js';
import { generateApiKey, previewApiKey } from './apikey-format.js';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey, CredentialInfo } from './apikeys.schemas.js';
import { insertApiKey, listLiveApiKeys, revokeApiKey } from './apikeys.store.js';
import type { ApiKeyRow } from './apikeys.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    ...resourceFields(row),
    name: row.name,
    scopes: row.scopes.split(' ').filter(Boolean) as Scope[],
    preview: row.preview,
    expiresTime: row.expires_at === null ? null : iso(row.expires_at),
    lastUsedTime: row.last_used_at === null ? null : iso(row.last_used_at),
  };
}

export class ApiKeysService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(principal: Principal, page: Page): Promise<ListResult<ApiKey>> {
    const { rows, total } = await listLiveApiKeys(this.db, principal.accountId, page);
    return listResult(rows.map(toApiKey), total);
  }

  async create(principal: Principal, input: CreateApiKeyBody): Promise<CreatedApiKey> {
    requireManager(principal);
    const now = this.clock.now();
    const expiresAt = input.expiresAt === undefined ? null : Date.parse(input.expiresAt);
    if (expiresAt !== null && expiresAt <= now) throw AppError.field('expiresAt', 'must be in the future');
    const key = generateApiKey();
    const row: ApiKeyRow = {
      id: newId(now),
      account_id: principal.accountId,
      name: input.name.trim(),
      key_hash: sha256Hex(key),
      preview: previewApiKey(key),
      // Stored in the order of SCOPES, so equal sets read the same.
      scopes: SCOPES.filter((s) => input.scopes.includes(s)).join(' '),
      expires_at: expiresAt,
      last_used_at: null,
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    await insertApiKey(this.db, row);
    return { ...toApiKey(row), key };
  }

  async revoke(principal: Principal, id: string): Promise<void> {
    requireManager(principal);
    const revoked = isId(id) && (await revokeApiKey(this.db, principal.accountId, id, { now: this.clock.now(), userId: principal.userId }));
    if (!revoked) throw AppError.notFound('API key');
    this.auth.forgetApiKey(id);
  }

  /** GET /inbox/auth-check: what the credential of the request is. */
  describe(principal: Principal): CredentialInfo {
    return {
      accountId: principal.accountId,
      credential: principal.credential,
      apiKeyId: principal.apiKeyId,
      userId: principal.userId,
      role: principal.role,
      scopes: [...principal.scopes],
    };
  }
}
