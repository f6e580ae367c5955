import type { Selectable } from 'kysely';

export interface DomainsTable {
  id: string;
  account_id: string;
  /** Lowercase, without a trailing dot. */
  name: string;
  /** DKIM selector: the key is published at <selector>._domainkey.<name>. */
  selector: string;
  /** PEM (PKCS#8). Never leaves the server; null once the domain is deleted. */
  private_key: string | null;
  /** Base64 of the DER SubjectPublicKeyInfo: the p= of the DKIM record. */
  public_key: string;
  /** Set while the last check found DKIM and SPF right; a sender at this domain is then usable. */
  verified_at: number | null;
  checked_at: number | null;
  /** JSON: the last check's CheckResults (see domain-records.ts). */
  check_results: string | null;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

export type DomainRow = Selectable<DomainsTable>;
