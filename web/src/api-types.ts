/**
 * The API's operations as TypeScript types, generated from its OpenAPI document by
 * scripts/gen-web-api-types.ts (npm run web:types); do not edit by hand. Pages name a
 * response through the Answer type of web/src/api.ts.
 */
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database is reachable, fully migrated and can store */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics of this process and of the delivery queue
         * @description Prometheus text format 0.0.4, not the envelope. Counters and histograms count what this process did (scrape every process); the postwire_queue_* gauges are read from the database and are the same in every process. Requires Authorization: Bearer <METRICS_TOKEN>; without METRICS_TOKEN configured it answers 401 (scrape METRICS_PORT instead). See docs/operations.md.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange an email address and password for a token */
        post: operations["postToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/token/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a refresh token for a new token pair
         * @description Each refresh token works once. Presenting one a second time revokes every token of its session. Without RefreshToken in the body, the refresh cookie is used; the new refresh token then goes into the cookie again. A request that uses the cookie must be JSON (415 otherwise) from a page of this origin (403 otherwise).
         */
        post: operations["postTokenRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/token/cookie": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether this browser holds a refresh cookie
         * @description Says only whether the request carries the refresh cookie (not whether it is still valid): a page restoring its session asks POST /token/refresh only when there is one, so a first visit logs no failed request.
         */
        get: operations["getTokenCookie"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/token/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out: revoke a session, or every session of the user
         * @description With RefreshToken (or the refresh cookie): that token's session ends (its access tokens too); an unknown or already revoked token is not an error. With all: true and Authorization: Bearer <access_token>: every session of that user ends, this one included. The refresh cookie is cleared. A request that carries the cookie must be JSON (415 otherwise) from a page of this origin (403 otherwise).
         */
        post: operations["postTokenRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account (when the operator has enabled sign-up)
         * @description Creates the account, its owner user (who then logs in with POST /token) and a sender for the owner's address. 403 unless SIGNUP_ENABLED=true; 409 when the email is already a login.
         */
        post: operations["postAccounts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/senders/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirm a sender's address (the link of the confirmation message)
         * @description No authentication: the token from the mailed link is the credential. It works once and until it expires; a used, replaced or expired token is 400. A browser following the link (Accept names text/html, not application/json) gets the same answer as a small HTML page, with the same status.
         */
        get: operations["getNotifyV1SendersConfirm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/t/o/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open pixel of a tracked message
         * @description No authentication: the signed token is the credential. A 1x1 transparent GIF, never cached; records an `opened` event.
         */
        get: operations["getTOByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/t/c/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Click on a tracked link
         * @description No authentication. 302 to exactly the URL that link of that message had (no other URL can be reached); records a `clicked` event (HEAD requests, clicks within 2 s of delivery and known scanners are flagged).
         */
        get: operations["getTCByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Click on a tracked link
         * @description No authentication. 302 to exactly the URL that link of that message had (no other URL can be reached); records a `clicked` event (HEAD requests, clicks within 2 s of delivery and known scanners are flagged).
         */
        head: operations["headTCByToken"];
        patch?: never;
        trace?: never;
    };
    "/u/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Unsubscribe confirmation page
         * @description No authentication. A small HTML page whose form POSTs back to this URL; the GET itself changes nothing.
         */
        get: operations["getUByToken"];
        put?: never;
        /**
         * Unsubscribe (RFC 8058 one-click)
         * @description No authentication, no confirmation: the address goes on the sending account's suppression list (reason unsubscribe) and an `unsubscribed` event is recorded, before the answer. The body (`List-Unsubscribe=One-Click`, form-encoded) may be anything or empty.
         */
        post: operations["postUByToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/w/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web version of a campaign copy
         * @description No authentication. The HTML the recipient's copy was sent with (its `{{ webversion_url }}` / `#webversion#` link), no tracking; its unsubscribe link works here too. Scripts, forms and frames are not run.
         */
        get: operations["getWByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/archive/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's public campaign archive
         * @description No authentication. The archived sent campaigns (subject and date), the last sent first, 20 a page.
         */
        get: operations["getArchiveBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/archive/{slug}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An archived campaign as a web page
         * @description No authentication. The campaign's HTML with its placeholders filled from `archiveDefaults`; the recipient's links (unsubscribe, web version) are plain text here. Scripts, forms and frames are not run. 404 unless the campaign is archived and sent.
         */
        get: operations["getArchiveBySlugById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account: profile, plan, limits and usage this month
         * @description Any credential of the account, whatever its role or scopes.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the account's name or contact address
         * @description Needs the account scope: owners, admins, or an API key with the account scope.
         */
        patch: operations["patchAccount"];
        trace?: never;
    };
    "/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change your own password
         * @description Any user, with a session. A wrong currentPassword is 400. Every other session of the user is revoked; the one that made the change keeps working.
         */
        put: operations["putAccountPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is calling: the credential, its role and scopes, and the person signed in
         * @description Any credential, whatever its role or scopes. The dashboard reads it to show only what the signed-in person may do.
         */
        get: operations["getAccountMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the users of the account
         * @description Needs the account scope (owners and admins; API keys with the account scope).
         */
        get: operations["getAccountUsers"];
        put?: never;
        /**
         * Add a user who logs in with their own email and password
         * @description Owners and admins only, with a session (not an API key); an admin cannot manage owners. Without a password one is generated and returned once. 409 when the email is already a user's login.
         */
        post: operations["postAccountUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user */
        get: operations["getAccountUsersById"];
        put?: never;
        post?: never;
        /**
         * Delete a user; their tokens stop working at once
         * @description Owners and admins only, with a session (not an API key); an admin cannot manage owners. Nobody deletes their own user, and the last owner cannot be deleted (409). API keys the user created keep working: they belong to the account.
         */
        delete: operations["deleteAccountUsersById"];
        options?: never;
        head?: never;
        /**
         * Rename a user or change their role
         * @description Owners and admins only, with a session (not an API key); an admin cannot manage owners. The last owner cannot be demoted (409). A changed role applies to the user's next request.
         */
        patch: operations["patchAccountUsersById"];
        trace?: never;
    };
    "/account/apikeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's API keys (without the keys themselves)
         * @description Needs the account scope. Revoked keys are not listed.
         */
        get: operations["getAccountApikeys"];
        put?: never;
        /**
         * Create an API key; the key is in this response only
         * @description Owners and admins, with a session. Keys look like pwLIVE followed by 40 letters and digits; store the key now, it cannot be shown again.
         */
        post: operations["postAccountApikeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/apikeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key; it stops working at once
         * @description Owners and admins, with a session.
         */
        delete: operations["deleteAccountApikeysById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/auth-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check a credential: 200 for a valid API key or token, 401 otherwise
         * @description The marketing integrations of the original service call this with x-api-key. Any scope will do.
         */
        get: operations["getInboxAuthCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the account's payments, newest first */
        get: operations["getAccountPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a payment */
        get: operations["getAccountPaymentsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credits used per day (UTC)
         * @description Credits charged for accepted recipients and refunded for recipients never attempted, per UTC day; at most 366 days per request.
         */
        get: operations["getAccountUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/senders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the senders */
        get: operations["getNotifyV1Senders"];
        put?: never;
        /** Create a sender */
        post: operations["postNotifyV1Senders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/senders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a sender */
        get: operations["getNotifyV1SendersById"];
        /** Replace a sender */
        put: operations["putNotifyV1SendersById"];
        post?: never;
        /** Delete a sender */
        delete: operations["deleteNotifyV1SendersById"];
        options?: never;
        head?: never;
        /** Change some fields of a sender */
        patch: operations["patchNotifyV1SendersById"];
        trace?: never;
    };
    "/notify/v1/senders/{id}/confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a new confirmation message to a sender's address
         * @description Mails a single-use link (GET /notify/v1/senders/confirm?token=…) to the address; following it confirms the sender. The previous link stops working. A sender already verified (confirmed, or its domain verified) is 409.
         */
        post: operations["postNotifyV1SendersByIdConfirmation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the sending domains */
        get: operations["getNotifyV1Domains"];
        put?: never;
        /**
         * Add a sending domain
         * @description Generates a DKIM key pair for the domain and answers the DNS records to publish. A domain that already exists in the account is 409.
         */
        post: operations["postNotifyV1Domains"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/domains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a sending domain with its records and the last check */
        get: operations["getNotifyV1DomainsById"];
        put?: never;
        post?: never;
        /** Delete a sending domain and its DKIM key */
        delete: operations["deleteNotifyV1DomainsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/domains/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the DNS records of a sending domain now
         * @description Looks each record up and reports it as found, missing or wrong (with what was found). The domain is verified when DKIM and SPF are found; 503 when the DNS server does not answer (nothing changes).
         */
        post: operations["postNotifyV1DomainsByIdVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a transactional email
         * @description Answers 200 only once the message and one queue row per recipient are durably stored; delivery happens in the background. Beyond the specified from/to/subject/htmlContent: cc, bcc, replyTo, textContent, headers, tags, metadata, attachments (JSON base64, or file parts named `attachments` in a multipart request), scheduledAt, templateId with params, customFields. See docs/sending.md.
         */
        post: operations["postNotifyV1Send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/send/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send up to 500 messages in one request
         * @description Each message is validated on its own and answered in `results` at its index: accepted (with the same result as POST /notify/v1/send) or rejected (with its field errors). All accepted messages are committed together, in one transaction, before the answer.
         */
        post: operations["postNotifyV1SendBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/messages/{id}/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Cancel a scheduled message before delivery starts
         * @description Every recipient ends `cancelled`, with a `cancelled` event. 409 when the message was not scheduled, was already cancelled, or delivery has started.
         */
        delete: operations["deleteNotifyV1MessagesByIdSchedule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accepted messages, newest first
         * @description Filters narrow the list: recipient, subject (contains), tag, state (of any recipient) and the time accepted (since, until).
         */
        get: operations["getNotifyV1Messages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A message with each recipient's state */
        get: operations["getNotifyV1MessagesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/messages/{id}/raw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The message as MIME (RFC 5322), exactly as handed to the transport
         * @description A personalised send (`to[i].params`) or a tracked one (`trackOpens`, `trackClicks`, `listUnsubscribe`) gives each recipient its own copy: `recipientId` picks one (default: the first recipient's).
         */
        get: operations["getNotifyV1MessagesByIdRaw"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/messages/{id}/attachments/{index}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an attachment of a message, as it was sent
         * @description `index` is the attachment's position in GET /notify/v1/messages/{id}'s `attachments` (from 0). A message submitted over SMTP keeps its attachments inside its MIME (GET …/raw), not as a list: 404 here.
         */
        get: operations["getNotifyV1MessagesByIdAttachmentsByIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List templates, newest first */
        get: operations["getNotifyV1Templates"];
        put?: never;
        /**
         * Store a template
         * @description Send it with `templateId` and `params` on POST /notify/v1/send. Handlebars: `{{ name }}` (HTML-escaped), `{{{ name }}}` (as is), dotted paths, `{{#each}}`, `{{#if}}`, helpers (docs/templates.md). A syntax error is a 400 naming the field, line and column; a variable outside blocks missing at send time is a 400.
         */
        post: operations["postNotifyV1Templates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/templates/render": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render a template without storing it (a preview)
         * @description Fills the placeholders of `subject`, `htmlContent` and `textContent` (wrapped in the layout `layoutId` names) with `params` exactly as POST /notify/v1/send does, and stores nothing. A variable that is missing, or an object where a value belongs, is a 400 naming `params.<name>` and where it is used, unless `allowMissing` is true; `missingVariables` lists what the sample lacks. Needs the `read` scope, like reading templates.
         */
        post: operations["postNotifyV1TemplatesRender"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/templates/{id}/render": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render a stored template with sample values (a test render)
         * @description Renders the template and its layout with `params` exactly as POST /notify/v1/send does, and sends and stores nothing. Answers subject, HTML, text (the text part a send would compose) and `missingVariables`, the variables the template uses that the sample lacks; with `allowMissing: true` those render as nothing instead of the 400 a send answers. Needs the `read` scope.
         */
        post: operations["postNotifyV1TemplatesByIdRender"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A template */
        get: operations["getNotifyV1TemplatesById"];
        /** Replace a template */
        put: operations["putNotifyV1TemplatesById"];
        post?: never;
        /** Delete a template (sends naming it then fail with 400) */
        delete: operations["deleteNotifyV1TemplatesById"];
        options?: never;
        head?: never;
        /** Change some fields of a template */
        patch: operations["patchNotifyV1TemplatesById"];
        trace?: never;
    };
    "/notify/v1/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per-day counts of accepted, sent, delivered, deferred, bounced, complained, opened and clicked
         * @description Counted from the event log, per UTC day. `tag` narrows to messages sent with that tag. At most 366 days at once.
         */
        get: operations["getNotifyV1Stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/stats/queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recipients waiting for delivery now: queued, deferred, sending, scheduled, and how long the oldest has waited
         * @description Counted from the delivery queue at the moment of the request (not from events): the backlog to watch when mail is slow to arrive. A recipient leaves the queue when it reaches a final state (delivered, sent, bounced, failed…).
         */
        get: operations["getNotifyV1StatsQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List delivery events, newest first
         * @description Every change of a recipient's state: accepted, sent, delivered, deferred, bounced, complained, suppressed. Filter by type, message, address and time.
         */
        get: operations["getNotifyV1Events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/suppressions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List suppressed addresses, newest first */
        get: operations["getNotifyV1Suppressions"];
        put?: never;
        /**
         * Suppress an address
         * @description Messages to the address are no longer attempted (their recipients end `suppressed`). 409 when it is already suppressed.
         */
        post: operations["postNotifyV1Suppressions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/suppressions/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The suppression list as CSV
         * @description A download (`Content-Disposition: attachment`): a header row, then one row per suppressed address, newest first: email, reason, createTime, details (the JSON object the list shows). `email` narrows as the list does.
         */
        get: operations["getNotifyV1SuppressionsExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/suppressions/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether and why an address is suppressed */
        get: operations["getNotifyV1SuppressionsByEmail"];
        put?: never;
        post?: never;
        /** Remove an address from the list (sending to it resumes) */
        delete: operations["deleteNotifyV1SuppressionsByEmail"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the webhooks, newest first */
        get: operations["getNotifyV1Webhooks"];
        put?: never;
        /**
         * Register a webhook
         * @description Events of the account (all types, or those listed in `events`) are POSTed to `url` from now on, retried with backoff until answered 2xx. Each call is a JSON POST signed with X-Postwire-Signature: v1=<hex HMAC-SHA256(secret, X-Postwire-Timestamp + "." + body)>; see docs/webhooks.md. The answer is the only one that shows the signing secret.
         */
        post: operations["postNotifyV1Webhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook (its secret only as a preview) */
        get: operations["getNotifyV1WebhooksById"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description No more calls are made to it, including the retries still pending.
         */
        delete: operations["deleteNotifyV1WebhooksById"];
        options?: never;
        head?: never;
        /** Change the URL, description, event types or enabled state of a webhook */
        patch: operations["patchNotifyV1WebhooksById"];
        trace?: never;
    };
    "/notify/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret
         * @description The new secret signs every call from now on, retries of older events included; the answer is the only one that shows it.
         */
        post: operations["postNotifyV1WebhooksByIdRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the calls of a webhook, newest first
         * @description One item per event sent (or being sent) to the webhook: its status, attempts, last answer or error, and times.
         */
        get: operations["getNotifyV1WebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/webhooks/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One call of a webhook: the JSON it sent and what the receiver answered */
        get: operations["getNotifyV1WebhooksByIdDeliveriesByDeliveryId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/webhooks/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send events again
         * @description Queues a new delivery of each selected event of the account (by id, by time, or both) that the webhook's event types take. At most 10000 events per request. Each call is a JSON POST signed with X-Postwire-Signature: v1=<hex HMAC-SHA256(secret, X-Postwire-Timestamp + "." + body)>; see docs/webhooks.md.
         */
        post: operations["postNotifyV1WebhooksByIdReplay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/inbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the mail the capture transport kept, newest first
         * @description One item per recipient delivered. Exists only when the server runs with TRANSPORT=capture (404 otherwise).
         */
        get: operations["getNotifyV1Inbox"];
        put?: never;
        post?: never;
        /**
         * Empty the capture inbox
         * @description Deletes every captured copy of the account; the messages, their events and statistics stay. Exists only when the server runs with TRANSPORT=capture (404 otherwise).
         */
        delete: operations["deleteNotifyV1Inbox"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/inbox/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One captured message: headers, HTML, text, attachments and raw source
         * @description Exists only when the server runs with TRANSPORT=capture (404 otherwise).
         */
        get: operations["getNotifyV1InboxById"];
        put?: never;
        post?: never;
        /**
         * Delete one captured message from the capture inbox
         * @description The message, its recipient's state and events stay. Exists only when the server runs with TRANSPORT=capture (404 otherwise).
         */
        delete: operations["deleteNotifyV1InboxById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/inbox/{id}/attachments/{index}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an attachment of a captured message
         * @description `index` is the attachment's position in GET /notify/v1/inbox/{id}'s `attachments` (from 0); 404 when it has none there. Exists only when the server runs with TRANSPORT=capture (404 otherwise).
         */
        get: operations["getNotifyV1InboxByIdAttachmentsByIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/inbox/{id}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate a bounce, a spam complaint, an open or a click for the recipient of a captured message
         * @description A bounce or a complaint is recorded exactly as a real DSN or ARF report would be: the recipient state, an event (with details.simulated true), the suppression list, statistics and webhooks. An open or a click is recorded as the open pixel and the click redirect record one: an opened or clicked event (details.simulated true, flagged false), statistics, campaign counters and webhooks. Exists only when the server runs with TRANSPORT=capture (404 otherwise).
         */
        post: operations["postNotifyV1InboxByIdSimulate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/inbound/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the receiving domains */
        get: operations["getNotifyV1InboundDomains"];
        put?: never;
        /**
         * Add a receiving domain
         * @description Answers the MX record to publish so that the domain’s mail comes to this server. A domain receives mail for one account only: a domain already added (by any account) is 409.
         */
        post: operations["postNotifyV1InboundDomains"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/inbound/domains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a receiving domain with its MX record and the last check */
        get: operations["getNotifyV1InboundDomainsById"];
        put?: never;
        post?: never;
        /**
         * Delete a receiving domain and its routes
         * @description Mail to the domain is refused from then on; messages already received stay.
         */
        delete: operations["deleteNotifyV1InboundDomainsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/inbound/domains/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the MX record of a receiving domain now
         * @description Looks the domain’s MX records up: verified when one points at this server (INBOUND_MX_HOST). 503 when the DNS server does not answer (nothing changes).
         */
        post: operations["postNotifyV1InboundDomainsByIdVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/inbound/routes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the routes */
        get: operations["getNotifyV1InboundRoutes"];
        put?: never;
        /**
         * Add a route on a receiving domain
         * @description Mail to addresses matching `pattern` goes to the action. The most specific route wins: an exact local part, then the pattern with the most literal characters, then the catch-all. A recipient no route matches is refused at RCPT with 550. A pattern already routed on the domain is 409.
         */
        post: operations["postNotifyV1InboundRoutes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/inbound/routes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a route */
        get: operations["getNotifyV1InboundRoutesById"];
        put?: never;
        post?: never;
        /** Delete a route */
        delete: operations["deleteNotifyV1InboundRoutesById"];
        options?: never;
        head?: never;
        /**
         * Change a route: its pattern, action and target, or description
         * @description Fields not given stay as they are; the domain does not change. Keeping the action keeps its target unless a new one is given; a new action needs its own target (webhookUrl for webhook, forwardTo for forward; rejectCode and rejectMessage default as on create), and the old target is dropped. Checked as on create: every invalid field is named (400). A route of another account is 404; a pattern another route on the domain already has is 409. Mail arriving from then on takes the changed route.
         */
        patch: operations["patchNotifyV1InboundRoutesById"];
        trace?: never;
    };
    "/notify/v1/inbound/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the received messages, newest first
         * @description Summaries; the whole document is in GET …/messages/{id}.
         */
        get: operations["getNotifyV1InboundMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/inbound/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One received message with its document
         * @description Addresses, subject, text, HTML, the reply without quotes and signature, attachments, headers, SPF/DKIM/DMARC/ARC and spam results.
         */
        get: operations["getNotifyV1InboundMessagesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/inbound/messages/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Call the route’s webhook with a received message again
         * @description Queues a new call with the message (the same JSON as GET …/messages/{id}) to its route’s webhook URL, signed and retried like the first; 409 when the route no longer posts to a webhook.
         */
        post: operations["postNotifyV1InboundMessagesByIdReplay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/inbound/messages/{id}/raw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The received message exactly as it arrived (message/rfc822) */
        get: operations["getNotifyV1InboundMessagesByIdRaw"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notify/v1/inbound/messages/{id}/attachments/{index}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an attachment of a received message
         * @description `index` is the attachment's `index` in the message's document (from 0); 404 when there is none.
         */
        get: operations["getNotifyV1InboundMessagesByIdAttachmentsByIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List groups, newest first */
        get: operations["getInboxV1Groups"];
        put?: never;
        /** Create a group */
        post: operations["postInboxV1Groups"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A group */
        get: operations["getInboxV1GroupsById"];
        /** Replace a group */
        put: operations["putInboxV1GroupsById"];
        post?: never;
        /** Delete a group (its lists stay, outside any group) */
        delete: operations["deleteInboxV1GroupsById"];
        options?: never;
        head?: never;
        /** Rename a group */
        patch: operations["patchInboxV1GroupsById"];
        trace?: never;
    };
    "/inbox/v1/contactlists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List contact lists, newest first */
        get: operations["getInboxV1Contactlists"];
        put?: never;
        /** Create a contact list */
        post: operations["postInboxV1Contactlists"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/contactlists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A contact list */
        get: operations["getInboxV1ContactlistsById"];
        /**
         * Replace a contact list
         * @description What the body leaves out is reset: no group, legislation 0.
         */
        put: operations["putInboxV1ContactlistsById"];
        post?: never;
        /** Delete a contact list (its contacts stay) */
        delete: operations["deleteInboxV1ContactlistsById"];
        options?: never;
        head?: never;
        /** Change some fields of a contact list */
        patch: operations["patchInboxV1ContactlistsById"];
        trace?: never;
    };
    "/inbox/v1/customfields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List custom fields, newest first */
        get: operations["getInboxV1Customfields"];
        put?: never;
        /**
         * Create a custom field
         * @description Request keys `Name` and `Type` as the original's clients send them (any case works); the answer uses `name` and `type`.
         */
        post: operations["postInboxV1Customfields"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/customfields/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A custom field */
        get: operations["getInboxV1CustomfieldsById"];
        /** Replace a custom field */
        put: operations["putInboxV1CustomfieldsById"];
        post?: never;
        /** Delete a custom field and its values */
        delete: operations["deleteInboxV1CustomfieldsById"];
        options?: never;
        head?: never;
        /** Rename a custom field */
        patch: operations["patchInboxV1CustomfieldsById"];
        trace?: never;
    };
    "/inbox/v1/contactlists/{id}/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a contact to a list (upsert by address)
         * @description A contact of the account with this address is put on the list and given the values sent; its status stays (an unsubscribed or bounced address is not re-subscribed). Answers the contact's id. A `customFields` entry whose id is not a custom field of the account is skipped, not refused: the contact is added, and `resultMessage` names the skipped entries and ids.
         */
        post: operations["postInboxV1ContactlistsByIdAdd"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/contactlists/{id}/delete/{contactId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Take a contact off a list (it stays a contact) */
        delete: operations["deleteInboxV1ContactlistsByIdDeleteByContactId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/contactlists/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The list's contacts as CSV
         * @description Header row, then one row per contact: email, status, createTime, updateTime, tags (separated by `;`), one column per custom field.
         */
        get: operations["getInboxV1ContactlistsByIdExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List or search contacts, newest first */
        get: operations["getInboxV1Contacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/contacts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A contact */
        get: operations["getInboxV1ContactsById"];
        put?: never;
        /** Change a contact's tags and custom field values */
        post: operations["postInboxV1ContactsById"];
        /** Delete a contact everywhere (off every list, its values gone) */
        delete: operations["deleteInboxV1ContactsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/contacts/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change a contact's tags and custom field values (the path one published client uses) */
        post: operations["postInboxV1ContactsByIdStatus"];
        delete?: never;
        options?: never;
        head?: never;
        /** Set a contact's status */
        patch: operations["patchInboxV1ContactsByIdStatus"];
        trace?: never;
    };
    "/inbox/v1/contacts/{id}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Why a contact has its status, and the campaign mail it got with what the person did (opens, clicks) */
        get: operations["getInboxV1ContactsByIdActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/contacts/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One action on up to 1,000 contacts at once
         * @description Adds them to a list or takes them off it, gives or takes a tag, unsubscribes them (status 3) or deletes them everywhere, in one transaction. Ids that are not contacts of the account are ignored: `matched` counts the ones that are, `changed` the ones the action changed.
         */
        post: operations["postInboxV1ContactsBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tags of the account's contacts, with how many contacts carry each */
        get: operations["getInboxV1Tags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/senders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List campaign senders, newest first */
        get: operations["getInboxV1Senders"];
        put?: never;
        /**
         * Create a campaign sender
         * @description Keys `DisplayName`, `Email`, `ReplyEmail` as the original's clients send them (any case works). The address also becomes a Notify sender if it is not one, which mails it a confirmation link when verified senders are required.
         */
        post: operations["postInboxV1Senders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/senders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A campaign sender */
        get: operations["getInboxV1SendersById"];
        /** Replace a campaign sender */
        put: operations["putInboxV1SendersById"];
        post?: never;
        /** Delete a campaign sender (its Notify sender stays) */
        delete: operations["deleteInboxV1SendersById"];
        options?: never;
        head?: never;
        /** Rename a campaign sender or change its reply address */
        patch: operations["patchInboxV1SendersById"];
        trace?: never;
    };
    "/inbox/v1/segments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List segments, newest first */
        get: operations["getInboxV1Segments"];
        put?: never;
        /** Create a segment */
        post: operations["postInboxV1Segments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/segments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A segment */
        get: operations["getInboxV1SegmentsById"];
        /** Replace a segment */
        put: operations["putInboxV1SegmentsById"];
        post?: never;
        /** Delete a segment */
        delete: operations["deleteInboxV1SegmentsById"];
        options?: never;
        head?: never;
        /** Rename a segment or change its rules */
        patch: operations["patchInboxV1SegmentsById"];
        trace?: never;
    };
    "/inbox/v1/segments/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * How many contacts rules select now, before they are saved
         * @description The rules are checked as a save checks them: a malformed rule, or one naming a list, field or campaign not of the account, is a 400 naming where.
         */
        post: operations["postInboxV1SegmentsCount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/segments/{id}/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many contacts the segment selects now */
        get: operations["getInboxV1SegmentsByIdCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/contactlists/{id}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import contacts into a list (a bare JSON array); answers the import id at once
         * @description Upsert by address. Invalid rows and repeated addresses are counted, never stop the import; bounced, unsubscribed, complaining and suppressed addresses are counted and not re-subscribed. Follow it with GET …/import/{importId}.
         */
        post: operations["postInboxV1ContactlistsByIdImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/contactlists/{id}/import/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import contacts into a list from a CSV file (multipart part "file"); answers the import id at once
         * @description The first row names the columns: one "email" (or "Email Address"), others named like custom fields of the account (or by their id) give their values; other columns are ignored (named in `ignoredColumns` of the status). The form field `mapping` maps the columns by hand instead: JSON, one entry per header column, {"as":"email"}, {"as":"field","customFieldId":"…"}, {"as":"new","name":"…"} (a text field created with the import; an existing field of that name is used) or {"as":"ignore"}. Same rules and counters as the JSON import; rows are numbered from 1 after the header. A file that is valid UTF-8 is read as UTF-8 (a byte order mark dropped), any other as Windows-1252, unless the form field `charset` names its charset (e.g. iso-8859-15). The header and the first chunk of rows are read before the answer: a file that is not CSV there is a 400 naming the line; further on, the import fails (status 3) with `failureReason` naming it.
         */
        post: operations["postInboxV1ContactlistsByIdImportCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/contactlists/{id}/import/{importId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An import's counters, while it runs and when it is done */
        get: operations["getInboxV1ContactlistsByIdImportByImportId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/forms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List sign-up forms, newest first */
        get: operations["getInboxV1Forms"];
        put?: never;
        /** Create a sign-up form */
        post: operations["postInboxV1Forms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/forms/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A sign-up form */
        get: operations["getInboxV1FormsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a sign-up form (what is given) */
        patch: operations["patchInboxV1FormsById"];
        trace?: never;
    };
    "/inbox/v1/contacts/{id}/consents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A contact's recorded consents (confirmed form sign-ups) */
        get: operations["getInboxV1ContactsByIdConsents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/newsletters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List newsletters, newest first */
        get: operations["getInboxV1Newsletters"];
        put?: never;
        /** Create a newsletter */
        post: operations["postInboxV1Newsletters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/newsletters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A newsletter */
        get: operations["getInboxV1NewslettersById"];
        /** Replace a newsletter */
        put: operations["putInboxV1NewslettersById"];
        post?: never;
        /** Delete a newsletter (campaigns made from it keep their copy) */
        delete: operations["deleteInboxV1NewslettersById"];
        options?: never;
        head?: never;
        /** Change a newsletter (the original changes the subject) */
        patch: operations["patchInboxV1NewslettersById"];
        trace?: never;
    };
    "/inbox/v1/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List campaigns, newest first */
        get: operations["getInboxV1Campaigns"];
        put?: never;
        /** Create a campaign from a newsletter; answers its id */
        post: operations["postInboxV1Campaigns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/campaigns/custom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a campaign from raw HTML; answers its id */
        post: operations["postInboxV1CampaignsCustom"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/campaigns/audience": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** How many contacts a campaign to these lists or segments would go to now */
        post: operations["postInboxV1CampaignsAudience"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A campaign with its counters */
        get: operations["getInboxV1CampaignsById"];
        put?: never;
        post?: never;
        /** Delete a campaign that has not started */
        delete: operations["deleteInboxV1CampaignsById"];
        options?: never;
        head?: never;
        /**
         * Change a draft's subject, content or language, or any campaign's archive choice
         * @description Subject, content and language: only a draft (status 0); any other status is a 409 saying why. `archive` and `archiveDefaults`: any campaign, a sent one too (the public archive lists sent campaigns only). What the body leaves out stays as it was.
         */
        patch: operations["patchInboxV1CampaignsById"];
        trace?: never;
    };
    "/inbox/v1/campaigns/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What a campaign sends, as written: subject, HTML and language, placeholders unfilled */
        get: operations["getInboxV1CampaignsByIdContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/campaigns/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause: dispatch stops, queued copies wait */
        post: operations["postInboxV1CampaignsByIdPause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/campaigns/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused campaign */
        post: operations["postInboxV1CampaignsByIdResume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/campaigns/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel: copies not yet handed to a transport are not sent */
        post: operations["postInboxV1CampaignsByIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/campaigns/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resend to recipients that failed (not hard bounces) or were never reached; no one twice */
        post: operations["postInboxV1CampaignsByIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/campaigns/{id}/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Schedule a draft */
        post: operations["postInboxV1CampaignsByIdSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/campaigns/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send test copies to given addresses */
        post: operations["postInboxV1CampaignsByIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/campaigns/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A contact's copy, and the placeholders no field answers to */
        get: operations["getInboxV1CampaignsByIdPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbox/v1/campaigns/{id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Outcomes by domain, bounces by reply, opens and clicks by hour, clicks per link */
        get: operations["getInboxV1CampaignsByIdReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/privacy/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export everything the account stores about one address
         * @description Contacts (field values, tags, lists, consents), form sign-ups, suppressions, the messages sent to it with their events, campaign records and inbound mail from it, as one JSON document (docs/privacy.md). Changes nothing.
         */
        post: operations["postAccountPrivacyExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/privacy/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase one address everywhere in the account
         * @description Deletes its contacts, consents, sign-ups and inbound mail; clears the copies sent to it and replaces the address by its hash; keeps it suppressed as that hash, so it is never mailed again; records who asked (docs/privacy.md). Cannot be undone.
         */
        post: operations["postAccountPrivacyErase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/privacy/erasures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's erasures, newest first */
        get: operations["getAccountPrivacyErasures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The email message of the specification, plus optional fields. Field names are matched without regard to case. Addresses (from, each of to, cc and bcc, replyTo) may also be one string, "Name <address>" or the address alone, and `to` a single such string. Required: from, to, and either templateId (the template supplies subject and content) or subject with htmlContent, textContent or both (textContent alone sends a text-only message). */
        SendInput: {
            from: {
                /**
                 * Format: email
                 * @description Sender address.
                 * @example hello@example.com
                 */
                email: string;
                /**
                 * Format: single-line
                 * @description Sender display name.
                 * @example Example Ltd
                 */
                name?: string;
            } | string;
            to: ({
                /**
                 * Format: recipient-email
                 * @description Recipient address; a non-ASCII part before @ is delivered only through a server that announces SMTPUTF8.
                 * @example ann@example.net
                 */
                email: string;
                /**
                 * Format: single-line
                 * @description Recipient display name.
                 * @example Example Ltd
                 */
                name?: string;
                /**
                 * @description Template variables for this recipient only, merged over the message's `params`: the recipient gets a copy of its own.
                 * @example {
                 *       "firstName": "Ann",
                 *       "order": {
                 *         "id": "A-1001"
                 *       }
                 *     }
                 */
                params?: {
                    [key: string]: unknown;
                };
            } | string)[] | string;
            /**
             * Format: single-line
             * @description Required unless `templateId` is given (then it overrides the template's subject).
             * @example Your order has shipped
             */
            subject?: string;
            /**
             * @description Required unless `templateId` or `textContent` is given; with `textContent` alone the message is text only.
             * @example <p>Hello!</p>
             */
            htmlContent?: string;
            /**
             * @description Copy recipients: named in the Cc header, each with its own delivery state.
             * @example [
             *       {
             *         "email": "manager@example.net",
             *         "name": "Manager"
             *       }
             *     ]
             */
            cc?: ({
                /**
                 * Format: recipient-email
                 * @description Cc recipient address; a non-ASCII part before @ is delivered only through a server that announces SMTPUTF8.
                 * @example ann@example.net
                 */
                email: string;
                /**
                 * Format: single-line
                 * @description Cc recipient display name.
                 * @example Example Ltd
                 */
                name?: string;
            } | string)[];
            /**
             * @description Blind copy recipients: delivered to, never named in the message headers.
             * @example [
             *       {
             *         "email": "archive@example.com"
             *       }
             *     ]
             */
            bcc?: ({
                /**
                 * Format: recipient-email
                 * @description Bcc recipient address; a non-ASCII part before @ is delivered only through a server that announces SMTPUTF8.
                 * @example ann@example.net
                 */
                email: string;
                /**
                 * Format: single-line
                 * @description Bcc recipient display name.
                 * @example Example Ltd
                 */
                name?: string;
            } | string)[];
            replyTo?: {
                /**
                 * Format: email
                 * @description Reply-To address.
                 * @example hello@example.com
                 */
                email: string;
                /**
                 * Format: single-line
                 * @description Reply-To display name.
                 * @example Example Ltd
                 */
                name?: string;
            } | string;
            /**
             * @description The text/plain part; absent: derived from the HTML. Without `htmlContent` (and template) the message is text only.
             * @example Hello!
             */
            textContent?: string;
            /**
             * @description Extra message headers, name → value. Names must be header tokens; the headers Postwire sets itself (From, To, Cc, Bcc, Subject, Reply-To, Sender, Message-ID, Date, Return-Path, MIME-Version, Content-*, DKIM-Signature, Received, X-Postwire-*) cannot be given; besides any X-… header, only List-*, In-Reply-To, References, Thread-Topic, Thread-Index, Precedence, Auto-Submitted, Importance, Priority, Sensitivity, Keywords, Comments, Organization, Feedback-ID and Require-Recipient-Valid-Since may be.
             * @example {
             *       "X-Campaign": "spring",
             *       "List-Unsubscribe": "<https://example.com/u/1>"
             *     }
             */
            headers?: {
                [key: string]: string;
            };
            /**
             * @description Labels for filtering statistics (GET /notify/v1/stats?tag=) and events; carried in every event's details.
             * @example [
             *       "welcome",
             *       "onboarding"
             *     ]
             */
            tags?: string[];
            /**
             * @description Your own flat key → value data (strings, numbers, booleans; at most 20 keys of 64 characters, 4096 bytes in all), carried in every event's details and so in webhooks.
             * @example {
             *       "orderId": "A-1001",
             *       "customerTier": "gold"
             *     }
             */
            metadata?: {
                [key: string]: string | number | boolean;
            };
            /**
             * @description Files to attach (limits: ATTACHMENTS_MAX_COUNT, ATTACHMENT_MAX_BYTES, ATTACHMENTS_MAX_TOTAL_BYTES).
             * @example [
             *       {
             *         "filename": "invoice.pdf",
             *         "content": "JVBERi0xLjQK",
             *         "contentType": "application/pdf"
             *       },
             *       {
             *         "filename": "logo.png",
             *         "content": "iVBORw0KGgo=",
             *         "contentType": "image/png",
             *         "contentId": "logo@shop"
             *       }
             *     ]
             */
            attachments?: {
                /**
                 * Format: single-line
                 * @example invoice.pdf
                 */
                filename: string;
                /**
                 * @description The file in base64 (standard alphabet; line breaks allowed). In a multipart request, a file part instead.
                 * @example JVBERi0xLjQK
                 */
                content: string;
                /**
                 * Format: single-line
                 * @description MIME type, such as image/png.
                 * @example application/pdf
                 */
                contentType: string;
                /**
                 * Format: single-line
                 * @description Makes the attachment an inline part that the HTML shows with `<img src="cid:…">`.
                 * @example logo@shop
                 */
                contentId?: string;
            }[];
            /**
             * Format: date-time
             * @description Deliver at this time (ISO 8601 with a zone), in the future and at most 30 days ahead. DELETE /notify/v1/messages/{id}/schedule cancels it until then.
             * @example 2026-12-01T09:00:00Z
             */
            scheduledAt?: string;
            /**
             * @description A stored template (POST /notify/v1/templates) supplying subject, htmlContent and textContent.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            templateId?: string;
            /**
             * @description Values for the `{{ name }}` placeholders of the template (or of subject, htmlContent and textContent).
             * @example {
             *       "firstName": "Ann",
             *       "order": {
             *         "id": "A-1001"
             *       }
             *     }
             */
            params?: {
                [key: string]: unknown;
            };
            /**
             * @description Values for the original service's `#key#` placeholders.
             * @example {
             *       "firstName": "Ann",
             *       "order": {
             *         "id": "A-1001"
             *       }
             *     }
             */
            customFields?: {
                [key: string]: unknown;
            };
            /** @description Add an open-tracking pixel to each recipient's HTML copy; each fetch is an `opened` event (docs/tracking.md). Off by default; no effect on a text-only message. */
            trackOpens?: boolean;
            /** @description Route each recipient's http(s) links through a per-recipient redirect; each click is a `clicked` event naming the link. Off by default. */
            trackClicks?: boolean;
            /** @description Give each recipient a signed unsubscribe link in `List-Unsubscribe`, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): using it puts the address on the account's suppression list (reason unsubscribe) and records an `unsubscribed` event. Overrides a List-Unsubscribe given in `headers`. Off by default. */
            listUnsubscribe?: boolean;
        };
        MessageResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Message"];
        };
        Message: {
            id: string;
            /** Format: date-time */
            createTime: string;
            domainId: string;
            routeId: string;
            /** @description webhook: the message document is POSTed to webhookUrl (and kept for fetching). store: kept for fetching through GET /notify/v1/inbound/messages. forward: sent on to forwardTo (and kept). reject: refused at RCPT with rejectCode and rejectMessage, never accepted. */
            action: "webhook" | "store" | "forward" | "reject";
            mailFrom: string;
            recipients: string[];
            subject: string;
            /** @description Bytes of the raw message. */
            size: number;
            /** @description The message Postwire sent that this one answers (In-Reply-To or References). */
            replyToMessageId: string | null;
            /** @description That message’s campaign, when it was campaign mail. */
            replyToCampaignId: string | null;
            /** @description A received message as the application gets it. */
            document?: {
                envelope: {
                    /** @description MAIL FROM; empty for a null sender (<>). */
                    mailFrom: string;
                    rcptTo: string[];
                    clientIp: string | null;
                    helo: string | null;
                    /** Format: date-time */
                    receivedTime: string;
                };
                messageId: string | null;
                inReplyTo: string | null;
                references: string[];
                from: components["schemas"]["From"][];
                to: components["schemas"]["From"][];
                cc: components["schemas"]["From"][];
                replyTo: components["schemas"]["From"][];
                subject: string;
                /**
                 * Format: date-time
                 * @description The Date header; null when missing or unreadable.
                 */
                date: string | null;
                text: string | null;
                html: string | null;
                /** @description The text the sender wrote: quoted history and signature removed. */
                reply: string;
                attachments: {
                    /** @description Position for GET …/attachments/{index}. */
                    index: number;
                    filename: string;
                    contentType: string;
                    size: number;
                    contentId: string | null;
                    inline: boolean;
                }[];
                /** @description Every header field in order, unfolded, undecoded. */
                headers: components["schemas"]["Headers"][];
                auth: {
                    spf: {
                        result: string;
                        domain: string | null;
                    };
                    dkim: {
                        result: string;
                        domain: string | null;
                        selector: string | null;
                    }[];
                    dmarc: {
                        result: string;
                        domain: string | null;
                        policy: string | null;
                    };
                    arc: {
                        result: string;
                    };
                };
                spam: {
                    score: number;
                    threshold: number;
                    isSpam: boolean;
                    symbols: string[];
                } | null;
                /** @description How completely the message could be read. */
                parsed: {
                    /** @description false: the message was malformed and the document holds what could be read (the raw message is kept whole). */
                    complete: boolean;
                    problems: string[];
                };
            };
        };
        Campaign: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            name: string;
            subject: string;
            /** @description The newsletter the campaign was made from; "" for a campaign from raw HTML. */
            newsletterId: string;
            /** @description The marketing sender (GET /inbox/v1/senders). */
            senderAccountId: string;
            plannedTime: string;
            totalRecipients: number;
            sent: number;
            delivered: number;
            /** @description Recipients with at least one open not flagged as a machine. */
            opened: number;
            /** @description Recipients with at least one click not flagged as a scanner. */
            clicked: number;
            bounceSoft: number;
            bounceHard: number;
            spamReported: number;
            unsubscribed: number;
            /** @description Every open, flagged ones included. */
            totalOpens: number;
            totalClicks: number;
            /** @description 0001-01-01T00:00:00.000Z when none. */
            lastOpenTime: string;
            lastClickTime: string;
            /** @description Seconds from delivery to first open, averaged over openers. */
            averageOpenTime: number;
            /** @description 0 draft, 1 scheduled, 2 sending, 3 sent, 4 paused, 5 cancelled, 6 failed (see failureReason). */
            status: number;
            /**
             * @description Why the campaign failed (status 6): what to change before resending it. Empty otherwise.
             * @example segment "VIPs" (0193a5b2c4d1e2f3a4b5c6d7) cannot be used: rules.and[3].value has 40000 values; a condition has at most 1000
             */
            failureReason: string;
            newsletterLanguage: string;
            senderAccountDisplayName: string;
            senderAccountEmail: string;
            startTime: string;
            endTime: string;
            listType: number;
            lists: string[];
            notifyWhenStart: boolean;
            notifyWhenEnd: boolean;
            trackOpens: boolean;
            trackClicks: boolean;
            /**
             * @description `placeholders` (`#field#`) or `handlebars`.
             * @example placeholders
             */
            templateSyntax: string;
            /** @description Shown in the account's public archive once sent. */
            archive: boolean;
            /**
             * @description What the public archive page fills each placeholder with, by its key (`name` for `#name#` or `{{ fields.name }}`; `email` for the address). A placeholder not named here is empty there.
             * @example {
             *       "name": "Subscriber"
             *     }
             */
            archiveDefaults: {
                [key: string]: string;
            };
            /**
             * @description The public page of the campaign when `archive` is on (it answers 404 until the campaign is sent); "" when off.
             * @example https://mail.example.com/archive/q3V0c2lkZS1leGFtcGxlLXNsdWc/0193a5b2c4d1e2f3a4b5c6d7
             */
            archiveUrl: string;
            /** @description The account's public archive (every archived sent campaign, newest first) when `archive` is on; "" when off. */
            archiveListUrl: string;
        };
        DomainResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Domain"];
        };
        /** @description A sending domain with its DKIM key (the private key never leaves the server). */
        Domain: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            /** @description The owning account. */
            customerId: string;
            /**
             * @description The domain, lowercase.
             * @example example.com
             */
            name: string;
            /**
             * @description DKIM selector of the generated key.
             * @example postwire
             */
            selector: string;
            /** @description The last check found every required record (DKIM and SPF): mail from this domain is signed with its key, and its addresses are usable senders. */
            verified: boolean;
            /**
             * Format: date-time
             * @description Since when the domain is verified (the first check of an unbroken run that found it so); null when it is not.
             */
            verifiedTime: string | null;
            /**
             * Format: date-time
             * @description When the records were last checked; null: never.
             */
            lastCheckTime: string | null;
            /** @description The DNS records to publish, each with the result of the last check. */
            records: {
                /** @description dkim: the public key receivers check signatures with. spf: authorises this server to send for the domain. dmarc: a starting policy (suggested). return_path: where bounces come back (BOUNCE_DOMAIN; published once by the operator). */
                purpose: "dkim" | "spf" | "dmarc" | "return_path";
                type: "TXT" | "MX";
                /**
                 * @description The DNS name to publish the record at.
                 * @example postwire._domainkey.example.com
                 */
                name: string;
                /**
                 * @description The record to publish (for MX: priority and host). For SPF: if the domain already has an SPF record, add the mechanism to it instead of publishing a second one.
                 * @example v=DKIM1; k=rsa; p=MIIBIjANBgkqh…
                 */
                value: string;
                /** @description Needed for the domain to be verified. */
                required: boolean;
                /** @description Result of the last check: unchecked (never checked), found (published as expected), missing (no such record at the name), wrong (a record is there but not this one; see found). */
                status: "unchecked" | "found" | "missing" | "wrong";
                /** @description What the DNS answered at the name at the last check (TXT strings joined; MX as "priority host"). */
                found: string[];
            }[];
        };
        AccountResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            /** @description The account: profile, plan, limits and this month's usage. */
            resultObject: {
                /**
                 * @description 24 lowercase hex characters, ordered by creation time.
                 * @example 0193a5b2c4d1e2f3a4b5c6d7
                 */
                id: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds.
                 */
                createTime: string;
                createUserId: string;
                /** Format: date-time */
                updateTime: string;
                updateUserId: string;
                isDeleted: boolean;
                /** @example Example Ltd */
                name: string;
                /**
                 * @description The account's contact address (not a login; users log in with their own).
                 * @example billing@example.com
                 */
                email: string;
                /**
                 * @description A label set by the operator.
                 * @example self-hosted
                 */
                plan: string;
                /**
                 * @description The sender's postal address, printed in the footer of every campaign copy; empty until set (the campaign pages warn then).
                 * @example Example Ltd, 1 Market Street, Springfield 12345, USA
                 */
                postalAddress: string;
                /**
                 * @description Days a message's content (HTML, text, attachments, MIME) is kept before the purge clears it: the account's own setting, or the server's RETENTION_BODY_DAYS when it has none.
                 * @example 30
                 */
                bodyRetentionDays: number;
                /**
                 * @description off: sending is not metered; credits: each accepted recipient costs one credit.
                 * @enum {unknown}
                 */
                billingMode: "off" | "credits";
                /**
                 * @description The sum of the account's credit ledger: payments and refunds minus usage.
                 * @example 9880
                 */
                creditBalance: number;
                limits: {
                    /**
                     * @description Most recipients in the to of one POST /notify/v1/send.
                     * @example 1000
                     */
                    recipientsPerMessage: number;
                    /**
                     * @description Largest request body accepted (413 above).
                     * @example 10485760
                     */
                    requestBodyBytes: number;
                } & {
                    [key: string]: unknown;
                };
                usage: {
                    /**
                     * Format: date-time
                     * @description Start of the current calendar month, UTC.
                     * @example 2026-11-01T00:00:00.000Z
                     */
                    periodStart: string;
                    /**
                     * @description Recipients accepted for delivery since periodStart.
                     * @example 1234
                     */
                    recipientsAccepted: number;
                } & {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            };
        };
        /** @description One erasure: who erased which address (as its hash), what, and when. */
        Erase: {
            id: string;
            /** @description The address as the suppression list keeps it: `erased:` and the SHA-256 of the account id and the normalized address. */
            emailHash: string;
            /**
             * @description Who asked: a person's session, an API key, or the operator's `postwire erase`.
             * @enum {unknown}
             */
            actor: "user" | "apiKey" | "operator";
            /** @description The person (for a key, who created it); null for the operator. */
            userId: string | null;
            /** @description The API key used; null otherwise. */
            apiKeyId: string | null;
            counts: {
                /** @description Contacts deleted, with their field values, tags and list memberships. */
                contacts: number;
                /** @description Consents and form sign-ups deleted. */
                consentsAndSignups: number;
                /** @description Message recipients whose address became its hash and whose copy was cleared. */
                recipients: number;
                /** @description Messages sent to nobody else, whose content was cleared. */
                messagesCleared: number;
                /** @description Events scrubbed of the address and their details. */
                events: number;
                /** @description Capture-inbox copies deleted. */
                capturedCopies: number;
                /** @description Campaign records kept under the hash (counters and reports stay). */
                campaignCopies: number;
                /** @description Suppressions of the address replaced by the one hashed suppression. */
                suppressions: number;
                /** @description Inbound messages from the address (sent from it, or with it as From or Reply-To) deleted. */
                inboundMessages: number;
                /** @description Messages Postwire made itself naming the address (an inbound route's forwards) whose content was cleared; a delivery still queued ends cancelled. */
                forwards: number;
                /** @description SMTP submissions sent to others too whose submitted bytes (naming every addressee) were cleared, none of their deliveries waiting. */
                submissionsCleared: number;
                /** @description Rows of running imports, or invalid rows an import reports, whose address became its hash. */
                importRows: number;
                /** @description Idempotency-Key answers kept 24 hours whose address became its hash. */
                idempotencyAnswers: number;
            };
            createTime: string;
        };
        WebhookResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            /** @description A webhook with its signing secret, as answered once on creation and on rotation. */
            resultObject: {
                /**
                 * @description 24 lowercase hex characters, ordered by creation time.
                 * @example 0193a5b2c4d1e2f3a4b5c6d7
                 */
                id: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds.
                 */
                createTime: string;
                createUserId: string;
                /** Format: date-time */
                updateTime: string;
                updateUserId: string;
                isDeleted: boolean;
                /** @description The owning account. */
                customerId: string;
                /**
                 * @description Where events are POSTed: an http:// or https:// URL.
                 * @example https://example.com/hooks/postwire
                 */
                url: string;
                description: string;
                /** @description The event types sent; empty means every type. */
                events: ("accepted" | "sent" | "delivered" | "deferred" | "bounced" | "complained" | "suppressed" | "opened" | "unique_opened" | "clicked" | "unsubscribed" | "cancelled")[];
                enabled: boolean;
                /**
                 * @description The end of the signing secret, to tell secrets apart; the secret itself is shown only on creation and rotation.
                 * @example whsec_…3f9a
                 */
                secretPreview: string;
                /**
                 * @description The signing secret (HMAC-SHA256 key of X-Postwire-Signature). Shown only in this answer: store it now.
                 * @example whsec_5b0c6d2e8f1a4b7c9d3e5f60718293a4b5c6d7e8f9a0b1c2
                 */
                secret: string;
            };
        };
        CustomInput: {
            /** Format: single-line */
            subject: string;
            htmlContent: string;
            /** @example en-US */
            language: string;
            /** @description A marketing sender (GET /inbox/v1/senders): the From of every copy. */
            senderAccountId: string;
            /**
             * @description 2: `lists` are contact lists; 3: `lists` are segments.
             * @example 2
             */
            listType: number;
            lists: string[];
            /**
             * @description When to start: ISO 8601; a time without a zone is UTC; absent or past means now.
             * @example 2026-12-01T09:00:00
             */
            plannedTime?: string;
            /** @description Mail the account's owner when sending starts. */
            notifyWhenStart?: boolean;
            /** @description Mail the account's owner when every recipient has a final outcome. */
            notifyWhenEnd?: boolean;
            /** @description Open tracking (default true). */
            trackOpens?: boolean;
            /** @description Click tracking (default true). */
            trackClicks?: boolean;
            /** @description Keep it as a draft (status 0): nothing is sent until POST /inbox/v1/campaigns/{id}/schedule. */
            draft?: boolean;
            /**
             * @description How subject and HTML are filled per contact. `placeholders` (default): `#field#`. `handlebars`: the template language of stored templates, with `email`, `fields.<key>`, `lists` and `list_name` as variables (`{{#if fields.plan}}…{{/if}}`); a syntax error is a 400 with line and column. In both, `#unsubscribe#` / `{{ unsubscribe_url }}` and `#webversion#` / `{{ webversion_url }}` are the recipient's own links. See docs/templates.md.
             * @example handlebars
             */
            templateSyntax?: "placeholders" | "handlebars";
            /** @description Show the campaign, once sent, in the account's public archive (`archiveUrl`): its content with the `archiveDefaults` filled in and no recipient's links. Default false. */
            archive?: boolean;
            /**
             * @description What the public archive page fills each placeholder with, by its key (`name` for `#name#` or `{{ fields.name }}`; `email` for the address). A placeholder not named here is empty there.
             * @example {
             *       "name": "Subscriber"
             *     }
             */
            archiveDefaults?: {
                [key: string]: string;
            };
        };
        CampaignInput: {
            /** @description The newsletter whose subject, language and HTML the campaign copies. */
            newsletterId: string;
            /** @description A marketing sender (GET /inbox/v1/senders): the From of every copy. */
            senderAccountId: string;
            /**
             * @description 2: `lists` are contact lists; 3: `lists` are segments.
             * @example 2
             */
            listType: number;
            lists: string[];
            /**
             * @description When to start: ISO 8601; a time without a zone is UTC; absent or past means now.
             * @example 2026-12-01T09:00:00
             */
            plannedTime?: string;
            /** @description Mail the account's owner when sending starts. */
            notifyWhenStart?: boolean;
            /** @description Mail the account's owner when every recipient has a final outcome. */
            notifyWhenEnd?: boolean;
            /** @description Open tracking (default true). */
            trackOpens?: boolean;
            /** @description Click tracking (default true). */
            trackClicks?: boolean;
            /** @description Keep it as a draft (status 0): nothing is sent until POST /inbox/v1/campaigns/{id}/schedule. */
            draft?: boolean;
            /**
             * @description How subject and HTML are filled per contact. `placeholders` (default): `#field#`. `handlebars`: the template language of stored templates, with `email`, `fields.<key>`, `lists` and `list_name` as variables (`{{#if fields.plan}}…{{/if}}`); a syntax error is a 400 with line and column. In both, `#unsubscribe#` / `{{ unsubscribe_url }}` and `#webversion#` / `{{ webversion_url }}` are the recipient's own links. See docs/templates.md.
             * @example handlebars
             */
            templateSyntax?: "placeholders" | "handlebars";
            /** @description Show the campaign, once sent, in the account's public archive (`archiveUrl`): its content with the `archiveDefaults` filled in and no recipient's links. Default false. */
            archive?: boolean;
            /**
             * @description What the public archive page fills each placeholder with, by its key (`name` for `#name#` or `{{ fields.name }}`; `email` for the address). A placeholder not named here is empty there.
             * @example {
             *       "name": "Subscriber"
             *     }
             */
            archiveDefaults?: {
                [key: string]: string;
            };
        };
        RouteResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Route"];
        };
        Send: {
            /** @description Id of the accepted message; GET /notify/v1/messages/{id} shows its progress. */
            id: string;
            /** @description The Message-ID header the message carries, stable across retries. */
            messageId: string;
            queuedAt: string;
            /** @description Addresses accepted for delivery. */
            accepted: string[];
            /** @description Addresses not accepted (always empty here: any invalid address fails the whole request). */
            rejected: string[];
            recipients: components["schemas"]["Recipients"][];
            /** @description Present when the send is scheduled: delivery starts then. */
            scheduledAt?: string;
            /** @description Present when some addresses are on the suppression list: they are recorded as suppressed and not sent to. */
            suppressed?: string[];
        };
        DomainResponse2: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Domain2"];
        };
        /** @description An address that receives the account's events, signed with the webhook's secret. */
        Webhook: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            /** @description The owning account. */
            customerId: string;
            /**
             * @description Where events are POSTed: an http:// or https:// URL.
             * @example https://example.com/hooks/postwire
             */
            url: string;
            description: string;
            /** @description The event types sent; empty means every type. */
            events: ("accepted" | "sent" | "delivered" | "deferred" | "bounced" | "complained" | "suppressed" | "opened" | "unique_opened" | "clicked" | "unsubscribed" | "cancelled")[];
            enabled: boolean;
            /**
             * @description The end of the signing secret, to tell secrets apart; the secret itself is shown only on creation and rotation.
             * @example whsec_…3f9a
             */
            secretPreview: string;
        };
        /** @description Where mail to matching addresses of a receiving domain goes. */
        Route: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            customerId: string;
            /** @description The receiving domain the route is on. */
            domainId: string;
            /**
             * @description That domain’s name.
             * @example in.example.com
             */
            domain: string;
            /**
             * @description The local part matched: exact (support), with * for any run of characters (reply+*), or * alone (catch-all). Most specific wins.
             * @example support
             */
            pattern: string;
            /** @description webhook: the message document is POSTed to webhookUrl (and kept for fetching). store: kept for fetching through GET /notify/v1/inbound/messages. forward: sent on to forwardTo (and kept). reject: refused at RCPT with rejectCode and rejectMessage, never accepted. */
            action: "webhook" | "store" | "forward" | "reject";
            webhookUrl: string | null;
            /** @description For action webhook: the key of the calls’ X-Postwire-Signature (as a webhook’s, docs/webhooks.md). Whole only in the answer that creates the route; a preview after. */
            webhookSecret: string | null;
            forwardTo: string | null;
            rejectCode: number | null;
            rejectMessage: string | null;
            description: string | null;
        };
        /** @description A domain this server receives mail for on behalf of the account. */
        Domain2: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            /** @description The owning account. */
            customerId: string;
            /**
             * @description The domain, lowercase.
             * @example in.example.com
             */
            name: string;
            /** @description The MX record that sends the domain’s mail to this server. */
            mx: {
                /** @enum {string} */
                type: "MX";
                /**
                 * @description The DNS name to publish the record at: the domain itself.
                 * @example in.example.com
                 */
                name: string;
                /**
                 * @description The record to publish: priority and host (INBOUND_MX_HOST).
                 * @example 10 mx.postwire.example
                 */
                value: string;
                /** @description Result of the last check: unchecked (never checked), found (an MX record points at INBOUND_MX_HOST), missing (no MX record), wrong (MX records point elsewhere; see found). */
                status: "unchecked" | "found" | "missing" | "wrong";
                /** @description The MX records the DNS answered at the last check, as "priority host". */
                found: string[];
            };
            /** @description The last check found the MX record in place. */
            verified: boolean;
            /**
             * Format: date-time
             * @description When the MX record was last checked; null: never.
             */
            lastCheckTime: string | null;
        };
        RenderInput: {
            /**
             * Format: single-line
             * @description Subject line; may use {{ variables }}.
             * @example Your order {{ order.id }} has shipped
             */
            subject: string;
            /**
             * @description HTML body in Handlebars, or an MJML document (starting with `<mjml>`), compiled to HTML when saved (its errors a 400 with line and column). `{{ name }}` inserts a variable HTML-escaped, `{{{ name }}}` inserts it as it is; dotted paths reach into objects; `{{#each}}`, `{{#if}}`/`{{else}}`, `{{#unless}}`, `{{#with}}`, `lookup`, and formatDate, formatNumber, formatCurrency with a locale. A syntax error is a 400 naming line and column.
             * @example <p>Hello {{ firstName }}, order {{ order.id }} is on its way.</p>
             */
            htmlContent: string;
            /**
             * @description Plain-text body with the same variables; null or absent: derived from the rendered HTML.
             * @example Hello {{ firstName }}, order {{ order.id }} is on its way.
             */
            textContent?: string | null;
            /** @description The id of one of the account's layouts that wraps this template's HTML at every send; null or absent: none. */
            layoutId?: string | null;
            /** @description true: the rules of the rendered HTML's `<style>` blocks (its layout's included) are written into the elements' `style` attributes at every send. Default false. */
            inlineCss?: boolean;
            /**
             * @description Sample values for the placeholders, as `params` of POST /notify/v1/send gives them.
             * @example {
             *       "firstName": "Ann",
             *       "order": {
             *         "id": "A-1001"
             *       }
             *     }
             */
            params?: {
                [key: string]: unknown;
            };
            /** @description true: variables the sample lacks render as nothing (listed in `missingVariables`) instead of the 400 a send answers. Default false. */
            allowMissing?: boolean;
        };
        TemplateInput: {
            /**
             * @description Your name for the template.
             * @example Order shipped
             */
            name: string;
            /**
             * Format: single-line
             * @description Subject line; may use {{ variables }}.
             * @example Your order {{ order.id }} has shipped
             */
            subject: string;
            /**
             * @description HTML body in Handlebars, or an MJML document (starting with `<mjml>`), compiled to HTML when saved (its errors a 400 with line and column). `{{ name }}` inserts a variable HTML-escaped, `{{{ name }}}` inserts it as it is; dotted paths reach into objects; `{{#each}}`, `{{#if}}`/`{{else}}`, `{{#unless}}`, `{{#with}}`, `lookup`, and formatDate, formatNumber, formatCurrency with a locale. A syntax error is a 400 naming line and column.
             * @example <p>Hello {{ firstName }}, order {{ order.id }} is on its way.</p>
             */
            htmlContent: string;
            /**
             * @description Plain-text body with the same variables; null or absent: derived from the rendered HTML.
             * @example Hello {{ firstName }}, order {{ order.id }} is on its way.
             */
            textContent?: string | null;
            /** @description A layout: header, footer and styles that other templates share, its htmlContent with a `{{{ body }}}` placeholder where their HTML goes. Default false. */
            isLayout?: boolean;
            /** @description The id of one of the account's layouts that wraps this template's HTML at every send; null or absent: none. */
            layoutId?: string | null;
            /** @description true: the rules of the rendered HTML's `<style>` blocks (its layout's included) are written into the elements' `style` attributes at every send. Default false. */
            inlineCss?: boolean;
        };
        TemplateInput2: {
            /**
             * @description Your name for the template.
             * @example Order shipped
             */
            name?: string;
            /**
             * Format: single-line
             * @description Subject line; may use {{ variables }}.
             * @example Your order {{ order.id }} has shipped
             */
            subject?: string;
            /**
             * @description HTML body in Handlebars, or an MJML document (starting with `<mjml>`), compiled to HTML when saved (its errors a 400 with line and column). `{{ name }}` inserts a variable HTML-escaped, `{{{ name }}}` inserts it as it is; dotted paths reach into objects; `{{#each}}`, `{{#if}}`/`{{else}}`, `{{#unless}}`, `{{#with}}`, `lookup`, and formatDate, formatNumber, formatCurrency with a locale. A syntax error is a 400 naming line and column.
             * @example <p>Hello {{ firstName }}, order {{ order.id }} is on its way.</p>
             */
            htmlContent?: string;
            /**
             * @description Plain-text body with the same variables; null or absent: derived from the rendered HTML.
             * @example Hello {{ firstName }}, order {{ order.id }} is on its way.
             */
            textContent?: string | null;
            /** @description A layout: header, footer and styles that other templates share, its htmlContent with a `{{{ body }}}` placeholder where their HTML goes. Default false. */
            isLayout?: boolean;
            /** @description The id of one of the account's layouts that wraps this template's HTML at every send; null or absent: none. */
            layoutId?: string | null;
            /** @description true: the rules of the rendered HTML's `<style>` blocks (its layout's included) are written into the elements' `style` attributes at every send. Default false. */
            inlineCss?: boolean;
        };
        WebhookInput: {
            /**
             * @description Where events are POSTed: an http:// or https:// URL.
             * @example https://example.com/hooks/postwire
             */
            url: string;
            /**
             * @description A note for people; not sent anywhere.
             * @example Bounces to the CRM
             */
            description?: string;
            /**
             * @description The event types to send, by name or by the original service's id (answers name them); empty means every type.
             * @example [
             *       "delivered",
             *       "bounced"
             *     ]
             */
            events?: (("accepted" | "sent" | "delivered" | "deferred" | "bounced" | "complained" | "suppressed" | "opened" | "unique_opened" | "clicked" | "unsubscribed" | "cancelled") | number)[];
            /** @description false pauses the webhook: no new deliveries are queued for it and pending ones wait. */
            enabled?: boolean;
        };
        /** @description One change of a recipient's state. */
        Events: {
            /** @description 24 lowercase hex characters, ordered by creation time. */
            id: string;
            /**
             * Format: date-time
             * @description When it happened: ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            /**
             * @description accepted: the send was committed; sent: stored in the capture inbox; delivered: the relay or receiving server answered 2xx; deferred: a temporary failure, retried later; bounced: refused for good (5xx, an asynchronous bounce, or deferred past MAX_RETRY_AGE_SECONDS); complained: the recipient reported the message as spam; suppressed: not attempted, the address is on the suppression list; cancelled: a scheduled send was cancelled before it began; opened, clicked: a tracked copy was opened or one of its links followed (details: url, linkIndex, userAgentClass, flagged, reason); unique_opened: besides `opened`, the copy's first open only (the same details); unsubscribed: the recipient used its unsubscribe link (details: via). See docs/tracking.md.
             * @enum {unknown}
             */
            type: "accepted" | "sent" | "delivered" | "deferred" | "bounced" | "complained" | "suppressed" | "opened" | "unique_opened" | "clicked" | "unsubscribed" | "cancelled";
            /** @description Id of the message (GET /notify/v1/messages/{id}). */
            messageId: string | null;
            /** @description Id of the recipient within the message. */
            recipientId: string | null;
            /** @description The recipient address. */
            email: string | null;
            /** @description What is known about it: `response` (the remote reply), `attempt` (delivery attempt number), `reason`, `expired`… */
            details: {
                [key: string]: unknown;
            };
        };
        WebhookInput2: {
            /**
             * @description Where events are POSTed: an http:// or https:// URL.
             * @example https://example.com/hooks/postwire
             */
            url?: string;
            /**
             * @description A note for people; not sent anywhere.
             * @example Bounces to the CRM
             */
            description?: string;
            /**
             * @description The event types to send, by name or by the original service's id (answers name them); empty means every type.
             * @example [
             *       "delivered",
             *       "bounced"
             *     ]
             */
            events?: (("accepted" | "sent" | "delivered" | "deferred" | "bounced" | "complained" | "suppressed" | "opened" | "unique_opened" | "clicked" | "unsubscribed" | "cancelled") | number)[];
            /** @description false pauses the webhook: no new deliveries are queued for it and pending ones wait. */
            enabled?: boolean;
        };
        SenderResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Sender"];
        };
        /** @description A payment recorded by the operator, with the credits it bought. */
        Payment: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            /** @description The account the credits went to. */
            customerId: string;
            /**
             * @description What was paid, in the minor unit of the currency (cents for EUR and USD, yen for JPY).
             * @example 4900
             */
            amount: number;
            /**
             * @description ISO 4217 code.
             * @example EUR
             */
            currency: string;
            /**
             * @description Credits added to the balance; one credit pays for one accepted recipient.
             * @example 10000
             */
            credits: number;
            /**
             * @description How it was paid, as the operator recorded it.
             * @example bank_transfer
             */
            method: string;
            /**
             * @description The operator's reference (invoice number, transfer id…).
             * @example INV-2026-0042
             */
            reference: string | null;
            /**
             * @description completed: the credits are on the balance.
             * @enum {string}
             */
            status: "completed";
            /**
             * @description How the operator recorded it: cli (postwire payment add) or admin-api.
             * @example cli
             */
            createdBy: string;
        };
        SenderResponse2: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Sender2"];
        };
        SuppressionResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Suppression"];
        };
        TemplateResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Template"];
        };
        RouteInput: {
            /** @description The receiving domain (from POST /notify/v1/inbound/domains). */
            domainId: string;
            /**
             * @description Local part to match: support, reply+*, or * (catch-all).
             * @example support
             */
            pattern: string;
            /** @description webhook: the message document is POSTed to webhookUrl (and kept for fetching). store: kept for fetching through GET /notify/v1/inbound/messages. forward: sent on to forwardTo (and kept). reject: refused at RCPT with rejectCode and rejectMessage, never accepted. */
            action: "webhook" | "store" | "forward" | "reject";
            /**
             * @description For action webhook: a public http(s) URL.
             * @example https://app.example.com/inbound
             */
            webhookUrl?: string;
            /**
             * Format: email
             * @description For action forward: the address to send the message on to.
             */
            forwardTo?: string;
            /** @description For action reject: the SMTP reply code, 4xx (try later) or 5xx (refused); default 550. */
            rejectCode?: number;
            /**
             * Format: single-line
             * @description For action reject: the text of the SMTP reply.
             */
            rejectMessage?: string;
            /** Format: single-line */
            description?: string;
        };
        /** @description A sender address the account may send from. */
        Sender: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            /** @description The owning account. */
            customerId: string;
            displayName: string;
            email: string;
            /**
             * @description Dedicated sending addresses; always null (not offered).
             * @enum {object|null}
             */
            notifyDedicatedIps: never | null;
            /** @description The address is confirmed or its domain is verified; with REQUIRE_VERIFIED_SENDERS only verified senders can be used in from. */
            verified: boolean;
            /** @description address: its owner followed the confirmation link; domain: the account has verified its domain (or a parent domain); null: not verified. */
            verifiedBy: "address" | "domain" | (never | null);
        };
        RouteInput2: {
            /**
             * @description Local part to match: support, reply+*, or * (catch-all).
             * @example support
             */
            pattern?: string;
            /** @description webhook: the message document is POSTed to webhookUrl (and kept for fetching). store: kept for fetching through GET /notify/v1/inbound/messages. forward: sent on to forwardTo (and kept). reject: refused at RCPT with rejectCode and rejectMessage, never accepted. */
            action?: "webhook" | "store" | "forward" | "reject";
            /**
             * @description For action webhook: a public http(s) URL.
             * @example https://app.example.com/inbound
             */
            webhookUrl?: string;
            /**
             * Format: email
             * @description For action forward: the address to send the message on to.
             */
            forwardTo?: string;
            /** @description For action reject: the SMTP reply code, 4xx (try later) or 5xx (refused); default 550. */
            rejectCode?: number;
            /**
             * Format: single-line
             * @description For action reject: the text of the SMTP reply.
             */
            rejectMessage?: string;
            /**
             * Format: single-line
             * @description An empty string removes the description.
             */
            description?: string;
        };
        Recipients: {
            id: string;
            email: string;
            name: string;
            /** @description queued: waiting for the worker (or for scheduledAt); sent: stored in the capture inbox; delivered: the relay or receiving server accepted it (2xx); deferred: a temporary failure, will be retried; bounced: refused for good (5xx, or deferred past MAX_RETRY_AGE_SECONDS); suppressed: on the suppression list, not attempted; failed: could not be attempted; cancelled: its scheduled send was cancelled. */
            state: "queued" | "sent" | "delivered" | "deferred" | "bounced" | "suppressed" | "failed" | "cancelled";
            attempts: number;
            /** @description The transport's last reply, if any. */
            lastResponse: string | null;
            sentTime: string | null;
            updateTime: string;
            /** @description Present for copy recipients only: cc (named in the Cc header) or bcc (never named). */
            type?: "cc" | "bcc";
        };
        Sender2: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            email: string;
            displayName: string;
            replyEmail: string;
            /** @description The last check of the address's sending domain (POST /notify/v1/domains/{id}/verify) found its SPF record. */
            spf: boolean;
            /** @description The last check found its DKIM record. */
            dkim: boolean;
            /** @description The last check found a DMARC record. */
            dmarc: boolean;
            /** @description The address may be used: confirmed from its mailbox (the link Postwire mails to it) or at a verified domain. */
            activation: boolean;
            /** @description The From header: `Display Name <address>`. */
            fullName: string;
        };
        /** @description An address the account does not send to. */
        Suppression: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            /** @description The suppressed address; messages to it are not attempted. An erased address (docs/privacy.md) shows as `erased:` and its hash. */
            email: string;
            /**
             * @description hard_bounce: a receiving server refused the address for good; complaint: the recipient reported a message as spam; unsubscribe: the recipient used a message's unsubscribe link (docs/tracking.md); manual: added through the API.
             * @enum {unknown}
             */
            reason: "hard_bounce" | "complaint" | "unsubscribe" | "manual";
            /** @description What caused it: the remote response, the message and recipient ids… */
            details: {
                [key: string]: unknown;
            };
        };
        Template: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            customerId: string;
            name: string;
            subject: string;
            htmlContent: string;
            textContent: string | null;
            isLayout: boolean;
            layoutId: string | null;
            inlineCss: boolean;
            /** @description The MJML the template was saved as (htmlContent is then the HTML compiled from it); null: written in HTML. */
            mjmlContent: string | null;
            /** @description The variables the template uses; a send must give each of them in `params`. */
            variables: string[];
        };
        Contact: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            email: string;
            rank: number;
            /** @description 1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported; a hard bounce or complaint on the account's suppression list shows here too (docs/marketing.md). */
            status: number;
            tags: string[];
            customFields: {
                customFieldId: string;
                name: string;
                type: number;
                value: string;
            }[];
            /** @description The lists the contact is on. */
            listIds: string[];
        };
        FormResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Form"];
        };
        NewsletterResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Newsletter"];
        };
        AddInput: {
            /**
             * Format: email
             * @description The contact's address; a contact of the account with this address is updated, not duplicated.
             * @example hello@example.com
             */
            email: string;
            /** @description Values of custom fields to set; null or [] set none. Fields not named keep their values. */
            customFields?: components["schemas"]["CustomFields"][] | null;
            /**
             * @description The contact's tags, replacing the ones it has; null or absent: unchanged.
             * @example [
             *       "vip",
             *       "berlin"
             *     ]
             */
            tags?: string[] | null;
        };
        RenderResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: {
                /** @description The subject with its placeholders filled. */
                subject: string;
                /** @description The HTML with its placeholders filled, values HTML-escaped unless tripled. */
                htmlContent: string;
                /** @description The text with its placeholders filled; null when none was given (a send then derives the text part from the HTML). */
                textContent: string | null;
                /** @description The text part a send would compose: `textContent` filled, or else derived from the HTML. */
                text: string;
                /** @description Variables the template (and its layout) uses that `params` lacks, in order of first use, optional ones included. */
                missingVariables: string[];
            };
        };
        ContactlistResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Contactlist"];
        };
        /** @description A person who logs in to the account. */
        User: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            /**
             * @description The address the user logs in with (POST /token).
             * @example ada@example.com
             */
            email: string;
            /** @example Ada Lovelace */
            name: string;
            /**
             * @description owner: everything, including owners and the account; admin: everything except managing owners; member: send, read and marketing only (no account changes, users or API keys).
             * @example member
             * @enum {unknown}
             */
            role: "owner" | "admin" | "member";
        };
        CustomfieldResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Customfield"];
        };
        GroupResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Group"];
        };
        ContactInput: {
            /**
             * @description The contact's tags, replacing the ones it has; null or absent: unchanged.
             * @example [
             *       "vip",
             *       "berlin"
             *     ]
             */
            tags?: string[] | null;
            /** @description Values of custom fields to set; null or [] set none. Fields not named keep their values. */
            customFields?: components["schemas"]["CustomFields"][] | null;
        };
        SimulateInput: {
            /** @description bounce: as a hard-bounce DSN for this recipient would be recorded; complaint: as a spam report (ARF); both add the address to the suppression list. open, click: as the open pixel and the click redirect record them (the message must have been sent with `trackOpens` or `trackClicks`: 409 otherwise), never flagged as a machine, with details.simulated true. */
            outcome: "bounce" | "complaint" | "open" | "click";
            /**
             * @description Only with outcome click: the link followed, one of the message's http(s) links as written in its HTML. Default: its first link.
             * @example https://shop.example.com/orders/1001
             */
            url?: string;
        };
        CampaignInput2: {
            /** Format: single-line */
            subject?: string;
            htmlContent?: string;
            /** @example en-US */
            language?: string;
            /** @description Show the campaign, once sent, in the account's public archive (`archiveUrl`): its content with the `archiveDefaults` filled in and no recipient's links. Default false. */
            archive?: boolean;
            /**
             * @description What the public archive page fills each placeholder with, by its key (`name` for `#name#` or `{{ fields.name }}`; `email` for the address). A placeholder not named here is empty there.
             * @example {
             *       "name": "Subscriber"
             *     }
             */
            archiveDefaults?: {
                [key: string]: string;
            };
        };
        Form: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            title: string;
            /** @description The hosted sign-up page: link to it, or embed it in an iframe. */
            formUrl: string;
            listIds: string[];
            /** @description The confirmation mail's from address ('' : the account's first sender). */
            fromEmail: string;
        };
        Newsletter: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            /** @description The name a picker shows: the subject (a newsletter has no name of its own). */
            name: string;
            subject: string;
            language: string;
            htmlContent: string;
            /** @description 0 for designs made through the API. */
            type: number;
        };
        ApikeyInput: {
            /**
             * Format: single-line
             * @description What the key is for.
             * @example Production web server
             */
            name: string;
            /**
             * @description What the key may do; at least one.
             * @example [
             *       "send",
             *       "read"
             *     ]
             */
            scopes: ("send" | "read" | "marketing" | "account")[];
            /**
             * Format: date-time
             * @description When the key stops working (in the future); absent: never.
             * @example 2027-01-01T00:00:00Z
             */
            expiresAt?: string;
        };
        SegmentResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: components["schemas"]["Segment"];
        };
        TokenResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: {
                /** @description A JWT; send it as Authorization: Bearer <access_token>. */
                access_token: string;
                /**
                 * @description Seconds until the access token expires.
                 * @example 3600
                 */
                expires_in: number;
                /** @enum {string} */
                token_type: "Bearer";
                /** @description Exchange once with POST /token/refresh for a new pair. Absent when RefreshCookie was true: it is in the cookie. */
                refresh_token?: string;
            };
        };
        BulkInput: {
            /** @description The contacts to act on. */
            contactIds: string[];
            /** @description addToList / removeFromList (with listId), tag / untag (with tag), unsubscribe (status 3), delete (everywhere). */
            action: "addToList" | "removeFromList" | "tag" | "untag" | "unsubscribe" | "delete";
            /** @description The list of addToList and removeFromList. */
            listId?: string;
            /** @description The tag of tag and untag. */
            tag?: string;
        };
        AccountInput: {
            /**
             * Format: single-line
             * @example Example Ltd
             */
            name?: string;
            /**
             * Format: email
             * @description The account's contact address.
             * @example hello@example.com
             */
            email?: string;
            /**
             * @description The sender's postal address for the footer of campaign mail; line breaks are kept. Empty removes it.
             * @example Example Ltd, 1 Market Street, Springfield 12345, USA
             */
            postalAddress?: string;
            /**
             * @description Days message bodies are kept for this account, 1–3650, shorter or longer than the server's RETENTION_BODY_DAYS; null goes back to the server's setting.
             * @example 7
             */
            bodyRetentionDays?: number | null;
        };
        /** @description JSON, form-urlencoded or multipart; field names are matched without regard to case. */
        TokenInput: {
            /**
             * @description The account user's email address (emailAddress is accepted too).
             * @example owner@example.com
             */
            EmailAddress: string;
            /** @example correct horse battery staple */
            Password: string;
            /** @description true: the refresh token is set as an httpOnly, SameSite=Strict cookie (postwire_refresh, Path=/token) instead of being returned in the body, for browser applications. POST /token/refresh and /token/revoke then read it from the cookie. */
            RefreshCookie?: boolean;
        };
        Contactlist: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            listName: string;
            groupId: string | null;
            legislation: number;
            /** @description Contacts on the list, as of this answer. */
            count: number;
        };
        Customfield: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            name: string;
            type: number;
            /**
             * @description Always null (the original's option list; none are kept).
             * @enum {object|null}
             */
            items: never | null;
        };
        Group: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            groupName: string;
            /** @description Contacts on the group's lists (a contact on two of them counts once), as of this answer. */
            contactsCount: number;
        };
        UserInput: {
            /**
             * Format: email
             * @description Login address; unique across the installation.
             * @example hello@example.com
             */
            email: string;
            /**
             * Format: single-line
             * @description Defaults to the part of the address before @.
             * @example Example Ltd
             */
            name?: string;
            /**
             * @description Defaults to member. Only an owner can create an owner.
             * @example admin
             * @enum {unknown}
             */
            role?: "owner" | "admin" | "member";
            /**
             * @description At least 8 characters; when absent one is generated and returned once.
             * @example correct horse battery staple
             */
            password?: string;
        };
        FormInput: {
            /**
             * @description Shown as the heading of the page.
             * @example Our newsletter
             */
            title: string;
            /** @description Contact lists a confirmed sign-up is put on. */
            listIds: string[];
            /** @description A sender of the account (GET /notify/v1/senders), usable as the send path's from.email, that the confirmation mail comes from; any other address is a 400. Absent or '': the account's first sender. */
            fromEmail?: string;
        };
        FormInput2: {
            /**
             * @description Shown as the heading of the page.
             * @example Our newsletter
             */
            title?: string;
            /** @description Contact lists a confirmed sign-up is put on. */
            listIds?: string[];
            /** @description A sender of the account (GET /notify/v1/senders), usable as the send path's from.email, that the confirmation mail comes from; any other address is a 400. Absent or '': the account's first sender. */
            fromEmail?: string;
        };
        SegmentInput: {
            /**
             * @description The segment's name.
             * @example Active in Berlin
             */
            name: string;
            /**
             * @description A rule tree: {"and": [rules]}, {"or": [rules]} or a condition {"field", "operator", "value"} over email, status, tag, list, opened, clicked and customField:<id> (docs/marketing.md).
             * @example {
             *       "and": [
             *         {
             *           "field": "status",
             *           "operator": "eq",
             *           "value": 1
             *         },
             *         {
             *           "or": [
             *             {
             *               "field": "tag",
             *               "operator": "eq",
             *               "value": "vip"
             *             },
             *             {
             *               "field": "email",
             *               "operator": "ends_with",
             *               "value": "@example.com"
             *             }
             *           ]
             *         }
             *       ]
             *     }
             */
            rules: unknown;
        };
        /** @description Which events to send again: by id, by time, or both (then an event must match both). At least one of the three is required. */
        ReplayInput: {
            /** @description Events to send again, by id (GET /notify/v1/events). */
            eventIds?: string[];
            /**
             * Format: date-time
             * @description Events at or after this time (ISO 8601).
             */
            from?: string;
            /**
             * Format: date-time
             * @description Events at or before this time (ISO 8601).
             */
            to?: string;
        };
        SegmentInput2: {
            /**
             * @description The segment's name.
             * @example Active in Berlin
             */
            name?: string;
            /**
             * @description A rule tree: {"and": [rules]}, {"or": [rules]} or a condition {"field", "operator", "value"} over email, status, tag, list, opened, clicked and customField:<id> (docs/marketing.md).
             * @example {
             *       "and": [
             *         {
             *           "field": "status",
             *           "operator": "eq",
             *           "value": 1
             *         },
             *         {
             *           "or": [
             *             {
             *               "field": "tag",
             *               "operator": "eq",
             *               "value": "vip"
             *             },
             *             {
             *               "field": "email",
             *               "operator": "ends_with",
             *               "value": "@example.com"
             *             }
             *           ]
             *         }
             *       ]
             *     }
             */
            rules?: unknown;
        };
        Segment: {
            /**
             * @description 24 lowercase hex characters, ordered by creation time.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds.
             */
            createTime: string;
            createUserId: string;
            /** Format: date-time */
            updateTime: string;
            updateUserId: string;
            isDeleted: boolean;
            name: string;
            rules: unknown;
        };
        AccountInput2: {
            /**
             * Format: email
             * @description The owner's login address; also the account's first sender.
             * @example hello@example.com
             */
            email: string;
            /**
             * @description At least 8 characters.
             * @example correct horse battery staple
             */
            password: string;
            /**
             * Format: single-line
             * @description The account's name; defaults to the part of the address before @.
             * @example Example Ltd
             */
            name?: string;
        };
        /** @description Either RefreshToken, or all: true with an access token. */
        RevokeInput: {
            /** @description A refresh token: its whole session (every access and refresh token issued in it) is revoked. No Authorization header is needed. Without it, the refresh cookie is used when present (and cleared). */
            RefreshToken?: string;
            /** @description true: revoke every session of the user named by the Authorization: Bearer access token, including that one. */
            all?: boolean;
        };
        RefreshInput: {
            /** @description The refresh_token of the last token response. Required unless the refresh cookie (RefreshCookie: true at login) is sent. */
            RefreshToken?: string;
            /** @description true: the refresh token is set as an httpOnly, SameSite=Strict cookie (postwire_refresh, Path=/token) instead of being returned in the body, for browser applications. POST /token/refresh and /token/revoke then read it from the cookie. */
            RefreshCookie?: boolean;
        };
        NewsletterInput: {
            /**
             * Format: single-line
             * @description Subject line; `#fieldname#` placeholders allowed.
             */
            subject: string;
            /**
             * @description A language tag.
             * @example en-US
             */
            language: string;
            /** @description The HTML body; `#fieldname#` placeholders allowed. */
            htmlContent: string;
        };
        SenderInput: {
            /**
             * Format: single-line
             * @description Shown as the From name of campaigns.
             * @example Example Ltd
             */
            DisplayName: string;
            /**
             * Format: email
             * @description The From address of campaigns.
             * @example hello@example.com
             */
            Email: string;
            /**
             * Format: email
             * @description Where replies go (Reply-To).
             * @example hello@example.com
             */
            ReplyEmail: string;
        };
        ContactlistInput: {
            /**
             * @description The list's name.
             * @example Customers
             */
            listName: string;
            /**
             * @description The group the list is filed in; absent, null or empty: none.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            groupId?: string | null;
            /**
             * @description The law its consent follows: 0 none, 1 GDPR, 2 CASL, 3 CAN-SPAM.
             * @example 1
             */
            legislation?: number;
        };
        Items: {
            /** @description The address; a row with an invalid one is counted in `invalid`. */
            email: string;
            customFields?: {
                customFieldId: string;
                value: string | number | boolean | (never | null);
            }[] | null;
        };
        ContactlistInput2: {
            /**
             * @description The list's name.
             * @example Customers
             */
            listName?: string;
            /**
             * @description The group the list is filed in; absent, null or empty: none.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            groupId?: string | null;
            /**
             * @description The law its consent follows: 0 none, 1 GDPR, 2 CASL, 3 CAN-SPAM.
             * @example 1
             */
            legislation?: number;
        };
        NewsletterInput2: {
            /**
             * Format: single-line
             * @description Subject line; `#fieldname#` placeholders allowed.
             */
            subject?: string;
            /**
             * @description A language tag.
             * @example en-US
             */
            language?: string;
            /** @description The HTML body; `#fieldname#` placeholders allowed. */
            htmlContent?: string;
        };
        CustomFields: {
            /**
             * @description A custom field of the account.
             * @example 0193a5b2c4d1e2f3a4b5c6d7
             */
            customFieldId: string;
            /**
             * @description Stored as text, as sent; null or "" removes the contact's value of the field.
             * @example Berlin
             */
            value: string | number | boolean | (never | null);
        };
        RenderInput2: {
            /**
             * @description Sample values for the placeholders, as `params` of POST /notify/v1/send gives them.
             * @example {
             *       "firstName": "Ann",
             *       "order": {
             *         "id": "A-1001"
             *       }
             *     }
             */
            params?: {
                [key: string]: unknown;
            };
            /** @description true: variables the sample lacks render as nothing (listed in `missingVariables`) instead of the 400 a send answers. Default false. */
            allowMissing?: boolean;
        };
        CountResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: {
                /** @description Live contacts of the account the rules select, counted now. */
                count: number;
            };
        };
        PasswordInput: {
            /**
             * @description The password the user logs in with now.
             * @example correct horse battery staple
             */
            currentPassword: string;
            /**
             * @description At least 8 characters.
             * @example correct horse battery staple
             */
            newPassword: string;
        };
        SuppressionInput: {
            /**
             * Format: email
             * @description The address to stop sending to.
             * @example hello@example.com
             */
            email: string;
            /**
             * @description Why; defaults to manual (use hard_bounce, complaint or unsubscribe when importing a list from elsewhere).
             * @enum {unknown}
             */
            reason?: "hard_bounce" | "complaint" | "unsubscribe" | "manual";
        };
        SenderInput2: {
            /**
             * Format: email
             * @description The address messages are sent from.
             * @example hello@example.com
             */
            email: string;
            /**
             * Format: single-line
             * @description Shown as the From name; defaults to the part of the address before @.
             * @example Example Ltd
             */
            displayName?: string;
        };
        HealthzResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: {
                status: string;
            };
        };
        DomainInput: {
            /**
             * @description The domain to send from, like example.com or mail.example.com.
             * @example example.com
             */
            name: string;
            /**
             * @description DKIM selector for the generated key; default: DKIM_SELECTOR (postwire).
             * @example postwire
             */
            selector?: string;
        };
        CustomfieldInput: {
            /**
             * @description The field's name.
             * @example City
             */
            Name: string;
            /**
             * @description Your type code, stored and returned as given; values are never refused because of it.
             * @example 0
             */
            Type: number;
        };
        AudienceInput: {
            /**
             * @description 2: `lists` are contact lists; 3: `lists` are segments.
             * @example 2
             */
            listType: number;
            lists: string[];
        };
        AddResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            /** @description The contact's id. */
            resultObject: string;
        };
        ImportResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            /** @description The import id. */
            resultObject: string;
        };
        CustomfieldInput2: {
            /**
             * @description The field's name.
             * @example City
             */
            Name?: string;
            /**
             * @description Your type code, stored and returned as given; values are never refused because of it.
             * @example 0
             */
            Type?: number;
        };
        SenderInput3: {
            /**
             * Format: single-line
             * @description Shown as the From name of campaigns.
             * @example Example Ltd
             */
            DisplayName?: string;
            /**
             * Format: email
             * @description Where replies go (Reply-To).
             * @example hello@example.com
             */
            ReplyEmail?: string;
        };
        RevokeResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: boolean;
        };
        CampaignResponse: {
            /** @example 1.0.0 */
            version: string;
            resultStatus: boolean;
            resultCode: number;
            resultMessage: string;
            resultObject: string;
        };
        UserInput2: {
            /**
             * Format: single-line
             * @example Ada King
             */
            name?: string;
            /**
             * @description Only an owner can make someone owner or change an owner; the last owner keeps the role.
             * @enum {unknown}
             */
            role?: "owner" | "admin" | "member";
        };
        SenderInput4: {
            /**
             * Format: email
             * @example hello@example.com
             */
            email: string;
            /**
             * Format: single-line
             * @example Example Ltd
             */
            displayName: string;
        };
        SenderInput5: {
            /**
             * Format: email
             * @example hello@example.com
             */
            email?: string;
            /**
             * Format: single-line
             * @example Example Ltd
             */
            displayName?: string;
        };
        From: {
            name: string;
            address: string;
        };
        From2: {
            email: string;
            name: string;
        };
        Headers: {
            name: string;
            value: string;
        };
        /** @description Failure: resultStatus false, resultCode the HTTP status, resultMessage says what to fix. */
        ErrorEnvelope: {
            /** @example 1.0.0 */
            version: string;
            /** @example false */
            resultStatus: boolean;
            /** @example 400 */
            resultCode: number;
            /** @example The request is not valid. to[0].email: must be an email address */
            resultMessage: string;
            /** @description null, or for a 400 the field errors. */
            resultObject: {
                errors?: {
                    /** @example to[0].email */
                    field: string;
                    /** @example must be an email address */
                    message: string;
                }[];
            } | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthzResponse"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthzResponse"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example # HELP postwire_deliveries_total Delivery outcomes recorded by this process, by the state they left the recipient in (…).
                     *     # TYPE postwire_deliveries_total counter
                     *     postwire_deliveries_total{outcome="delivered"} 1042
                     *     postwire_deliveries_total{outcome="deferred"} 3
                     *     # HELP postwire_queue_oldest_due_age_seconds How long the longest-waiting due job has been due (0 when none is); the whole installation.
                     *     # TYPE postwire_queue_oldest_due_age_seconds gauge
                     *     postwire_queue_oldest_due_age_seconds 0.42
                     */
                    "text/plain": string;
                };
            };
            /** @description Failure: resultStatus false, resultCode = HTTP status, resultMessage says what to fix. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Failure: resultStatus false, resultCode = HTTP status, resultMessage says what to fix. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON, form-urlencoded or multipart; field names are matched without regard to case. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenInput"];
                "application/x-www-form-urlencoded": components["schemas"]["TokenInput"];
                "multipart/form-data": components["schemas"]["TokenInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postTokenRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefreshInput"];
                "application/x-www-form-urlencoded": components["schemas"]["RefreshInput"];
                "multipart/form-data": components["schemas"]["RefreshInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getTokenCookie: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            present: boolean;
                        };
                    };
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postTokenRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Either RefreshToken, or all: true with an access token. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["RevokeInput"];
                "application/x-www-form-urlencoded": components["schemas"]["RevokeInput"];
                "multipart/form-data": components["schemas"]["RevokeInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountInput2"];
                "application/x-www-form-urlencoded": components["schemas"]["AccountInput2"];
                "multipart/form-data": components["schemas"]["AccountInput2"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Sign-up is off (SIGNUP_ENABLED is not true). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The email is already a login. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1SendersConfirm: {
        parameters: {
            query: {
                /** @description The token of the confirmation link. */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            /**
                             * @description The address that is now confirmed.
                             * @example billing@example.com
                             */
                            email: string;
                            /** @enum {boolean} */
                            verified: true;
                        };
                    };
                };
            };
            /** @description Failure: resultStatus false, resultCode = HTTP status, resultMessage says what to fix. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getTOByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token from the link. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A 1x1 transparent GIF. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example GIF89a… */
                    "image/gif": string;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getTCByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token from the link. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body: the redirect. */
            302: {
                headers: {
                    /** @description The URL link N had in this message, exactly. */
                    location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    headTCByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token from the link. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body: the redirect. */
            302: {
                headers: {
                    /** @description The URL link N had in this message, exactly. */
                    location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token from the link. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A small HTML page (no script). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en">…<form method="post">… */
                    "text/html": string;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postUByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token from the link. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A small HTML page (no script). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en">…<form method="post">… */
                    "text/html": string;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token from the link. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A small HTML page (no script). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en">…<form method="post">… */
                    "text/html": string;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getArchiveBySlug: {
        parameters: {
            query?: {
                page?: number;
            };
            header?: never;
            path: {
                /** @description The account's archive (a campaign's `archiveListUrl`). */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page (no script). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en">… */
                    "text/html": string;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getArchiveBySlugById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's archive (a campaign's `archiveListUrl`). */
                slug: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page (no script). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en">… */
                    "text/html": string;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountResponse"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountInput"];
                "application/x-www-form-urlencoded": components["schemas"]["AccountInput"];
                "multipart/form-data": components["schemas"]["AccountInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putAccountPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordInput"];
                "application/x-www-form-urlencoded": components["schemas"]["PasswordInput"];
                "multipart/form-data": components["schemas"]["PasswordInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        /** @description Who is calling and what they may do, so a client can offer only that. */
                        resultObject: {
                            /**
                             * @description session: a person's access token; apiKey: an API key.
                             * @example session
                             * @enum {unknown}
                             */
                            credential: "session" | "apiKey";
                            /** @description The person's role; null for an API key (keys have scopes, not roles). */
                            role: ("owner" | "admin" | "member") | (never | null);
                            /**
                             * @description What the credential may call (a role's scopes, or the key's): send, read, marketing, account.
                             * @example [
                             *       "send",
                             *       "read",
                             *       "marketing"
                             *     ]
                             */
                            scopes: ("send" | "read" | "marketing" | "account")[];
                            /** @description May add, change and remove users and API keys: a session of an owner or an admin. */
                            managesUsers: boolean;
                            /** @description The person signed in; null for an API key. */
                            userId: string | null;
                            /** @description Their login address; null for an API key. */
                            email: string | null;
                            /** @description Their name; null for an API key. */
                            name: string | null;
                        };
                    };
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountUsers: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["User"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserInput"];
                "application/x-www-form-urlencoded": components["schemas"]["UserInput"];
                "multipart/form-data": components["schemas"]["UserInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        /** @description The new user; `password` is shown once. */
                        resultObject: {
                            /**
                             * @description 24 lowercase hex characters, ordered by creation time.
                             * @example 0193a5b2c4d1e2f3a4b5c6d7
                             */
                            id: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds.
                             */
                            createTime: string;
                            createUserId: string;
                            /** Format: date-time */
                            updateTime: string;
                            updateUserId: string;
                            isDeleted: boolean;
                            /**
                             * @description The address the user logs in with (POST /token).
                             * @example ada@example.com
                             */
                            email: string;
                            /** @example Ada Lovelace */
                            name: string;
                            /**
                             * @description owner: everything, including owners and the account; admin: everything except managing owners; member: send, read and marketing only (no account changes, users or API keys).
                             * @example member
                             * @enum {unknown}
                             */
                            role: "owner" | "admin" | "member";
                            /**
                             * @description The generated password when none was given: shown only in this response. null when the request set one.
                             * @example y3K9qLzTn1VbX0aW
                             */
                            password: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A user with this email already exists (a login is unique across the installation). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: components["schemas"]["User"];
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteAccountUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The user is the caller's own, or the account's last owner. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchAccountUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserInput2"];
                "application/x-www-form-urlencoded": components["schemas"]["UserInput2"];
                "multipart/form-data": components["schemas"]["UserInput2"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The user is the caller's own, or the account's last owner. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountApikeys: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: {
                                /**
                                 * @description 24 lowercase hex characters, ordered by creation time.
                                 * @example 0193a5b2c4d1e2f3a4b5c6d7
                                 */
                                id: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds.
                                 */
                                createTime: string;
                                createUserId: string;
                                /** Format: date-time */
                                updateTime: string;
                                updateUserId: string;
                                isDeleted: boolean;
                                /** @example Production web server */
                                name: string;
                                /**
                                 * @example [
                                 *       "send",
                                 *       "read"
                                 *     ]
                                 */
                                scopes: ("send" | "read" | "marketing" | "account")[];
                                /**
                                 * @description The prefix and the last four characters, to recognise the key.
                                 * @example pwLIVE…x7Qa
                                 */
                                preview: string;
                                /**
                                 * Format: date-time
                                 * @description When the key stops working; null: never.
                                 */
                                expiresTime: string | null;
                                /**
                                 * Format: date-time
                                 * @description Roughly when the key was last used (updated at most every few seconds); null: never.
                                 */
                                lastUsedTime: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountApikeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApikeyInput"];
                "application/x-www-form-urlencoded": components["schemas"]["ApikeyInput"];
                "multipart/form-data": components["schemas"]["ApikeyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            /**
                             * @description 24 lowercase hex characters, ordered by creation time.
                             * @example 0193a5b2c4d1e2f3a4b5c6d7
                             */
                            id: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds.
                             */
                            createTime: string;
                            createUserId: string;
                            /** Format: date-time */
                            updateTime: string;
                            updateUserId: string;
                            isDeleted: boolean;
                            /** @example Production web server */
                            name: string;
                            /**
                             * @example [
                             *       "send",
                             *       "read"
                             *     ]
                             */
                            scopes: ("send" | "read" | "marketing" | "account")[];
                            /**
                             * @description The prefix and the last four characters, to recognise the key.
                             * @example pwLIVE…x7Qa
                             */
                            preview: string;
                            /**
                             * Format: date-time
                             * @description When the key stops working; null: never.
                             */
                            expiresTime: string | null;
                            /**
                             * Format: date-time
                             * @description Roughly when the key was last used (updated at most every few seconds); null: never.
                             */
                            lastUsedTime: string | null;
                            /**
                             * @description The key: send it as Authorization: Bearer <key> or x-api-key: <key>. Shown only in this response; only its hash is stored.
                             * @example pwLIVE3vQ8ZkT1mW0bYc7Rr2LxA9dHgPu5NsEfKj6Tx7Qa
                             */
                            key: string;
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteAccountApikeysById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxAuthCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        /** @description The credential the request was made with. */
                        resultObject: {
                            accountId: string;
                            /**
                             * @description apiKey: an account API key; session: a person's access token.
                             * @enum {unknown}
                             */
                            credential: "apiKey" | "session";
                            /** @description The key used; null for a session. */
                            apiKeyId: string | null;
                            /** @description The user the request acts as (for a key, the user who created it). */
                            userId: string;
                            /** @description The user's role for a session; null for a key. */
                            role: ("owner" | "admin" | "member") | (never | null);
                            scopes: ("send" | "read" | "marketing" | "account")[];
                        };
                    };
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountPayments: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Payment"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountPaymentsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: components["schemas"]["Payment"];
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountUsage: {
        parameters: {
            query?: {
                /**
                 * @description First day (UTC, YYYY-MM-DD, inclusive); defaults to the first day of the current month.
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description Last day (UTC, YYYY-MM-DD, inclusive); defaults to today.
                 * @example 2026-11-01
                 */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        /** @description Credits used per UTC day, and the storage the account uses now. */
                        resultObject: {
                            /**
                             * @description A UTC day, YYYY-MM-DD.
                             * @example 2026-11-01
                             */
                            from: string;
                            /**
                             * @description A UTC day, YYYY-MM-DD.
                             * @example 2026-11-01
                             */
                            to: string;
                            /**
                             * @description Credits debited for accepted recipients.
                             * @example 120
                             */
                            charged: number;
                            /**
                             * @description Credits given back for recipients that were never attempted (suppressed).
                             * @example 2
                             */
                            refunded: number;
                            /**
                             * @description charged − refunded.
                             * @example 118
                             */
                            used: number;
                            /** @description Every day of the range, oldest first, days without use included. */
                            days: {
                                /**
                                 * @description A UTC day, YYYY-MM-DD.
                                 * @example 2026-11-01
                                 */
                                date: string;
                                /**
                                 * @description Credits debited for accepted recipients.
                                 * @example 120
                                 */
                                charged: number;
                                /**
                                 * @description Credits given back for recipients that were never attempted (suppressed).
                                 * @example 2
                                 */
                                refunded: number;
                                /**
                                 * @description charged − refunded.
                                 * @example 118
                                 */
                                used: number;
                            }[];
                            /** @description Storage now (not per day): what message retention (docs/retention.md) keeps in check. */
                            storage: {
                                /**
                                 * @description The account's share of the database, estimated: its rows of messages, recipients, events, tags, contacts, inbound mail and suppressions, each times its table's average bytes per row (measured at most every 10 minutes).
                                 * @example 52428800
                                 */
                                accountBytes: number;
                                /**
                                 * @description The whole database now, all accounts together.
                                 * @example 1073741824
                                 */
                                totalBytes: number;
                            };
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1Senders: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Sender"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1Senders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SenderInput2"];
                "application/x-www-form-urlencoded": components["schemas"]["SenderInput2"];
                "multipart/form-data": components["schemas"]["SenderInput2"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SenderResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A sender with this address already exists in the account. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1SendersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SenderResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putNotifyV1SendersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SenderInput4"];
                "application/x-www-form-urlencoded": components["schemas"]["SenderInput4"];
                "multipart/form-data": components["schemas"]["SenderInput4"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A sender with this address already exists in the account. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteNotifyV1SendersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchNotifyV1SendersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SenderInput5"];
                "application/x-www-form-urlencoded": components["schemas"]["SenderInput5"];
                "multipart/form-data": components["schemas"]["SenderInput5"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A sender with this address already exists in the account. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1SendersByIdConfirmation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SenderResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Failure: resultStatus false, resultCode = HTTP status, resultMessage says what to fix. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1Domains: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Domain"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1Domains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DomainInput"];
                "application/x-www-form-urlencoded": components["schemas"]["DomainInput"];
                "multipart/form-data": components["schemas"]["DomainInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Failure: resultStatus false, resultCode = HTTP status, resultMessage says what to fix. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1DomainsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteNotifyV1DomainsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1DomainsByIdVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Failure: resultStatus false, resultCode = HTTP status, resultMessage says what to fix. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1Send: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes retrying safe: the first answer is stored for 24 hours and replayed (with `Idempotent-Replayed: true`) for a repeat with the same body; the same key with another body is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The email message of the specification, plus optional fields. Field names are matched without regard to case. Addresses (from, each of to, cc and bcc, replyTo) may also be one string, "Name <address>" or the address alone, and `to` a single such string. Required: from, to, and either templateId (the template supplies subject and content) or subject with htmlContent, textContent or both (textContent alone sends a text-only message). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendInput"];
                "application/x-www-form-urlencoded": components["schemas"]["SendInput"];
                "multipart/form-data": components["schemas"]["SendInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: components["schemas"]["Send"];
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BILLING=credits and the balance is smaller than the credits the send needs (one per recipient); nothing was sent. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Idempotency-Key was already used with a different request body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1SendBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes retrying safe: the first answer is stored for 24 hours and replayed (with `Idempotent-Replayed: true`) for a repeat with the same body; the same key with another body is a 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "messages": [
                 *         {
                 *           "from": {
                 *             "email": "hello@example.com"
                 *           },
                 *           "to": [
                 *             {
                 *               "email": "a@example.net"
                 *             }
                 *           ],
                 *           "subject": "Hi",
                 *           "htmlContent": "<p>Hi</p>"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Up to 500 messages, each a body of POST /notify/v1/send. Each is validated on its own: the valid ones are accepted (committed together), the others rejected with their field errors. */
                    messages: unknown[];
                };
                "application/x-www-form-urlencoded": {
                    /** @description Up to 500 messages, each a body of POST /notify/v1/send. Each is validated on its own: the valid ones are accepted (committed together), the others rejected with their field errors. */
                    messages: unknown[];
                };
                "multipart/form-data": {
                    /** @description Up to 500 messages, each a body of POST /notify/v1/send. Each is validated on its own: the valid ones are accepted (committed together), the others rejected with their field errors. */
                    messages: unknown[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            acceptedCount: number;
                            rejectedCount: number;
                            results: {
                                /** @description Position of the message in the request. */
                                index: number;
                                status: "accepted" | "rejected";
                                result?: components["schemas"]["Send"];
                                /** @description Why a rejected message was not accepted; fields are relative to the message (`to[0].email`). */
                                errors?: {
                                    field: string;
                                    message: string;
                                }[];
                            }[];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BILLING=credits and the balance is smaller than the credits the send needs (one per recipient); nothing was sent. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Idempotency-Key was already used with a different request body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteNotifyV1MessagesByIdSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            id: string;
                            /** @description Addresses whose delivery was cancelled. */
                            cancelled: string[];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The message was not scheduled, was already cancelled, or its delivery has started. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1Messages: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
                /** @description Only messages with this recipient address (exact, case-insensitive). */
                recipient?: string;
                /** @description Only messages whose subject contains this text (case-insensitive). */
                subject?: string;
                /** @description Only messages sent with this tag. */
                tag?: string;
                /** @description queued: waiting for the worker (or for scheduledAt); sent: stored in the capture inbox; delivered: the relay or receiving server accepted it (2xx); deferred: a temporary failure, will be retried; bounced: refused for good (5xx, or deferred past MAX_RETRY_AGE_SECONDS); suppressed: on the suppression list, not attempted; failed: could not be attempted; cancelled: its scheduled send was cancelled. */
                state?: "queued" | "sent" | "delivered" | "deferred" | "bounced" | "suppressed" | "failed" | "cancelled";
                /** @description Only messages accepted at or after this time (ISO 8601). */
                since?: string;
                /** @description Only messages accepted at or before this time (ISO 8601). */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: {
                                /**
                                 * @description 24 lowercase hex characters, ordered by creation time.
                                 * @example 0193a5b2c4d1e2f3a4b5c6d7
                                 */
                                id: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds.
                                 */
                                createTime: string;
                                createUserId: string;
                                /** Format: date-time */
                                updateTime: string;
                                updateUserId: string;
                                isDeleted: boolean;
                                customerId: string;
                                senderId: string;
                                messageId: string;
                                from: components["schemas"]["From2"];
                                subject: string;
                                recipientCount: number;
                                /** @description In lists, the first 100 recipients; GET /notify/v1/messages/{id} shows all of them. */
                                recipients: components["schemas"]["Recipients"][];
                                replyTo?: components["schemas"]["From2"];
                                headers?: {
                                    [key: string]: string;
                                };
                                tags?: string[];
                                metadata?: {
                                    [key: string]: string | number | boolean;
                                };
                                /** @description When delivery is (or was) due to start. */
                                scheduledAt?: string;
                                templateId?: string;
                                /** @description Present (true) when the send turned open tracking on. */
                                trackOpens?: boolean;
                                /** @description Present (true) when the send turned click tracking on. */
                                trackClicks?: boolean;
                                /** @description Present (true) when each copy carries a List-Unsubscribe link. */
                                listUnsubscribe?: boolean;
                            }[];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1MessagesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            /**
                             * @description 24 lowercase hex characters, ordered by creation time.
                             * @example 0193a5b2c4d1e2f3a4b5c6d7
                             */
                            id: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC with milliseconds.
                             */
                            createTime: string;
                            createUserId: string;
                            /** Format: date-time */
                            updateTime: string;
                            updateUserId: string;
                            isDeleted: boolean;
                            customerId: string;
                            senderId: string;
                            messageId: string;
                            from: components["schemas"]["From2"];
                            subject: string;
                            recipientCount: number;
                            /** @description Every recipient, each with its event timeline. */
                            recipients: {
                                id: string;
                                email: string;
                                name: string;
                                /** @description queued: waiting for the worker (or for scheduledAt); sent: stored in the capture inbox; delivered: the relay or receiving server accepted it (2xx); deferred: a temporary failure, will be retried; bounced: refused for good (5xx, or deferred past MAX_RETRY_AGE_SECONDS); suppressed: on the suppression list, not attempted; failed: could not be attempted; cancelled: its scheduled send was cancelled. */
                                state: "queued" | "sent" | "delivered" | "deferred" | "bounced" | "suppressed" | "failed" | "cancelled";
                                attempts: number;
                                /** @description The transport's last reply, if any. */
                                lastResponse: string | null;
                                sentTime: string | null;
                                updateTime: string;
                                /** @description Present for copy recipients only: cc (named in the Cc header) or bcc (never named). */
                                type?: "cc" | "bcc";
                                /** @description The recipient's timeline, oldest first: accepted, then sent/delivered, deferred, bounced, suppressed, complained… */
                                events: components["schemas"]["Events"][];
                            }[];
                            replyTo?: components["schemas"]["From2"];
                            headers?: {
                                [key: string]: string;
                            };
                            tags?: string[];
                            metadata?: {
                                [key: string]: string | number | boolean;
                            };
                            /** @description When delivery is (or was) due to start. */
                            scheduledAt?: string;
                            templateId?: string;
                            /** @description Present (true) when the send turned open tracking on. */
                            trackOpens?: boolean;
                            /** @description Present (true) when the send turned click tracking on. */
                            trackClicks?: boolean;
                            /** @description Present (true) when each copy carries a List-Unsubscribe link. */
                            listUnsubscribe?: boolean;
                            /** @description Absent for a text-only message, and once the body was purged. */
                            htmlContent?: string;
                            /** @description Present when the send gave one (otherwise derived from the HTML); absent once the body was purged. */
                            textContent?: string;
                            /**
                             * @description When the retention purge cleared the message's content (HTML, text, attachments, MIME) (docs/retention.md); GET …/raw and the attachments then answer 410. Absent while the body is kept.
                             * @example 2026-12-27T03:00:00.000Z
                             */
                            bodyPurgedTime?: string;
                            attachments?: {
                                filename: string;
                                contentType: string;
                                contentId: string | null;
                                /** @description Bytes, decoded. */
                                size: number;
                            }[];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1MessagesByIdRaw: {
        parameters: {
            query?: {
                /** @description The recipient whose copy to show (GET /notify/v1/messages/{id} lists their ids). */
                recipientId?: string;
            };
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The raw message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example From: Shop <shop@example.com>
                     *     To: ann@example.net
                     *     Subject: Welcome
                     *     Message-ID: <0193a5b2c4d1e2f3a4b5c6d7@example.com>
                     *     Date: Sun, 22 Nov 2026 09:00:00 +0000
                     *     MIME-Version: 1.0
                     *     Content-Type: multipart/alternative; …
                     */
                    "message/rfc822": string;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1MessagesByIdAttachmentsByIndex: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
                /** @description Position of the attachment in the `attachments` list, from 0. */
                index: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attachment's bytes exactly, with its own Content-Type, `Content-Disposition: attachment; filename="…"; filename*=UTF-8''…` and `X-Content-Type-Options: nosniff`. */
            200: {
                headers: {
                    /** @description The file name: an ASCII fallback, and the exact name in UTF-8 (RFC 6266). */
                    "content-disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /** @example %PDF-1.7 … */
                    "application/octet-stream": string;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1Templates: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Template"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1Templates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Order shipped",
                 *       "subject": "Your order {{ order.id }} has shipped",
                 *       "htmlContent": "<p>Hello {{ firstName }}</p>"
                 *     }
                 */
                "application/json": components["schemas"]["TemplateInput"];
                "application/x-www-form-urlencoded": components["schemas"]["TemplateInput"];
                "multipart/form-data": components["schemas"]["TemplateInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1TemplatesRender: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subject": "Your order {{ order.id }} has shipped",
                 *       "htmlContent": "<p>Hello {{ firstName }}</p>",
                 *       "params": {
                 *         "firstName": "Ann",
                 *         "order": {
                 *           "id": "A-1001"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["RenderInput"];
                "application/x-www-form-urlencoded": components["schemas"]["RenderInput"];
                "multipart/form-data": components["schemas"]["RenderInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenderResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1TemplatesByIdRender: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "params": {
                 *         "firstName": "Ann",
                 *         "order": {
                 *           "id": "A-1001"
                 *         }
                 *       },
                 *       "allowMissing": true
                 *     }
                 */
                "application/json": components["schemas"]["RenderInput2"];
                "application/x-www-form-urlencoded": components["schemas"]["RenderInput2"];
                "multipart/form-data": components["schemas"]["RenderInput2"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenderResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1TemplatesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putNotifyV1TemplatesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Order shipped",
                 *       "subject": "Your order {{ order.id }} has shipped",
                 *       "htmlContent": "<p>Hello {{ firstName }}</p>"
                 *     }
                 */
                "application/json": components["schemas"]["TemplateInput"];
                "application/x-www-form-urlencoded": components["schemas"]["TemplateInput"];
                "multipart/form-data": components["schemas"]["TemplateInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteNotifyV1TemplatesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchNotifyV1TemplatesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subject": "Shipped: order {{ order.id }}"
                 *     }
                 */
                "application/json": components["schemas"]["TemplateInput2"];
                "application/x-www-form-urlencoded": components["schemas"]["TemplateInput2"];
                "multipart/form-data": components["schemas"]["TemplateInput2"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1Stats: {
        parameters: {
            query?: {
                /**
                 * @description First day (UTC), inclusive; default: 29 days before `to`.
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description Last day (UTC), inclusive; default: today.
                 * @example 2026-11-01
                 */
                to?: string;
                /**
                 * @description Only messages sent with this tag.
                 * @example welcome
                 */
                tag?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            from: string;
                            to: string;
                            tag: string | null;
                            totals: {
                                accepted: number;
                                sent: number;
                                delivered: number;
                                deferred: number;
                                bounced: number;
                                complained: number;
                                opened: number;
                                clicked: number;
                            };
                            /** @description Every day of the range, oldest first, zeros included. */
                            days: {
                                /** @description The UTC day, YYYY-MM-DD. */
                                date: string;
                                accepted: number;
                                sent: number;
                                delivered: number;
                                deferred: number;
                                bounced: number;
                                complained: number;
                                opened: number;
                                clicked: number;
                            }[];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1StatsQueue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        /** @description The account's recipients still waiting for delivery, by where they are in the queue. */
                        resultObject: {
                            /** @description When the queue was counted (ISO 8601). */
                            time: string;
                            /** @description Due now, not yet attempted: waiting for a worker. */
                            queued: number;
                            /** @description Attempted before and waiting to be tried again (a temporary failure, a retry). */
                            deferred: number;
                            /** @description Held by a worker at this moment: being composed or handed to the transport. */
                            sending: number;
                            /** @description Not yet attempted and not due yet: a scheduled send (`scheduledAt`), or held back to pace a destination. */
                            scheduled: number;
                            /** @description All of the above: every recipient still in the queue. */
                            total: number;
                            /** @description When the longest-waiting recipient that is queued, deferred or sending entered the queue; null when there is none. */
                            oldestTime: string | null;
                            /** @description How long ago that was, in whole seconds. */
                            oldestAgeSeconds: number | null;
                        };
                    };
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1Events: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
                /** @description accepted: the send was committed; sent: stored in the capture inbox; delivered: the relay or receiving server answered 2xx; deferred: a temporary failure, retried later; bounced: refused for good (5xx, an asynchronous bounce, or deferred past MAX_RETRY_AGE_SECONDS); complained: the recipient reported the message as spam; suppressed: not attempted, the address is on the suppression list; cancelled: a scheduled send was cancelled before it began; opened, clicked: a tracked copy was opened or one of its links followed (details: url, linkIndex, userAgentClass, flagged, reason); unique_opened: besides `opened`, the copy's first open only (the same details); unsubscribed: the recipient used its unsubscribe link (details: via). See docs/tracking.md. */
                type?: "accepted" | "sent" | "delivered" | "deferred" | "bounced" | "complained" | "suppressed" | "opened" | "unique_opened" | "clicked" | "unsubscribed" | "cancelled";
                /** @description Only the events of this message. */
                messageId?: string;
                /** @description Only the events of this recipient address (compared without case). */
                email?: string;
                /** @description Only events at or after this time (ISO 8601). */
                from?: string;
                /** @description Only events at or before this time (ISO 8601). */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Events"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1Suppressions: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
                /** @description Only this address (compared without case). */
                email?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Suppression"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1Suppressions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SuppressionInput"];
                "application/x-www-form-urlencoded": components["schemas"]["SuppressionInput"];
                "multipart/form-data": components["schemas"]["SuppressionInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuppressionResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The address is already on the account's suppression list. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1SuppressionsExport: {
        parameters: {
            query?: {
                /** @description Only this address (compared without case). */
                email?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180), UTF-8, CRLF line ends. A value a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return; header names too) is written with a leading apostrophe. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example email,reason,createTime,details
                     *     ann@example.net,manual,2026-11-23T10:00:00.000Z,"{""source"":""api""}"
                     */
                    "text/csv": string;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1SuppressionsByEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suppressed address (URL-encoded). */
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuppressionResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteNotifyV1SuppressionsByEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suppressed address (URL-encoded). */
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1Webhooks: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Webhook"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1Webhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookInput"];
                "application/x-www-form-urlencoded": components["schemas"]["WebhookInput"];
                "multipart/form-data": components["schemas"]["WebhookInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1WebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteNotifyV1WebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchNotifyV1WebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookInput2"];
                "application/x-www-form-urlencoded": components["schemas"]["WebhookInput2"];
                "multipart/form-data": components["schemas"]["WebhookInput2"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1WebhooksByIdRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1WebhooksByIdDeliveries: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
                /** @description Only deliveries in this status. */
                status?: "pending" | "delivered" | "failed";
            };
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: {
                                /** @description Id of the delivery, also sent as X-Postwire-Delivery-Id. */
                                id: string;
                                webhookId: string;
                                /** @description The event sent (GET /notify/v1/events); also X-Postwire-Event-Id. */
                                eventId: string;
                                /**
                                 * @description accepted: the send was committed; sent: stored in the capture inbox; delivered: the relay or receiving server answered 2xx; deferred: a temporary failure, retried later; bounced: refused for good (5xx, an asynchronous bounce, or deferred past MAX_RETRY_AGE_SECONDS); complained: the recipient reported the message as spam; suppressed: not attempted, the address is on the suppression list; cancelled: a scheduled send was cancelled before it began; opened, clicked: a tracked copy was opened or one of its links followed (details: url, linkIndex, userAgentClass, flagged, reason); unique_opened: besides `opened`, the copy's first open only (the same details); unsubscribed: the recipient used its unsubscribe link (details: via). See docs/tracking.md.
                                 * @enum {unknown}
                                 */
                                eventType: "accepted" | "sent" | "delivered" | "deferred" | "bounced" | "complained" | "suppressed" | "opened" | "unique_opened" | "clicked" | "unsubscribed" | "cancelled";
                                /**
                                 * @description pending: not answered with 2xx yet, tried again at nextAttemptTime; delivered: the receiver answered 2xx; failed: given up after WEBHOOK_MAX_ATTEMPTS attempts or WEBHOOK_MAX_AGE_SECONDS.
                                 * @enum {unknown}
                                 */
                                status: "pending" | "delivered" | "failed";
                                /** @description Calls made so far. */
                                attempts: number;
                                /** @description HTTP status of the last answer; null when there was none (timeout, connection refused…). */
                                lastStatus: number | null;
                                /** @description Why the last attempt failed; null after a success. */
                                lastError: string | null;
                                /**
                                 * Format: date-time
                                 * @description When the delivery was queued (with its event, or by a replay).
                                 */
                                createTime: string;
                                /** Format: date-time */
                                lastAttemptTime: string | null;
                                /**
                                 * Format: date-time
                                 * @description When a pending delivery is tried next; null once it is delivered or failed.
                                 */
                                nextAttemptTime: string | null;
                                /** Format: date-time */
                                deliveredTime: string | null;
                                /** Format: date-time */
                                failedTime: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1WebhooksByIdDeliveriesByDeliveryId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
                /** @description Delivery id */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        /** @description One delivery with what it sent and what the receiver answered. */
                        resultObject: {
                            /** @description Id of the delivery, also sent as X-Postwire-Delivery-Id. */
                            id: string;
                            webhookId: string;
                            /** @description The event sent (GET /notify/v1/events); also X-Postwire-Event-Id. */
                            eventId: string;
                            /**
                             * @description accepted: the send was committed; sent: stored in the capture inbox; delivered: the relay or receiving server answered 2xx; deferred: a temporary failure, retried later; bounced: refused for good (5xx, an asynchronous bounce, or deferred past MAX_RETRY_AGE_SECONDS); complained: the recipient reported the message as spam; suppressed: not attempted, the address is on the suppression list; cancelled: a scheduled send was cancelled before it began; opened, clicked: a tracked copy was opened or one of its links followed (details: url, linkIndex, userAgentClass, flagged, reason); unique_opened: besides `opened`, the copy's first open only (the same details); unsubscribed: the recipient used its unsubscribe link (details: via). See docs/tracking.md.
                             * @enum {unknown}
                             */
                            eventType: "accepted" | "sent" | "delivered" | "deferred" | "bounced" | "complained" | "suppressed" | "opened" | "unique_opened" | "clicked" | "unsubscribed" | "cancelled";
                            /**
                             * @description pending: not answered with 2xx yet, tried again at nextAttemptTime; delivered: the receiver answered 2xx; failed: given up after WEBHOOK_MAX_ATTEMPTS attempts or WEBHOOK_MAX_AGE_SECONDS.
                             * @enum {unknown}
                             */
                            status: "pending" | "delivered" | "failed";
                            /** @description Calls made so far. */
                            attempts: number;
                            /** @description HTTP status of the last answer; null when there was none (timeout, connection refused…). */
                            lastStatus: number | null;
                            /** @description Why the last attempt failed; null after a success. */
                            lastError: string | null;
                            /**
                             * Format: date-time
                             * @description When the delivery was queued (with its event, or by a replay).
                             */
                            createTime: string;
                            /** Format: date-time */
                            lastAttemptTime: string | null;
                            /**
                             * Format: date-time
                             * @description When a pending delivery is tried next; null once it is delivered or failed.
                             */
                            nextAttemptTime: string | null;
                            /** Format: date-time */
                            deliveredTime: string | null;
                            /** Format: date-time */
                            failedTime: string | null;
                            /** @description The JSON body each call of this delivery sent (docs/webhooks.md). */
                            payload: {
                                [key: string]: unknown;
                            };
                            /** @description The start (at most 2 KB) of the body the receiver answered the last call with; null when there was no answer. */
                            lastResponse: string | null;
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1WebhooksByIdReplay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        /** @description Which events to send again: by id, by time, or both (then an event must match both). At least one of the three is required. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplayInput"];
                "application/x-www-form-urlencoded": components["schemas"]["ReplayInput"];
                "multipart/form-data": components["schemas"]["ReplayInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        /** @description What a replay queued; the calls follow within moments (GET …/deliveries). */
                        resultObject: {
                            /** @description New deliveries queued: the matching events of this account that the webhook's event filter selects. */
                            queued: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1Inbox: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
                /** @description Only mail captured for this recipient address (exact, case-insensitive). */
                to?: string;
                /**
                 * @description Only mail whose subject, recipient address, sender address or sender name contains this text (any case).
                 * @example invoice
                 */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: {
                                /** @description Id of the captured copy (one per recipient delivered). */
                                id: string;
                                /** @description When the capture transport stored it. */
                                createTime: string;
                                /** @description The accepted message (GET /notify/v1/messages/{id}). */
                                messageId: string;
                                recipientId: string;
                                /** @description The SMTP MAIL FROM (the VERP return path). */
                                envelopeFrom: string;
                                /** @description The SMTP RCPT TO: who would have received it. */
                                envelopeTo: string;
                                fromEmail: string;
                                fromName: string;
                                subject: string;
                                /** @description The recipient's state now (sent, bounced, …). */
                                recipientState: string;
                                sizeBytes: number;
                            }[];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteNotifyV1Inbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            /** @description How many captured copies were deleted. */
                            deleted: number;
                        };
                    };
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1InboxById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            /** @description Id of the captured copy (one per recipient delivered). */
                            id: string;
                            /** @description When the capture transport stored it. */
                            createTime: string;
                            /** @description The accepted message (GET /notify/v1/messages/{id}). */
                            messageId: string;
                            recipientId: string;
                            /** @description The SMTP MAIL FROM (the VERP return path). */
                            envelopeFrom: string;
                            /** @description The SMTP RCPT TO: who would have received it. */
                            envelopeTo: string;
                            fromEmail: string;
                            fromName: string;
                            subject: string;
                            /** @description The recipient's state now (sent, bounced, …). */
                            recipientState: string;
                            sizeBytes: number;
                            /** @description Every header line, in order, unfolded. */
                            headers: components["schemas"]["Headers"][];
                            /** @description The HTML part, decoded; null when there is none. */
                            html: string | null;
                            /** @description The text part, decoded; null when there is none. */
                            text: string | null;
                            attachments: {
                                filename: string;
                                contentType: string;
                                size: number;
                            }[];
                            /** @description The exact bytes the transport was given (RFC 5322). */
                            raw: string;
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteNotifyV1InboxById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1InboxByIdAttachmentsByIndex: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
                /** @description Position of the attachment in the `attachments` list, from 0. */
                index: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attachment's bytes exactly, with its own Content-Type, `Content-Disposition: attachment; filename="…"; filename*=UTF-8''…` and `X-Content-Type-Options: nosniff`. */
            200: {
                headers: {
                    /** @description The file name: an ASCII fallback, and the exact name in UTF-8 (RFC 6266). */
                    "content-disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /** @example %PDF-1.7 … */
                    "application/octet-stream": string;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1InboxByIdSimulate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimulateInput"];
                "application/x-www-form-urlencoded": components["schemas"]["SimulateInput"];
                "multipart/form-data": components["schemas"]["SimulateInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            recipientId: string;
                            email: string;
                            /** @description False when the same bounce or complaint was already recorded for this recipient (nothing changed); an open or a click is always recorded. */
                            recorded: boolean;
                            /** @description True when this added the address to the suppression list. */
                            suppressed: boolean;
                            /** @description A click: the link followed. */
                            url?: string;
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description An open or a click for a message sent without that tracking (trackOpens, trackClicks), or a click on a message without links. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1InboundDomains: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Domain2"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1InboundDomains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The domain to receive mail for, like in.example.com.
                     * @example in.example.com
                     */
                    name: string;
                };
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The domain to receive mail for, like in.example.com.
                     * @example in.example.com
                     */
                    name: string;
                };
                "multipart/form-data": {
                    /**
                     * @description The domain to receive mail for, like in.example.com.
                     * @example in.example.com
                     */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainResponse2"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The domain already receives mail through this server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1InboundDomainsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainResponse2"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteNotifyV1InboundDomainsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1InboundDomainsByIdVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainResponse2"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The DNS server did not answer. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1InboundRoutes: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
                /** @description Only the routes on this receiving domain. */
                domainId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Route"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1InboundRoutes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RouteInput"];
                "application/x-www-form-urlencoded": components["schemas"]["RouteInput"];
                "multipart/form-data": components["schemas"]["RouteInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The domain already has a route with this pattern. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1InboundRoutesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteNotifyV1InboundRoutesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchNotifyV1InboundRoutesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RouteInput2"];
                "application/x-www-form-urlencoded": components["schemas"]["RouteInput2"];
                "multipart/form-data": components["schemas"]["RouteInput2"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The domain already has a route with this pattern. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1InboundMessages: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
                /** @description Only the messages this route took. */
                routeId?: string;
                /** @description Only the messages to this receiving domain. */
                domainId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Message"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1InboundMessagesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postNotifyV1InboundMessagesByIdReplay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1InboundMessagesByIdRaw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The raw message, byte for byte as received. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example Received: from mail.example.net …
                     *     From: Ann <ann@example.net>
                     *     To: support@in.example.com
                     *     Subject: Help …
                     */
                    "message/rfc822": string;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getNotifyV1InboundMessagesByIdAttachmentsByIndex: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
                /** @description Position of the attachment in the `attachments` list, from 0. */
                index: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attachment's bytes exactly, with its own Content-Type, `Content-Disposition: attachment; filename="…"; filename*=UTF-8''…` and `X-Content-Type-Options: nosniff`. */
            200: {
                headers: {
                    /** @description The file name: an ASCII fallback, and the exact name in UTF-8 (RFC 6266). */
                    "content-disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /** @example %PDF-1.7 … */
                    "application/octet-stream": string;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1Groups: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Group"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1Groups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "groupName": "Newsletters"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The group's name.
                     * @example Newsletters
                     */
                    groupName: string;
                };
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The group's name.
                     * @example Newsletters
                     */
                    groupName: string;
                };
                "multipart/form-data": {
                    /**
                     * @description The group's name.
                     * @example Newsletters
                     */
                    groupName: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1GroupsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putInboxV1GroupsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "groupName": "Newsletters"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The group's name.
                     * @example Newsletters
                     */
                    groupName: string;
                };
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The group's name.
                     * @example Newsletters
                     */
                    groupName: string;
                };
                "multipart/form-data": {
                    /**
                     * @description The group's name.
                     * @example Newsletters
                     */
                    groupName: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteInboxV1GroupsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchInboxV1GroupsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "groupName": "Weekly"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The group's name.
                     * @example Newsletters
                     */
                    groupName?: string;
                };
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The group's name.
                     * @example Newsletters
                     */
                    groupName?: string;
                };
                "multipart/form-data": {
                    /**
                     * @description The group's name.
                     * @example Newsletters
                     */
                    groupName?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1Contactlists: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Contactlist"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1Contactlists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "listName": "Customers",
                 *       "legislation": 1
                 *     }
                 */
                "application/json": components["schemas"]["ContactlistInput"];
                "application/x-www-form-urlencoded": components["schemas"]["ContactlistInput"];
                "multipart/form-data": components["schemas"]["ContactlistInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactlistResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1ContactlistsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactlistResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putInboxV1ContactlistsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "listName": "Customers",
                 *       "legislation": 1
                 *     }
                 */
                "application/json": components["schemas"]["ContactlistInput"];
                "application/x-www-form-urlencoded": components["schemas"]["ContactlistInput"];
                "multipart/form-data": components["schemas"]["ContactlistInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteInboxV1ContactlistsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchInboxV1ContactlistsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "listName": "Customers (EU)"
                 *     }
                 */
                "application/json": components["schemas"]["ContactlistInput2"];
                "application/x-www-form-urlencoded": components["schemas"]["ContactlistInput2"];
                "multipart/form-data": components["schemas"]["ContactlistInput2"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1Customfields: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Customfield"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1Customfields: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "Name": "City",
                 *       "Type": 0
                 *     }
                 */
                "application/json": components["schemas"]["CustomfieldInput"];
                "application/x-www-form-urlencoded": components["schemas"]["CustomfieldInput"];
                "multipart/form-data": components["schemas"]["CustomfieldInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomfieldResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1CustomfieldsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomfieldResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putInboxV1CustomfieldsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "Name": "City",
                 *       "Type": 0
                 *     }
                 */
                "application/json": components["schemas"]["CustomfieldInput"];
                "application/x-www-form-urlencoded": components["schemas"]["CustomfieldInput"];
                "multipart/form-data": components["schemas"]["CustomfieldInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteInboxV1CustomfieldsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchInboxV1CustomfieldsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "Name": "Town"
                 *     }
                 */
                "application/json": components["schemas"]["CustomfieldInput2"];
                "application/x-www-form-urlencoded": components["schemas"]["CustomfieldInput2"];
                "multipart/form-data": components["schemas"]["CustomfieldInput2"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1ContactlistsByIdAdd: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ann@example.net",
                 *       "customFields": [
                 *         {
                 *           "customFieldId": "0193a5b2c4d1e2f3a4b5c6d7",
                 *           "value": "Berlin"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["AddInput"];
                "application/x-www-form-urlencoded": components["schemas"]["AddInput"];
                "multipart/form-data": components["schemas"]["AddInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteInboxV1ContactlistsByIdDeleteByContactId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Contact list id */
                id: string;
                /** @description Contact id */
                contactId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1ContactlistsByIdExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180), UTF-8, CRLF line ends. A value a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return; header names too) is written with a leading apostrophe. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example email,status,createTime,updateTime,tags,City
                     *     ann@example.net,1,2026-11-23T10:00:00.000Z,2026-11-23T10:00:00.000Z,vip,Berlin
                     */
                    "text/csv": string;
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1Contacts: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
                /** @description Only the contact with this address (any case). */
                email?: string;
                /** @description Only contacts on this list. */
                listId?: string;
                /** @description Only contacts with this tag. */
                tag?: string;
                /**
                 * @description Only contacts whose address contains this text (any case).
                 * @example example.net
                 */
                search?: string;
                /** @description Only contacts shown with this status: 1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported. */
                status?: number;
                /** @description With `fieldValue`: only contacts whose value of this custom field is `fieldValue`. */
                fieldId?: string;
                /** @description With `fieldId`: the value (any case) the field must have. */
                fieldValue?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Contact"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1ContactsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: components["schemas"]["Contact"];
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1ContactsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tags": [
                 *         "vip"
                 *       ],
                 *       "customFields": [
                 *         {
                 *           "customFieldId": "0193a5b2c4d1e2f3a4b5c6d7",
                 *           "value": "Hamburg"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ContactInput"];
                "application/x-www-form-urlencoded": components["schemas"]["ContactInput"];
                "multipart/form-data": components["schemas"]["ContactInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteInboxV1ContactsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1ContactsByIdStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tags": [
                 *         "vip"
                 *       ],
                 *       "customFields": [
                 *         {
                 *           "customFieldId": "0193a5b2c4d1e2f3a4b5c6d7",
                 *           "value": "Hamburg"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ContactInput"];
                "application/x-www-form-urlencoded": components["schemas"]["ContactInput"];
                "multipart/form-data": components["schemas"]["ContactInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchInboxV1ContactsByIdStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description 1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported.
                     * @example 3
                     */
                    status: number;
                };
                "application/x-www-form-urlencoded": {
                    /**
                     * @description 1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported.
                     * @example 3
                     */
                    status: number;
                };
                "multipart/form-data": {
                    /**
                     * @description 1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported.
                     * @example 3
                     */
                    status: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1ContactsByIdActivity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            /** @description Why the contact has its status when the suppression list says so: hard_bounce, complaint or unsubscribe (with suppressedTime); null otherwise. */
                            statusReason: string | null;
                            /** Format: date-time */
                            suppressedTime: string | null;
                            /** @description The newest 100 campaign copies sent to the contact, newest first. */
                            mail: {
                                campaignId: string;
                                subject: string;
                                /** @description The message of this copy (GET /notify/v1/messages/{id}). */
                                messageId: string;
                                /** Format: date-time */
                                sentTime: string;
                                /** @description delivered, bounced_hard, bounced_soft, suppressed, cancelled, failed; null while on its way. */
                                outcome: string | null;
                                /** Format: date-time */
                                deliveredTime: string | null;
                                /** Format: date-time */
                                firstOpenTime: string | null;
                                /** Format: date-time */
                                firstClickTime: string | null;
                                /** Format: date-time */
                                unsubscribedTime: string | null;
                                /** Format: date-time */
                                complainedTime: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1ContactsBulk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contactIds": [
                 *         "0193a5b2c4d1e2f3a4b5c6d7"
                 *       ],
                 *       "action": "addToList",
                 *       "listId": "0193a5b2c4d1e2f3a4b5c6d8"
                 *     }
                 */
                "application/json": components["schemas"]["BulkInput"];
                "application/x-www-form-urlencoded": components["schemas"]["BulkInput"];
                "multipart/form-data": components["schemas"]["BulkInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            /** @description How many of the ids are live contacts of the account (the others are ignored). */
                            matched: number;
                            /** @description How many contacts the action changed (one already on the list, or already tagged, is not changed). */
                            changed: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1Tags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: {
                                tag: string;
                                contactsCount: number;
                            }[];
                        };
                    };
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1Senders: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Sender2"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1Senders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "DisplayName": "Example News",
                 *       "Email": "news@example.com",
                 *       "ReplyEmail": "hello@example.com"
                 *     }
                 */
                "application/json": components["schemas"]["SenderInput"];
                "application/x-www-form-urlencoded": components["schemas"]["SenderInput"];
                "multipart/form-data": components["schemas"]["SenderInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SenderResponse2"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1SendersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SenderResponse2"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putInboxV1SendersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "DisplayName": "Example News",
                 *       "Email": "news@example.com",
                 *       "ReplyEmail": "hello@example.com"
                 *     }
                 */
                "application/json": components["schemas"]["SenderInput"];
                "application/x-www-form-urlencoded": components["schemas"]["SenderInput"];
                "multipart/form-data": components["schemas"]["SenderInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteInboxV1SendersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchInboxV1SendersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "DisplayName": "Example Weekly"
                 *     }
                 */
                "application/json": components["schemas"]["SenderInput3"];
                "application/x-www-form-urlencoded": components["schemas"]["SenderInput3"];
                "multipart/form-data": components["schemas"]["SenderInput3"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1Segments: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Segment"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1Segments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "VIPs",
                 *       "rules": {
                 *         "field": "tag",
                 *         "operator": "eq",
                 *         "value": "vip"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SegmentInput"];
                "application/x-www-form-urlencoded": components["schemas"]["SegmentInput"];
                "multipart/form-data": components["schemas"]["SegmentInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SegmentResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1SegmentsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SegmentResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putInboxV1SegmentsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "VIPs",
                 *       "rules": {
                 *         "field": "tag",
                 *         "operator": "eq",
                 *         "value": "vip"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SegmentInput"];
                "application/x-www-form-urlencoded": components["schemas"]["SegmentInput"];
                "multipart/form-data": components["schemas"]["SegmentInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteInboxV1SegmentsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchInboxV1SegmentsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "VIP customers"
                 *     }
                 */
                "application/json": components["schemas"]["SegmentInput2"];
                "application/x-www-form-urlencoded": components["schemas"]["SegmentInput2"];
                "multipart/form-data": components["schemas"]["SegmentInput2"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1SegmentsCount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "rules": {
                 *         "field": "opened",
                 *         "operator": "within_days",
                 *         "value": 30
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description A rule tree: {"and": [rules]}, {"or": [rules]} or a condition {"field", "operator", "value"} over email, status, tag, list, opened, clicked and customField:<id> (docs/marketing.md).
                     * @example {
                     *       "and": [
                     *         {
                     *           "field": "status",
                     *           "operator": "eq",
                     *           "value": 1
                     *         },
                     *         {
                     *           "or": [
                     *             {
                     *               "field": "tag",
                     *               "operator": "eq",
                     *               "value": "vip"
                     *             },
                     *             {
                     *               "field": "email",
                     *               "operator": "ends_with",
                     *               "value": "@example.com"
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    rules: unknown;
                };
                "application/x-www-form-urlencoded": {
                    /**
                     * @description A rule tree: {"and": [rules]}, {"or": [rules]} or a condition {"field", "operator", "value"} over email, status, tag, list, opened, clicked and customField:<id> (docs/marketing.md).
                     * @example {
                     *       "and": [
                     *         {
                     *           "field": "status",
                     *           "operator": "eq",
                     *           "value": 1
                     *         },
                     *         {
                     *           "or": [
                     *             {
                     *               "field": "tag",
                     *               "operator": "eq",
                     *               "value": "vip"
                     *             },
                     *             {
                     *               "field": "email",
                     *               "operator": "ends_with",
                     *               "value": "@example.com"
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    rules: unknown;
                };
                "multipart/form-data": {
                    /**
                     * @description A rule tree: {"and": [rules]}, {"or": [rules]} or a condition {"field", "operator", "value"} over email, status, tag, list, opened, clicked and customField:<id> (docs/marketing.md).
                     * @example {
                     *       "and": [
                     *         {
                     *           "field": "status",
                     *           "operator": "eq",
                     *           "value": 1
                     *         },
                     *         {
                     *           "or": [
                     *             {
                     *               "field": "tag",
                     *               "operator": "eq",
                     *               "value": "vip"
                     *             },
                     *             {
                     *               "field": "email",
                     *               "operator": "ends_with",
                     *               "value": "@example.com"
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    rules: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CountResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1SegmentsByIdCount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CountResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1ContactlistsByIdImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "email": "ann@example.net",
                 *         "customFields": [
                 *           {
                 *             "customFieldId": "0193a5b2c4d1e2f3a4b5c6d7",
                 *             "value": "Berlin"
                 *           }
                 *         ]
                 *       },
                 *       {
                 *         "email": "bob@example.net"
                 *       }
                 *     ]
                 */
                "application/json": components["schemas"]["Items"][];
                "application/x-www-form-urlencoded": components["schemas"]["Items"][];
                "multipart/form-data": components["schemas"]["Items"][];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1ContactlistsByIdImportCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1ContactlistsByIdImportByImportId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Contact list id */
                id: string;
                /** @description Import id */
                importId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            id: string;
                            /** Format: date-time */
                            createTime: string;
                            /** Format: date-time */
                            updateTime: string;
                            contactListId: string;
                            /** @description The custom field ids the file gives values for. */
                            customFields: string[];
                            /** @description Rows in the file. */
                            total: number;
                            /** @description Contacts put on the list. */
                            added: number;
                            /** @description Contacts already on the list (their values were updated). */
                            alreadyExists: number;
                            /** @description Rows repeating an address of an earlier row. */
                            repetitive: number;
                            /** @description Rows with an invalid address or an unknown custom field (see invalidRows). */
                            invalid: number;
                            /** @description Addresses that hard bounced: not added. */
                            hardBounce: number;
                            /** @description Contacts that unsubscribed: not added, not re-subscribed. */
                            unsubscribe: number;
                            /** @description Addresses that reported spam: not added. */
                            spam: number;
                            /** @description Addresses on the suppression list for another reason: not added. */
                            blocked: number;
                            /** @description Rows beyond a plan limit (none today). */
                            limitExceeded: number;
                            /** @description 0 waiting, 1 running, 2 completed, 3 failed (see failureReason). */
                            status: number;
                            /** @description The first 1000 invalid rows, numbered from 1. */
                            invalidRows: {
                                row: number;
                                email: string;
                                reason: string;
                            }[];
                            /**
                             * @description CSV: the charset the file was read in: the `charset` field of the upload, else utf-8 for a file that is valid UTF-8, else windows-1252. Null for a JSON import.
                             * @example utf-8
                             */
                            charset: string | null;
                            /**
                             * @description CSV: the header names of the columns whose values were not imported (mapped to nothing, or naming no field). Empty for a JSON import.
                             * @example [
                             *       "plan"
                             *     ]
                             */
                            ignoredColumns: string[];
                            /**
                             * @description Why the import failed (status 3), e.g. the line where a CSV file stops being CSV; rows applied before the failure stay. Empty otherwise.
                             * @example The file is not valid CSV: line 7: a quoted cell opens on this line and its closing quote never comes. Rows before that line were imported.
                             */
                            failureReason: string;
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1Forms: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Form"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1Forms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Our newsletter",
                 *       "listIds": [
                 *         "0193a5b2c4d1e2f3a4b5c6d7"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["FormInput"];
                "application/x-www-form-urlencoded": components["schemas"]["FormInput"];
                "multipart/form-data": components["schemas"]["FormInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FormResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1FormsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FormResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchInboxV1FormsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FormInput2"];
                "application/x-www-form-urlencoded": components["schemas"]["FormInput2"];
                "multipart/form-data": components["schemas"]["FormInput2"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FormResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1ContactsByIdConsents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            /** @description `form:<id>` for a sign-up form. */
                            source: string;
                            /** @description The address the sign-up came from. */
                            ip: string;
                            /**
                             * Format: date-time
                             * @description When the form was submitted.
                             */
                            consentTime: string;
                            /**
                             * Format: date-time
                             * @description When the confirmation link was followed (double opt-in).
                             */
                            confirmTime: string;
                        }[];
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1Newsletters: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Newsletter"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1Newsletters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subject": "Our June news",
                 *       "language": "en-US",
                 *       "htmlContent": "<p>Hello #name#</p>"
                 *     }
                 */
                "application/json": components["schemas"]["NewsletterInput"];
                "application/x-www-form-urlencoded": components["schemas"]["NewsletterInput"];
                "multipart/form-data": components["schemas"]["NewsletterInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewsletterResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1NewslettersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewsletterResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putInboxV1NewslettersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subject": "Our June news",
                 *       "language": "en-US",
                 *       "htmlContent": "<p>Hello #name#</p>"
                 *     }
                 */
                "application/json": components["schemas"]["NewsletterInput"];
                "application/x-www-form-urlencoded": components["schemas"]["NewsletterInput"];
                "multipart/form-data": components["schemas"]["NewsletterInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteInboxV1NewslettersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchInboxV1NewslettersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subject": "Our July news"
                 *     }
                 */
                "application/json": components["schemas"]["NewsletterInput2"];
                "application/x-www-form-urlencoded": components["schemas"]["NewsletterInput2"];
                "multipart/form-data": components["schemas"]["NewsletterInput2"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1Campaigns: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: {
                                /**
                                 * @description 24 lowercase hex characters, ordered by creation time.
                                 * @example 0193a5b2c4d1e2f3a4b5c6d7
                                 */
                                id: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC with milliseconds.
                                 */
                                createTime: string;
                                createUserId: string;
                                /** Format: date-time */
                                updateTime: string;
                                updateUserId: string;
                                isDeleted: boolean;
                                name: string;
                                subject: string;
                                /** @description The newsletter the campaign was made from; "" for a campaign from raw HTML. */
                                newsletterId: string;
                                /** @description The marketing sender (GET /inbox/v1/senders). */
                                senderAccountId: string;
                                plannedTime: string;
                                totalRecipients: number;
                                sent: number;
                                delivered: number;
                                /** @description Recipients with at least one open not flagged as a machine. */
                                opened: number;
                                /** @description Recipients with at least one click not flagged as a scanner. */
                                clicked: number;
                                bounceSoft: number;
                                bounceHard: number;
                                spamReported: number;
                                unsubscribed: number;
                                /** @description Every open, flagged ones included. */
                                totalOpens: number;
                                totalClicks: number;
                                /** @description 0001-01-01T00:00:00.000Z when none. */
                                lastOpenTime: string;
                                lastClickTime: string;
                                /** @description Seconds from delivery to first open, averaged over openers. */
                                averageOpenTime: number;
                                /** @description 0 draft, 1 scheduled, 2 sending, 3 sent, 4 paused, 5 cancelled, 6 failed (see failureReason). */
                                status: number;
                                /**
                                 * @description Why the campaign failed (status 6): what to change before resending it. Empty otherwise.
                                 * @example segment "VIPs" (0193a5b2c4d1e2f3a4b5c6d7) cannot be used: rules.and[3].value has 40000 values; a condition has at most 1000
                                 */
                                failureReason: string;
                            }[];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1Campaigns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "newsletterId": "0193a5b2c4d1e2f3a4b5c6d7",
                 *       "senderAccountId": "0193a5b2c4d1e2f3a4b5c6d8",
                 *       "listType": 2,
                 *       "lists": [
                 *         "0193a5b2c4d1e2f3a4b5c6d9"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CampaignInput"];
                "application/x-www-form-urlencoded": components["schemas"]["CampaignInput"];
                "multipart/form-data": components["schemas"]["CampaignInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1CampaignsCustom: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subject": "Hello #name#",
                 *       "htmlContent": "<p>Hi #name#</p>",
                 *       "language": "en-US",
                 *       "senderAccountId": "0193a5b2c4d1e2f3a4b5c6d8",
                 *       "listType": 2,
                 *       "lists": [
                 *         "0193a5b2c4d1e2f3a4b5c6d9"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CustomInput"];
                "application/x-www-form-urlencoded": components["schemas"]["CustomInput"];
                "multipart/form-data": components["schemas"]["CustomInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1CampaignsAudience: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "listType": 2,
                 *       "lists": [
                 *         "0193a5b2c4d1e2f3a4b5c6d9"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["AudienceInput"];
                "application/x-www-form-urlencoded": components["schemas"]["AudienceInput"];
                "multipart/form-data": components["schemas"]["AudienceInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            /** @description Contacts on any of the lists (or selected by any of the segments), each once, active and not suppressed: who would get the campaign now. */
                            recipients: number;
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1CampaignsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: components["schemas"]["Campaign"];
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteInboxV1CampaignsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchInboxV1CampaignsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignInput2"];
                "application/x-www-form-urlencoded": components["schemas"]["CampaignInput2"];
                "multipart/form-data": components["schemas"]["CampaignInput2"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1CampaignsByIdContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            subject: string;
                            htmlContent: string;
                            language: string;
                            templateSyntax: "placeholders" | "handlebars";
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1CampaignsByIdPause: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1CampaignsByIdResume: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1CampaignsByIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1CampaignsByIdResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1CampaignsByIdSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description When to start: ISO 8601; a time without a zone is UTC; absent or past means now.
                     * @example 2026-12-01T09:00:00
                     */
                    plannedTime?: string;
                };
                "application/x-www-form-urlencoded": {
                    /**
                     * @description When to start: ISO 8601; a time without a zone is UTC; absent or past means now.
                     * @example 2026-12-01T09:00:00
                     */
                    plannedTime?: string;
                };
                "multipart/form-data": {
                    /**
                     * @description When to start: ISO 8601; a time without a zone is UTC; absent or past means now.
                     * @example 2026-12-01T09:00:00
                     */
                    plannedTime?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postInboxV1CampaignsByIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "emails": [
                 *         "me@example.com"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Who gets a test copy (subject prefixed "[Test] "; not counted). */
                    emails: string[];
                };
                "application/x-www-form-urlencoded": {
                    /** @description Who gets a test copy (subject prefixed "[Test] "; not counted). */
                    emails: string[];
                };
                "multipart/form-data": {
                    /** @description Who gets a test copy (subject prefixed "[Test] "; not counted). */
                    emails: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevokeResponse"];
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1CampaignsByIdPreview: {
        parameters: {
            query?: {
                /** @description Render for this contact (default: no contact, every placeholder empty). */
                email?: string;
            };
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            subject: string;
                            htmlContent: string;
                            /** @description Placeholders no field answers to (for `handlebars`, variables such as `fields.plann`): they are sent empty. */
                            unknownPlaceholders: string[];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboxV1CampaignsByIdReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Resource id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            campaign: components["schemas"]["Campaign"];
                            byDomain: {
                                domain: string;
                                recipients: number;
                                delivered: number;
                                bounced: number;
                                opened: number;
                                clicked: number;
                            }[];
                            bounces: {
                                /** @description hard or soft */
                                kind: string;
                                reply: string;
                                recipients: number;
                            }[];
                            engagementByHour: {
                                hour: string;
                                opens: number;
                                clicks: number;
                            }[];
                            /** @description Each tracked URL of the campaign, in the order it first appears in the mail (one URL in several places is one entry); empty when click tracking is off. */
                            links: {
                                /**
                                 * @description The link as the campaign has it (placeholders not filled in).
                                 * @example https://shop.example.com/autumn
                                 */
                                url: string;
                                /** @description Every click on it, flagged ones included. */
                                clicks: number;
                                /** @description Recipients with at least one click on it not flagged: people. */
                                uniqueClickers: number;
                                /** @description Clicks flagged as link scanners (HEAD requests, clicks within 2 s of delivery, known scanner agents); part of `clicks`. */
                                flaggedClicks: number;
                            }[];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Nothing with this id exists in the account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountPrivacyExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: recipient-email
                     * @description The address whose data is exported or erased, within the calling account (compared without case).
                     * @example ann@example.net
                     */
                    email: string;
                };
                "application/x-www-form-urlencoded": {
                    /**
                     * Format: recipient-email
                     * @description The address whose data is exported or erased, within the calling account (compared without case).
                     * @example ann@example.net
                     */
                    email: string;
                };
                "multipart/form-data": {
                    /**
                     * Format: recipient-email
                     * @description The address whose data is exported or erased, within the calling account (compared without case).
                     * @example ann@example.net
                     */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        /** @description Everything the account stores about one address. */
                        resultObject: {
                            email: string;
                            exportTime: string;
                            contacts: {
                                id: string;
                                email: string;
                                /** @description 1 active, 2 hard bounce, 3 unsubscribed, 4 spam reported. */
                                status: number;
                                createTime: string;
                                updateTime: string;
                                isDeleted: boolean;
                                fields: {
                                    customFieldId: string;
                                    name: string;
                                    value: string;
                                }[];
                                tags: string[];
                                lists: {
                                    id: string;
                                    name: string;
                                    addedTime: string;
                                }[];
                                consents: {
                                    source: string;
                                    ip: string;
                                    consentTime: string;
                                    confirmTime: string;
                                }[];
                            }[];
                            formSignups: {
                                id: string;
                                formId: string;
                                email: string;
                                ip: string;
                                createTime: string;
                                /** @description null: never confirmed. */
                                confirmTime: string | null;
                            }[];
                            suppressions: {
                                reason: string;
                                /** @description What caused it. */
                                details: {
                                    [key: string]: unknown;
                                };
                                createTime: string;
                                isDeleted: boolean;
                            }[];
                            messages: {
                                messageId: string;
                                recipientId: string;
                                email: string;
                                name: string;
                                /** @description to, cc or bcc. */
                                kind: string;
                                state: string;
                                from: string;
                                subject: string;
                                /** @description The copy's HTML (its own, when it was personalised); empty once bodies were purged. */
                                htmlContent: string;
                                textContent: string | null;
                                tags: string[];
                                /** @description The metadata the sender attached. */
                                metadata: {
                                    [key: string]: unknown;
                                };
                                attempts: number;
                                lastResponse: string | null;
                                /** @description When it was handed over; null before. */
                                sentTime: string | null;
                                /** @description When it was first opened (tracking); null when never. */
                                firstOpenTime: string | null;
                                createTime: string;
                                events: {
                                    id: string;
                                    type: string;
                                    createTime: string;
                                    /** @description The event as recorded: responses, links, user agents. */
                                    details: {
                                        [key: string]: unknown;
                                    };
                                }[];
                            }[];
                            campaigns: {
                                campaignId: string;
                                subject: string;
                                messageId: string;
                                outcome: string | null;
                                /** @description null: not delivered. */
                                deliveredTime: string | null;
                                /** @description null: never opened. */
                                firstOpenTime: string | null;
                                /** @description null: never clicked. */
                                firstClickTime: string | null;
                                /** @description null: no complaint. */
                                complainedTime: string | null;
                                /** @description null: did not unsubscribe. */
                                unsubscribedTime: string | null;
                            }[];
                            /** @description Mail received from the address: sent from it, or with it as From or Reply-To. */
                            inboundMessages: {
                                id: string;
                                mailFrom: string;
                                subject: string;
                                receiveTime: string;
                                /** @description The parsed message as the inbound API shows it. */
                                document: {
                                    [key: string]: unknown;
                                };
                            }[];
                            /** @description Messages Postwire made itself (an inbound route's forwards) that name the address in their Reply-To, sender name, subject or body. */
                            forwardedMessages: {
                                messageId: string;
                                from: string;
                                replyTo: string | null;
                                subject: string;
                                htmlContent: string;
                                textContent: string | null;
                                createTime: string;
                            }[];
                            /** @description Rows of imports still running that hold the address and are not applied yet. */
                            importRows: {
                                importId: string;
                                row: number;
                                email: string;
                                customFields: {
                                    [key: string]: unknown;
                                }[];
                            }[];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountPrivacyErase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: recipient-email
                     * @description The address whose data is exported or erased, within the calling account (compared without case).
                     * @example ann@example.net
                     */
                    email: string;
                };
                "application/x-www-form-urlencoded": {
                    /**
                     * Format: recipient-email
                     * @description The address whose data is exported or erased, within the calling account (compared without case).
                     * @example ann@example.net
                     */
                    email: string;
                };
                "multipart/form-data": {
                    /**
                     * Format: recipient-email
                     * @description The address whose data is exported or erased, within the calling account (compared without case).
                     * @example ann@example.net
                     */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: components["schemas"]["Erase"];
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request body is larger than BODY_LIMIT_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Content-Type is not one of application/json, application/x-www-form-urlencoded, multipart/form-data (or the body is compressed). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountPrivacyErasures: {
        parameters: {
            query: {
                /** @description Page number, from 1 (at most 1000000). */
                page: number;
                /** @description Items per page (at most 500). */
                pageSize: number;
                /** @description Keyset paging: only items older than this id (the last id of the previous page); `page` is then ignored. Costs the same however deep the page. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 1.0.0 */
                        version: string;
                        resultStatus: boolean;
                        resultCode: number;
                        resultMessage: string;
                        resultObject: {
                            displayCount: number;
                            totalCount: number;
                            items: components["schemas"]["Erase"][];
                        };
                    };
                };
            };
            /** @description The request is not valid: resultMessage says what to fix, resultObject.errors lists each field (`field`, `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No credential, or one that is not valid (expired, revoked, unknown). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The credential is valid but may not call this operation: an API key without the operation's scope, or an API key where a person's session is needed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests; the Retry-After header says after how many seconds to try again. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
