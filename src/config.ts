/**
 * The one schema of Postwire's configuration and the only reader of `process.env`.
 * Every key has a type, a default and a one-line description; `docs/config.md` is
 * generated from this table (`npm run docs:config`), so the table is the documentation.
 * `Config` and `loadConfig` are derived from it too (the camel-case name of each key,
 * its type from `kind`): a new setting is one line here, nothing else.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { parseDestinationLimits } from './lib/destination-limits.js';
import { isEmailAddress } from './lib/email-address.js';

type Kind = 'string' | 'integer' | 'boolean' | 'enum' | 'list';

interface KeySpec {
  /** `list`: comma-separated values, trimmed; `none` means an empty list. */
  kind: Kind;
  default: string | undefined;
  description: string;
  values?: readonly string[];
  min?: number;
  max?: number;
  /** How the value is normalised once read: `lowercase`, `uppercase` (enums compare in lower case otherwise), `path` (made absolute), `url` (trailing slashes dropped). */
  normalize?: 'lowercase' | 'uppercase' | 'path' | 'url';
  /** Another key whose value stands in when this one is unset. */
  fallback?: string;
}

export const CONFIG_SCHEMA = {
  PORT: { kind: 'integer', default: '3000', min: 0, max: 65535, description: 'TCP port the HTTP API listens on (0 picks a free port).' },
  HOST: { kind: 'string', default: '127.0.0.1', description: 'Address the HTTP API binds to; 0.0.0.0 serves other machines.' },
  DATA_DIR: {
    kind: 'string',
    normalize: 'path',
    default: './data',
    description: 'Folder for the SQLite file, the generated JWT secret and other local state.',
  },
  DATABASE_URL: { kind: 'string', default: undefined, description: 'Absent: SQLite file postwire.db in DATA_DIR. postgres://… selects PostgreSQL.' },
  BASE_URL: { kind: 'string', normalize: 'url', default: undefined, description: 'Public address used in links; defaults to http://HOST:PORT.' },
  TRACKING_BASE_URL: {
    kind: 'string',
    normalize: 'url',
    default: undefined,
    description: 'Public address of the open, click and unsubscribe links in tracked messages (docs/tracking.md); defaults to BASE_URL.',
  },
  JWT_SECRET: { kind: 'string', default: undefined, description: 'HMAC secret for access tokens; absent: generated once and kept in DATA_DIR/jwt-secret.' },
  TRANSPORT: {
    kind: 'enum',
    default: 'capture',
    values: ['capture', 'smtp', 'mx'],
    description:
      "Where the worker hands messages: capture keeps them in the built-in inbox, smtp relays through SMTP_URL, mx delivers to each domain's mail servers.",
  },
  SMTP_URL: {
    kind: 'string',
    default: undefined,
    description: 'Relay for TRANSPORT=smtp: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://… (TLS from the start).',
  },
  SMTP_POOL_SIZE: { kind: 'integer', default: '5', min: 1, description: 'Connections kept open to the relay, or to each destination host with TRANSPORT=mx.' },
  SMTP_CONNECT_TIMEOUT_MS: {
    kind: 'integer',
    default: '30000',
    min: 100,
    description: 'How long connecting to a mail server, and then its greeting, may take before the attempt is deferred.',
  },
  SMTP_IDLE_TIMEOUT_MS: {
    kind: 'integer',
    default: '120000',
    min: 100,
    description:
      'How long a mail server may stay silent during a session (any reply, e.g. the answer to DATA) before the attempt is deferred (the claim on the message is renewed meanwhile).',
  },
  SMTP_MAX_MESSAGES_PER_CONNECTION: { kind: 'integer', default: '100', min: 1, description: 'Messages sent over one relay connection before it is replaced.' },
  SMTP_TLS_REJECT_UNAUTHORIZED: {
    kind: 'boolean',
    default: 'true',
    description: 'false accepts a relay or MX host with a self-signed or mismatched certificate.',
  },
  DNS_RESOLVER: {
    kind: 'string',
    default: undefined,
    description: 'DNS server for every look-up (MX delivery, sending-domain checks) as an IP address or IP:port (not a name); absent: the system resolver.',
  },
  MX_RESOLVER: {
    kind: 'string',
    fallback: 'DNS_RESOLVER',
    default: undefined,
    description: 'DNS server for MX look-ups only, overriding DNS_RESOLVER for them; same form.',
  },
  MX_PORT: { kind: 'integer', default: '25', min: 1, max: 65535, description: 'Port of the destination mail servers for TRANSPORT=mx.' },
  MX_CONCURRENCY_PER_DOMAIN: {
    kind: 'integer',
    default: '5',
    min: 1,
    description:
      'Deliveries in flight at once to one destination provider (the domains whose preferred MX host is under one registrable domain) ' +
      'with TRANSPORT=mx, per worker process; halved while the provider throttles (docs/delivery.md).',
  },
  MX_RATE_PER_DESTINATION: {
    kind: 'integer',
    default: '0',
    min: 0,
    description: 'Deliveries started per second to one destination provider with TRANSPORT=mx, per worker process; 0: no rate limit.',
  },
  SMTP_RATE_PER_SECOND: {
    kind: 'integer',
    default: '0',
    min: 0,
    description: "Deliveries started per second to the relay with TRANSPORT=smtp (the relay's sending quota), per worker process; 0: no rate limit.",
  },
  DESTINATION_LIMITS: {
    kind: 'list',
    default: undefined,
    description:
      'Comma-separated ceilings for particular destinations, provider=concurrency/perSecond (perSecond 0 or left out: no rate), ' +
      'e.g. google.com=10/20,outlook.com=5; the relay is named by its host. Others get the defaults above.',
  },
  DELIVERY_PACING_MAX_WAIT_MS: {
    kind: 'integer',
    default: '2000',
    min: 0,
    description:
      'A delivery whose turn at a paced or throttled destination is further away than this goes back to the queue until then ' +
      '(no attempt counted, nothing recorded) instead of holding a worker lane.',
  },
  HELO_NAME: {
    kind: 'string',
    default: undefined,
    description: "Name this server gives in EHLO; absent: the machine's host name. Set a real, resolvable name for TRANSPORT=mx.",
  },
  BOUNCE_DOMAIN: {
    kind: 'string',
    normalize: 'lowercase',
    default: undefined,
    description: "Domain of the VERP return path bounces+<recipientId>@BOUNCE_DOMAIN; absent: the sender's own address is the return path.",
  },
  DKIM_DOMAIN: {
    kind: 'string',
    normalize: 'lowercase',
    default: undefined,
    description: 'Sign messages from this domain (and its subdomains) with DKIM_PRIVATE_KEY.',
  },
  DKIM_SELECTOR: {
    kind: 'string',
    default: 'postwire',
    description:
      'DKIM selector of DKIM_PRIVATE_KEY, and the default selector of the keys generated for sending domains: a key is published at <selector>._domainkey.<domain>.',
  },
  SPF_MECHANISM: {
    kind: 'string',
    default: undefined,
    description:
      'What sending domains must add to their SPF record to authorise this server, e.g. include:_spf.example.com or ip4:203.0.113.7; absent: a:<HELO_NAME or host name>.',
  },
  REQUIRE_VERIFIED_SENDERS: {
    kind: 'boolean',
    default: 'false',
    description: 'true: a sender can be used in from only once its address is confirmed by email or its domain is verified.',
  },
  SYSTEM_FROM: {
    kind: 'string',
    default: undefined,
    description: 'From address of the mail Postwire sends itself (sender confirmations); absent: postwire@<BOUNCE_DOMAIN, HELO_NAME or host name>.',
  },
  SENDER_CONFIRMATION_TTL_SECONDS: { kind: 'integer', default: '172800', min: 60, description: 'How long a sender confirmation link stays valid (2 days).' },
  DKIM_PRIVATE_KEY: { kind: 'string', default: undefined, description: 'PEM private key for DKIM, or a path to a file holding it.' },
  MAX_RETRY_AGE_SECONDS: {
    kind: 'integer',
    default: '259200',
    min: 60,
    description: 'A recipient still deferred this long after acceptance is bounced (3 days).',
  },
  RETRY_FIRST_DELAY_MS: {
    kind: 'integer',
    default: '60000',
    min: 100,
    description: 'Wait before retrying a deferred delivery the first time; it doubles with every attempt, up to one hour (±20 % jitter).',
  },
  INBOUND_SMTP_PORT: {
    kind: 'integer',
    default: '2525',
    min: 0,
    max: 65535,
    description: 'Port of the built-in SMTP listener for bounces (DSN) and complaints (ARF); 0 picks a free port.',
  },
  INBOUND_SMTP_HOST: { kind: 'string', default: '127.0.0.1', description: 'Address the inbound SMTP listener binds to.' },
  INBOUND_SMTP_MAX_BYTES: {
    kind: 'integer',
    default: '10485760',
    min: 1024,
    description: 'Largest message (report or received mail) the inbound SMTP listener accepts; larger ones are refused with 552.',
  },
  INBOUND_SMTP_MAX_RECIPIENTS: {
    kind: 'integer',
    default: '100',
    min: 1,
    description:
      'Recipients one message to the inbound SMTP listener may have; beyond it RCPT gets 452 (4.5.3) and the sender sends the rest in another message.',
  },
  INBOUND_SMTP_MESSAGES_PER_IP: {
    kind: 'integer',
    default: '600',
    min: 0,
    description:
      'Messages one client IP address may send the inbound SMTP listener per INBOUND_SMTP_RATE_WINDOW_SECONDS; beyond it MAIL FROM gets 450 (4.7.1) and new connections 421 until the window ends. 0: no limit.',
  },
  INBOUND_SMTP_RATE_WINDOW_SECONDS: {
    kind: 'integer',
    default: '60',
    min: 1,
    description: 'The window of INBOUND_SMTP_MESSAGES_PER_IP.',
  },
  INBOUND_MX_HOST: {
    kind: 'string',
    normalize: 'lowercase',
    fallback: 'HELO_NAME',
    default: undefined,
    description:
      "Host name a receiving domain's MX record must point at (shown with each receiving domain, checked by its verify); absent: HELO_NAME, else the machine's host name.",
  },
  SPAMD_HOST: {
    kind: 'string',
    default: undefined,
    description: "Host of SpamAssassin's spamd that scores received mail (SPAMC protocol); absent: received mail is not scored.",
  },
  SPAMD_PORT: { kind: 'integer', default: '783', min: 1, max: 65535, description: 'Port of spamd (SPAMD_HOST).' },
  SPAMD_REJECT_SCORE: {
    kind: 'integer',
    default: '10',
    min: 1,
    description: "Received mail that spamd scores at or above this is refused at DATA (550); below it, the score and rules are in the message's document.",
  },
  SPAMD_TIMEOUT_MS: {
    kind: 'integer',
    default: '10000',
    min: 100,
    description: 'How long a spamd check may take; a check that fails or times out lets the message through unscored.',
  },
  SMTP_SUBMISSION_PORT: {
    kind: 'integer',
    default: '2587',
    min: 0,
    max: 65535,
    description:
      'Port of the SMTP submission service (`postwire smtp`, also run by `start`) where applications send mail with an API key as ' +
      'password (docs/smtp.md); 587 where the process may bind it; 0 picks a free port.',
  },
  SMTP_SUBMISSION_TLS_PORT: {
    kind: 'integer',
    default: undefined,
    min: 0,
    max: 65535,
    description:
      'A second submission port with TLS from the first byte (SMTPS; 465 where the process may bind it) for mailers that only do "SSL"; absent: none. 0 picks a free port.',
  },
  SMTP_SUBMISSION_HOST: {
    kind: 'string',
    default: '127.0.0.1',
    description: 'Address the SMTP submission service binds to; 0.0.0.0 serves other machines (as HOST does for the API).',
  },
  SMTP_SUBMISSION_TLS_CERT: {
    kind: 'string',
    default: undefined,
    description: 'PEM certificate (chain) file for STARTTLS on the submission port; absent: a self-signed certificate is generated once and kept in DATA_DIR.',
  },
  SMTP_SUBMISSION_TLS_KEY: { kind: 'string', default: undefined, description: 'PEM private key file of SMTP_SUBMISSION_TLS_CERT.' },
  SMTP_SUBMISSION_AUTH_WITHOUT_TLS: {
    kind: 'boolean',
    default: 'false',
    description: 'Offer AUTH before STARTTLS to every client (the API key then crosses the network in clear); loopback clients are always offered it.',
  },
  SMTP_SUBMISSION_MAX_RECIPIENTS: {
    kind: 'integer',
    default: '100',
    min: 1,
    description: 'Envelope recipients (RCPT TO) one submitted message may have; more get 452.',
  },
  SMTP_SUBMISSION_MAX_MESSAGES_PER_CONNECTION: {
    kind: 'integer',
    default: '1000',
    min: 1,
    description: 'Messages one submission connection may send; after that MAIL FROM gets 421 and the client reconnects.',
  },
  LOG_LEVEL: {
    kind: 'enum',
    default: 'info',
    values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    description: 'Minimum level of log lines written to stdout.',
  },
  LOG_REQUESTS: {
    kind: 'boolean',
    default: 'false',
    description: 'true: log one line per API request (at info): request id, method, route, status, time in ms and account id; never bodies or credentials.',
  },
  ACCESS_TOKEN_TTL_SECONDS: { kind: 'integer', default: '3600', min: 60, description: 'Lifetime of an access token (expires_in of POST /token).' },
  REFRESH_TOKEN_TTL_SECONDS: {
    kind: 'integer',
    default: '2592000',
    min: 60,
    description: 'Lifetime of a refresh token family since its last rotation (30 days).',
  },
  SESSION_CACHE_SECONDS: {
    kind: 'integer',
    default: '5',
    min: 0,
    description: 'How long another process may keep honouring a revoked session (verified credentials are cached this long).',
  },
  HTTP_HEADERS_TIMEOUT_MS: {
    kind: 'integer',
    default: '10000',
    min: 100,
    description: "How long a client may take to send a request's headers before it gets 408 and the connection is closed.",
  },
  HTTP_REQUEST_TIMEOUT_MS: {
    kind: 'integer',
    default: '120000',
    min: 100,
    description:
      'How long a client may take to send a whole request, body included, before it gets 408 and the connection is closed (a 10 MB body at 1 Mbit/s takes about 80 s).',
  },
  HTTP_IDLE_TIMEOUT_MS: {
    kind: 'integer',
    default: '120000',
    min: 100,
    description:
      "A connection on which nothing is sent or received for this long is closed; a client that stops in the middle of a request body gets 408 first. Keep it above the slowest request's processing time.",
  },
  HTTP_KEEP_ALIVE_TIMEOUT_MS: {
    kind: 'integer',
    default: '72000',
    min: 100,
    description: "How long an idle kept-alive connection stays open for the next request; behind a load balancer, make it longer than the balancer's own.",
  },
  SHUTDOWN_TIMEOUT_MS: {
    kind: 'integer',
    default: '10000',
    min: 100,
    description:
      'On SIGTERM, how long requests in progress may take to finish before their connections are closed; accepted messages are committed either way.',
  },
  BODY_LIMIT_BYTES: { kind: 'integer', default: '10485760', min: 1024, description: 'Largest request body accepted; larger bodies get 413.' },
  IMPORT_MAX_BYTES: {
    kind: 'integer',
    default: '268435456',
    min: 1024,
    description: 'Largest CSV file a contact import upload accepts (it is streamed into the database, never held in memory); larger files get 413.',
  },
  FORM_FRAME_ANCESTORS: {
    kind: 'list',
    default: '*',
    description:
      'Sites that may embed the sign-up pages of forms in an iframe (CSP frame-ancestors sources, e.g. https://www.example.com); * any site, none: no site.',
  },
  FORM_MIN_FILL_SECONDS: {
    kind: 'integer',
    default: '2',
    min: 0,
    description: 'A sign-up form submitted sooner than this after its page was served is dropped without a word (people take longer; bots do not).',
  },
  FORM_SUBMISSIONS_PER_IP_PER_MINUTE: {
    kind: 'integer',
    default: '20',
    min: 0,
    description:
      'Sign-up form submissions (POST of a hosted form page) one IP address may make per minute, all forms together; more get 429 with Retry-After. 0: no limit. RATE_LIMIT_EXEMPT_IPS skip it.',
  },
  RETENTION_CAPTURE_DAYS: {
    kind: 'integer',
    default: '7',
    min: 1,
    description: 'Days the capture inbox keeps a captured copy (docs/retention.md); the purge deletes older ones.',
  },
  CAPTURE_INBOX_MAX_ROWS: {
    kind: 'integer',
    default: '100000',
    min: 1,
    description: 'Most captured copies the capture inbox keeps, all accounts together; the purge deletes the oldest beyond it.',
  },
  RETENTION_WEBHOOK_LOG_DAYS: {
    kind: 'integer',
    default: '30',
    min: 1,
    description: 'Days a webhook call that ended (delivered or given up) stays in the webhook delivery log.',
  },
  RETENTION_JOBS_DAYS: {
    kind: 'integer',
    default: '30',
    min: 1,
    description: 'Days a background job that ended (an import, a campaign dispatch) is kept, with its idempotency key.',
  },
  RETENTION_BODY_DAYS: {
    kind: 'integer',
    default: '30',
    min: 1,
    max: 3650,
    description:
      "Days a message's content (HTML, text, attachments, stored MIME) is kept; then the purge clears it and GET …/raw answers 410. An account may set its own (PATCH /account bodyRetentionDays).",
  },
  RETENTION_METADATA_DAYS: {
    kind: 'integer',
    default: '400',
    min: 1,
    max: 36500,
    description:
      'Days a message, its recipients, tags and events are kept; then the purge deletes them, their counts kept for /stats. A campaign keeps its copies until it is deleted.',
  },
  PURGE_INTERVAL_SECONDS: {
    kind: 'integer',
    default: '3600',
    min: 1,
    description: 'How often the purge runs on the job runner (`postwire start` or `postwire jobs`).',
  },
  PURGE_BATCH_ROWS: {
    kind: 'integer',
    default: '500',
    min: 1,
    max: 100000,
    description: 'Rows the purge deletes per statement: each batch is its own short transaction, so sends never wait long behind it.',
  },
  FORM_CONFIRMATION_WINDOW_SECONDS: {
    kind: 'integer',
    default: '3600',
    min: 1,
    description:
      'Window of the sign-up form limits: one confirmation mail per form and address, FORM_CONFIRMATIONS_PER_FORM and FORM_CONFIRMATIONS_PER_ADDRESS.',
  },
  FORM_CONFIRMATIONS_PER_FORM: {
    kind: 'integer',
    default: '500',
    min: 0,
    description: 'Confirmation mails one sign-up form may send per window; further sign-ups get the same page and no mail. 0: no limit.',
  },
  FORM_CONFIRMATIONS_PER_ADDRESS: {
    kind: 'integer',
    default: '5',
    min: 0,
    description:
      'Confirmation mails one address may be sent per window by all forms of all accounts together; further sign-ups for it get the same page and no mail. 0: no limit.',
  },
  IMPORT_CHUNK_ROWS: {
    kind: 'integer',
    default: '1000',
    min: 1,
    max: 5000,
    description: 'Rows of a contact import applied per transaction: a restart resumes after the last chunk committed.',
  },
  BILLING: {
    kind: 'enum',
    default: 'off',
    values: ['off', 'credits'],
    description: 'off: sending is not metered; credits: each accepted recipient costs one credit, and an account without credits gets 402 (docs/billing.md).',
  },
  ADMIN_TOKEN: {
    kind: 'string',
    default: undefined,
    description:
      "Bearer token of the operator's endpoints (POST /admin/accounts/{id}/payments), at least 24 characters; absent: those endpoints do not exist (404).",
  },
  REDIS_URL: {
    kind: 'string',
    default: undefined,
    description: "redis://… or rediss://…: rate-limit counters are kept there and shared by every API process; absent: in each process's memory.",
  },
  REDIS_KEY_PREFIX: { kind: 'string', default: 'postwire:', description: 'Prefix of every Redis key Postwire writes, so installations can share one Redis.' },
  RATE_LIMIT_PER_MINUTE: {
    kind: 'integer',
    default: '300000',
    min: 0,
    description:
      'Requests per minute one credential (an API key, or the user a token was issued to) may make; 0: no limit. The default only stops a runaway client (docs/limits.md).',
  },
  RATE_LIMIT_PER_IP_PER_MINUTE: {
    kind: 'integer',
    default: '60000',
    min: 0,
    description: 'Requests per minute from one IP address (IPv6: one /64); 0: no limit. Health, /metrics and /docs are not limited.',
  },
  CORS_ORIGINS: {
    kind: 'list',
    default: undefined,
    description:
      'Comma-separated origins (https://app.example.com) whose browser pages may call the API; absent: any origin may (credentials are headers, never cookies).',
  },
  RATE_LIMIT_EXEMPT_IPS: {
    kind: 'list',
    default: '127.0.0.1,::1',
    description:
      'Comma-separated addresses that skip the per-IP limits (not the per-credential one); none: no address does. Loopback by default: a ' +
      "reverse proxy on the same host sends everyone's requests from it.",
  },
  TRUST_PROXY: {
    kind: 'list',
    default: undefined,
    description:
      'Comma-separated addresses (IPs or CIDR ranges) of reverse proxies whose X-Forwarded-For names the client; behind one, set it so ' +
      "rate limits see each client's address, not the proxy's. Absent: the connection's address is the client's.",
  },
  LOGIN_RATE_WINDOW_SECONDS: {
    kind: 'integer',
    default: '300',
    min: 1,
    description: 'Window of the POST /token limits; a locked-out address is let in again at most this long after its last failure.',
  },
  LOGIN_ATTEMPTS_PER_IP: { kind: 'integer', default: '100', min: 0, description: 'POST /token requests one IP address may make per window; 0: no limit.' },
  LOGIN_FAILURES_PER_EMAIL_AND_IP: {
    kind: 'integer',
    default: '10',
    min: 0,
    description: 'Failed logins for one email address from one IP address per window before that IP gets 429 for it; 0: no limit.',
  },
  LOGIN_FAILURES_PER_EMAIL: {
    kind: 'integer',
    default: '100',
    min: 0,
    description: 'Failed logins for one email address from all IP addresses together per window before every login for it gets 429; 0: no limit.',
  },
  ATTACHMENTS_MAX_COUNT: { kind: 'integer', default: '20', min: 0, description: 'Most attachments one message may carry; more is a 400.' },
  ATTACHMENT_MAX_BYTES: { kind: 'integer', default: '5242880', min: 1, description: 'Largest single attachment (decoded bytes); larger is a 413.' },
  ATTACHMENTS_MAX_TOTAL_BYTES: {
    kind: 'integer',
    default: '7340032',
    min: 1,
    description: "Largest total of one message's attachments (decoded bytes); more is a 413.",
  },
  CAMPAIGN_DISPATCH_PAGE_SIZE: {
    kind: 'integer',
    default: '500',
    min: 1,
    max: 10000,
    description: 'Contacts a campaign dispatch writes per transaction (its messages, queue rows and cursor commit together).',
  },
  WORKER_BATCH_SIZE: { kind: 'integer', default: '100', min: 1, description: 'How many due recipients one worker claims at a time.' },
  WORKER_LEASE_SECONDS: {
    kind: 'integer',
    default: '30',
    min: 5,
    description:
      'How long a claim holds unless renewed; a worker renews the claims it is working on every third of this, so an expired claim means ' +
      'a dead worker, and any worker takes it over (crash recovery). At start, a process takes back at once the claims of dead processes ' +
      'on its own host.',
  },
  WORKER_POLL_MS: {
    kind: 'integer',
    default: '1000',
    min: 10,
    description:
      'How often an idle worker looks for due work it was not told about (on PostgreSQL, workers are also woken by LISTEN/NOTIFY when another process queues work).',
  },
  WORKER_CONCURRENCY: { kind: 'integer', default: '16', min: 1, description: 'Deliveries one worker process keeps in flight at once.' },
  WORKER_UNRECORDED_PER_LANE: {
    kind: 'integer',
    default: '4',
    min: 1,
    description:
      'Deliveries each of the WORKER_CONCURRENCY lanes may have made (or be making) whose outcome is not yet committed: a lane goes on ' +
      'sending while the outcomes commit together. A larger value lets each commit carry more outcomes (faster on PostgreSQL); a crash ' +
      'can repeat up to this many deliveries per lane, since they are retried when their lease ends.',
  },
  WORKER_GIVE_WAY_RATE: {
    kind: 'integer',
    default: '1000',
    min: 0,
    description:
      'In a process that also serves the API (postwire start): while it accepts at least this many messages per second, its worker keeps ' +
      'one delivery in flight instead of WORKER_CONCURRENCY and starts at most ten a second, so that accepting comes first; 0: never give way.',
  },
  COMPOSE_THREADS: {
    kind: 'integer',
    default: '1',
    min: 0,
    description: 'Worker threads that build MIME messages (and DKIM signatures) off the main thread; 0: on the main thread.',
  },
  COMPOSE_NICE: {
    kind: 'integer',
    default: '10',
    min: 0,
    max: 19,
    description:
      'Linux nice value of the compose threads in a process that also serves the API (postwire start): when the CPU is short, answering ' +
      'requests comes before composing queued mail (0: same priority).',
  },
  WEBHOOK_TIMEOUT_MS: {
    kind: 'integer',
    default: '10000',
    min: 100,
    description: 'How long a webhook call may take (connect, answer and body) before it counts as failed and is retried.',
  },
  OUTBOUND_ALLOW: {
    kind: 'list',
    default: undefined,
    description:
      'Comma-separated host names (*.corp.example for every name under one), IP addresses and CIDR ranges that webhooks may call ' +
      'although they are internal (loopback, private, link-local…); absent: webhooks reach only public addresses (docs/security.md).',
  },
  WEBHOOK_CONCURRENCY: { kind: 'integer', default: '8', min: 1, description: 'Webhook calls one worker process keeps in flight at once.' },
  WEBHOOK_MAX_ATTEMPTS: { kind: 'integer', default: '12', min: 1, description: 'A webhook delivery still failing after this many attempts is marked failed.' },
  WEBHOOK_MAX_AGE_SECONDS: {
    kind: 'integer',
    default: '86400',
    min: 60,
    description: 'A webhook delivery still failing this long after its event is marked failed (1 day).',
  },
  WEBHOOK_RETRY_FIRST_DELAY_MS: {
    kind: 'integer',
    default: '60000',
    min: 10,
    description: 'Wait before retrying a failed webhook call the first time; it doubles with every attempt, up to one hour (±20 % jitter).',
  },
  SQLITE_SYNCHRONOUS: {
    kind: 'enum',
    normalize: 'uppercase',
    default: 'FULL',
    values: ['FULL', 'NORMAL'],
    description: 'SQLite fsync policy; FULL means an accepted message survives power loss.',
  },
  PASSWORD_HASH_COST: {
    kind: 'integer',
    default: '14',
    min: 4,
    max: 20,
    description:
      "Cost of new password hashes as log2 of scrypt's N (14: about 40 ms per hash). Lowering it weakens stored passwords against " +
      'guessing: only the test suite lowers it (to 4); existing hashes keep the cost they were made with.',
  },
  SEED_ACCOUNT: { kind: 'boolean', default: 'true', description: 'On start with an empty database, create an account and print its credentials.' },
  SIGNUP_ENABLED: {
    kind: 'boolean',
    default: 'false',
    description: 'true: anyone who reaches the API may create an account with POST /accounts; false: only the operator does (postwire account create).',
  },
  METRICS_TOKEN: {
    kind: 'string',
    default: undefined,
    description:
      'Bearer token that opens GET /metrics: on the API it is required (absent: /metrics on the API answers 401); on METRICS_PORT it is ' +
      'required when set (absent: anyone who reaches that port may scrape).',
  },
  METRICS_PORT: {
    kind: 'integer',
    default: undefined,
    min: 0,
    max: 65535,
    description: 'When set, serve GET /metrics on this port too (a postwire worker has no API to serve it); 0 picks a free port.',
  },
  METRICS_HOST: { kind: 'string', default: '127.0.0.1', description: 'Address the METRICS_PORT listener binds to.' },
} as const satisfies Record<string, KeySpec>;

export type ConfigKey = keyof typeof CONFIG_SCHEMA;

/** `SMTP_POOL_SIZE` → `smtpPoolSize`: a key's name in `Config`. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
export type ConfigField<K extends string> = CamelCase<Lowercase<K>>;

type Spec = typeof CONFIG_SCHEMA;
type ValueOf<S> = S extends { kind: 'integer' }
  ? number
  : S extends { kind: 'boolean' }
    ? boolean
    : S extends { kind: 'list' }
      ? string[]
      : S extends { kind: 'enum'; values: readonly (infer V)[] }
        ? V
        : string;
/** A key without a default (and not a list, which is empty then) may be unset. */
type Setting<S> = S extends { default: string } | { kind: 'list' } ? ValueOf<S> : ValueOf<S> | undefined;

/** The configuration, derived from CONFIG_SCHEMA: each key once, named in camel case. */
export type Config = { -readonly [K in ConfigKey as ConfigField<K>]: Setting<Spec[K]> };

/** `SMTP_POOL_SIZE` → `smtpPoolSize`, as ConfigField does for the type. */
export function configField(key: string): string {
  return key.toLowerCase().replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

export class ConfigError extends Error {}

function readKey(key: ConfigKey, env: Record<string, string | undefined>): string | number | boolean | string[] | undefined {
  const spec: KeySpec = CONFIG_SCHEMA[key];
  const raw = env[key] === undefined || env[key] === '' ? spec.default : env[key];
  if (raw === undefined) {
    if (spec.fallback) return readKey(spec.fallback as ConfigKey, env);
    return spec.kind === 'list' ? [] : undefined;
  }
  switch (spec.kind) {
    case 'string':
      if (spec.normalize === 'lowercase') return raw.toLowerCase();
      if (spec.normalize === 'path') return path.resolve(raw);
      if (spec.normalize === 'url') return raw.replace(/\/+$/, '');
      return raw;
    case 'list':
      return raw.trim().toLowerCase() === 'none'
        ? []
        : raw
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean);
    case 'integer': {
      if (!/^\d+$/.test(raw)) throw new ConfigError(`${key} must be a whole number, got "${raw}"`);
      const value = Number(raw);
      if (spec.min !== undefined && value < spec.min) throw new ConfigError(`${key} must be at least ${spec.min}, got ${value}`);
      if (spec.max !== undefined && value > spec.max) throw new ConfigError(`${key} must be at most ${spec.max}, got ${value}`);
      return value;
    }
    case 'boolean':
      if (/^(true|1|yes)$/i.test(raw)) return true;
      if (/^(false|0|no)$/i.test(raw)) return false;
      throw new ConfigError(`${key} must be true or false, got "${raw}"`);
    case 'enum': {
      const value = spec.normalize === 'uppercase' ? raw.toUpperCase() : raw.toLowerCase();
      if (!spec.values!.includes(value)) throw new ConfigError(`${key} must be one of ${spec.values!.join(', ')}, got "${raw}"`);
      return value;
    }
  }
}

/**
 * The environment with the values of a `.env` file beneath it: a variable already set
 * wins over the file (the CLI reads the file, `loadConfig` reads the result).
 */
export function environmentOver(fileValues: Record<string, string>): Record<string, string | undefined> {
  return { ...fileValues, ...process.env };
}

/** Reads and checks the configuration; a bad value stops the process at boot with a message naming the key. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Readonly<Config> {
  const read = Object.fromEntries((Object.keys(CONFIG_SCHEMA) as ConfigKey[]).map((key) => [configField(key), readKey(key, env)]));
  const config = { ...read, ...overrides } as Config;
  if (config.databaseUrl && !/^(postgres|postgresql):\/\//.test(config.databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite file)');
  }
  if (config.trackingBaseUrl && !/^https?:\/\/[^/\s]+/.test(config.trackingBaseUrl)) {
    throw new ConfigError('TRACKING_BASE_URL must be an http:// or https:// URL (the public address of the tracking links)');
  }
  if (config.transport === 'smtp' && !config.smtpUrl) {
    throw new ConfigError('TRANSPORT=smtp needs SMTP_URL (smtp://user:pass@host:587 or smtps://…)');
  }
  if (config.smtpUrl && !/^smtps?:\/\//.test(config.smtpUrl)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  }
  if ((config.smtpSubmissionTlsCert === undefined) !== (config.smtpSubmissionTlsKey === undefined)) {
    throw new ConfigError('SMTP_SUBMISSION_TLS_CERT and SMTP_SUBMISSION_TLS_KEY go together: set both (PEM files) or neither (a self-signed certificate)');
  }
  if (config.dkimDomain && !config.dkimPrivateKey) {
    throw new ConfigError('DKIM_DOMAIN needs DKIM_PRIVATE_KEY (a PEM key or a path to one)');
  }
  if (config.spfMechanism && !/^[+~?-]?(include|a|mx|ip4|ip6|exists|ptr)([:/]\S+)?$/i.test(config.spfMechanism)) {
    throw new ConfigError('SPF_MECHANISM must be one SPF mechanism, like include:_spf.example.com, ip4:203.0.113.7 or a:mail.example.com');
  }
  const limits = parseDestinationLimits(config.destinationLimits);
  if (typeof limits === 'string') throw new ConfigError(`DESTINATION_LIMITS: ${limits}`);
  if (config.systemFrom && !isEmailAddress(config.systemFrom)) {
    throw new ConfigError(`SYSTEM_FROM must be an email address, got "${config.systemFrom}"`);
  }
  if (config.adminToken !== undefined && config.adminToken.length < 24) {
    throw new ConfigError('ADMIN_TOKEN must be at least 24 characters');
  }
  if (config.redisUrl && !/^rediss?:\/\//.test(config.redisUrl)) {
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  }
  for (const ip of config.rateLimitExemptIps) {
    if (!isIP(ip)) throw new ConfigError(`RATE_LIMIT_EXEMPT_IPS must list IP addresses separated by commas; "${ip}" is not one`);
  }
  for (const entry of config.trustProxy) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !validBits || extra !== undefined)
      throw new ConfigError(`TRUST_PROXY must list IP addresses or CIDR ranges separated by commas; "${entry}" is not one`);
  }
  for (const entry of config.outboundAllow) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const validBits = bits === undefined || (family !== 0 && /^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!validBits || extra !== undefined || !/^[\w.:*-]+$/.test(address ?? ''))
      throw new ConfigError(`OUTBOUND_ALLOW must list host names, IP addresses or CIDR ranges separated by commas; "${entry}" is not one`);
  }
  if (config.jwtSecret !== undefined && config.jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters');
  }
  return Object.freeze(config);
}

/** The public address of the API, used in printed links and the OpenAPI document. */
export function publicBaseUrl(config: Config, listeningPort?: number): string {
  if (config.baseUrl) return config.baseUrl;
  // An IPv6 address is bracketed in a URL (http://[::1]:3000).
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${listeningPort ?? config.port}`;
}
