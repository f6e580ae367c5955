/**
 * Trying to break isolation between accounts. Alice owns one of everything (sender,
 * messages, a scheduled send, suppression, webhook, domain, template, user, API key,
 * payment); every text she writes carries a secret marker. Bob then calls EVERY
 * operation of the API, with his access token and with his API key, aiming at Alice's
 * ids: an operation that names one of her resources must answer 404 (or 401/403), and
 * no answer may contain her marker or an id of hers Bob did not send himself.
 * Afterwards everything of Alice's is unchanged. Without a credential, or with a
 * forged one, every operation answers 401.
 *
 * The PROBES table has one row per operation of the OpenAPI document; a test fails
 * when an operation has no row, so a new endpoint cannot slip past this suite. To add
 * one: a row with its operation, the URL (and body) aimed at Alice's resource, and
 * whether it must be `denied` or may answer for Bob's own data (`own`).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { DIALECTS } from '../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';

const ADMIN_TOKEN = 'operator-secret-0123456789abcdef';

/** Alice's resources, as Bob's requests aim at them. */
interface Alice {
  account: TestAccount;
  marker: string;
  senderId: string;
  senderEmail: string;
  messageId: string;
  scheduledId: string;
  suppressed: string;
  webhookId: string;
  domainId: string;
  templateId: string;
  userId: string;
  apiKeyId: string;
  apiKey: string;
  paymentId: string;
  eventId: string;
  groupId: string;
  listId: string;
  customFieldId: string;
  contactId: string;
  marketingSenderId: string;
  segmentId: string;
  importId: string;
  capturedId: string;
  newsletterId: string;
  campaignId: string;
  formId: string;
  inboundDomainId: string;
  inboundRouteId: string;
  inboundMessageId: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Probe {
  /** The operation as the OpenAPI document names it. */
  op: `${Method} /${string}`;
  url: (a: Alice) => string;
  body?: (a: Alice) => unknown;
  /**
   * denied: the request names one of Alice's resources and must be refused (404, or
   * 401/403 for a credential that may not call it at all); own: it concerns only Bob's
   * own data (a list, his account, a creation), so any answer below 500 will do.
   */
  expect: 'denied' | 'own';
}

const sendTo = (from: string, extra: object = {}) => ({
  from: { email: from },
  to: [{ email: 'someone@example.net' }],
  subject: 'Hi',
  htmlContent: '<p>Hi</p>',
  ...extra,
});

const PROBES: Probe[] = [
  // Account area
  { op: 'GET /account', url: () => '/account', expect: 'own' },
  { op: 'GET /account/me', url: () => '/account/me', expect: 'own' },
  { op: 'PATCH /account', url: () => '/account', body: () => ({ name: 'Bob Ltd' }), expect: 'own' },
  {
    op: 'PUT /account/password',
    url: () => '/account/password',
    body: () => ({ currentPassword: 'wrong password', newPassword: 'another password 1' }),
    expect: 'own',
  },
  { op: 'GET /account/users', url: () => '/account/users', expect: 'own' },
  {
    op: 'POST /account/users',
    url: () => '/account/users',
    body: () => ({ email: `bob-colleague-${randomBytes(4).toString('hex')}@example.org`, role: 'member', password: 'a long password' }),
    expect: 'own',
  },
  { op: 'GET /account/users/{id}', url: (a) => `/account/users/${a.userId}`, expect: 'denied' },
  { op: 'PATCH /account/users/{id}', url: (a) => `/account/users/${a.userId}`, body: () => ({ role: 'admin' }), expect: 'denied' },
  { op: 'DELETE /account/users/{id}', url: (a) => `/account/users/${a.userId}`, expect: 'denied' },
  { op: 'GET /account/apikeys', url: () => '/account/apikeys', expect: 'own' },
  { op: 'POST /account/apikeys', url: () => '/account/apikeys', body: () => ({ name: 'bob key', scopes: ['read'] }), expect: 'own' },
  { op: 'DELETE /account/apikeys/{id}', url: (a) => `/account/apikeys/${a.apiKeyId}`, expect: 'denied' },
  { op: 'GET /account/payments', url: () => '/account/payments', expect: 'own' },
  // A person's data: Alice mailed someone@example.net; Bob's export and erasure of it see and touch only his own.
  { op: 'POST /account/privacy/export', url: () => '/account/privacy/export', body: () => ({ email: 'someone@example.net' }), expect: 'own' },
  { op: 'POST /account/privacy/erase', url: () => '/account/privacy/erase', body: () => ({ email: 'someone@example.net' }), expect: 'own' },
  { op: 'GET /account/privacy/erasures', url: () => '/account/privacy/erasures', expect: 'own' },
  { op: 'GET /account/payments/{id}', url: (a) => `/account/payments/${a.paymentId}`, expect: 'denied' },
  { op: 'GET /account/usage', url: () => '/account/usage', expect: 'own' },
  { op: 'POST /token/revoke', url: () => '/token/revoke', body: (a) => ({ RefreshToken: `${a.account.refreshToken.split('.')[0]}.forged` }), expect: 'own' },
  { op: 'GET /inbox/auth-check', url: () => '/inbox/auth-check', expect: 'own' },
  // The operator's endpoint: Bob's credentials are not the ADMIN_TOKEN.
  {
    op: 'POST /admin/accounts/{id}/payments',
    url: (a) => `/admin/accounts/${a.account.accountId}/payments`,
    body: () => ({ credits: 1000, amount: 0, currency: 'EUR' }),
    expect: 'denied',
  },
  // Transactional area
  { op: 'GET /notify/v1/senders', url: () => '/notify/v1/senders', expect: 'own' },
  { op: 'POST /notify/v1/senders', url: () => '/notify/v1/senders', body: (a) => ({ email: a.senderEmail }), expect: 'own' },
  { op: 'GET /notify/v1/senders/{id}', url: (a) => `/notify/v1/senders/${a.senderId}`, expect: 'denied' },
  {
    op: 'PUT /notify/v1/senders/{id}',
    url: (a) => `/notify/v1/senders/${a.senderId}`,
    body: () => ({ email: 'bob@example.org', displayName: 'Bob' }),
    expect: 'denied',
  },
  { op: 'PATCH /notify/v1/senders/{id}', url: (a) => `/notify/v1/senders/${a.senderId}`, body: () => ({ displayName: 'Bob' }), expect: 'denied' },
  { op: 'DELETE /notify/v1/senders/{id}', url: (a) => `/notify/v1/senders/${a.senderId}`, expect: 'denied' },
  { op: 'POST /notify/v1/senders/{id}/confirmation', url: (a) => `/notify/v1/senders/${a.senderId}/confirmation`, expect: 'denied' },
  { op: 'GET /notify/v1/domains', url: () => '/notify/v1/domains', expect: 'own' },
  {
    op: 'POST /notify/v1/domains',
    url: () => '/notify/v1/domains',
    body: () => ({ name: `bob-${randomBytes(4).toString('hex')}.example.org` }),
    expect: 'own',
  },
  { op: 'GET /notify/v1/domains/{id}', url: (a) => `/notify/v1/domains/${a.domainId}`, expect: 'denied' },
  { op: 'DELETE /notify/v1/domains/{id}', url: (a) => `/notify/v1/domains/${a.domainId}`, expect: 'denied' },
  { op: 'POST /notify/v1/domains/{id}/verify', url: (a) => `/notify/v1/domains/${a.domainId}/verify`, expect: 'denied' },
  // Sending from Alice's sender address, or with her template, must be refused (a 400 naming the field is fine).
  { op: 'POST /notify/v1/send', url: () => '/notify/v1/send', body: (a) => sendTo(a.senderEmail), expect: 'own' },
  {
    op: 'POST /notify/v1/send/batch',
    url: () => '/notify/v1/send/batch',
    body: (a) => ({ messages: [sendTo(a.senderEmail), sendTo(a.senderEmail, { templateId: a.templateId })] }),
    expect: 'own',
  },
  { op: 'GET /notify/v1/messages', url: () => '/notify/v1/messages', expect: 'own' },
  { op: 'GET /notify/v1/messages/{id}', url: (a) => `/notify/v1/messages/${a.messageId}`, expect: 'denied' },
  { op: 'GET /notify/v1/messages/{id}/raw', url: (a) => `/notify/v1/messages/${a.messageId}/raw`, expect: 'denied' },
  { op: 'GET /notify/v1/messages/{id}/attachments/{index}', url: (a) => `/notify/v1/messages/${a.messageId}/attachments/0`, expect: 'denied' },
  { op: 'DELETE /notify/v1/messages/{id}/schedule', url: (a) => `/notify/v1/messages/${a.scheduledId}/schedule`, expect: 'denied' },
  { op: 'GET /notify/v1/events', url: (a) => `/notify/v1/events?messageId=${a.messageId}`, expect: 'own' },
  { op: 'GET /notify/v1/stats', url: () => '/notify/v1/stats', expect: 'own' },
  { op: 'GET /notify/v1/stats/queue', url: () => '/notify/v1/stats/queue', expect: 'own' },
  { op: 'GET /notify/v1/inbox', url: () => '/notify/v1/inbox', expect: 'own' },
  { op: 'GET /notify/v1/inbox/{id}', url: (a) => `/notify/v1/inbox/${a.capturedId}`, expect: 'denied' },
  { op: 'GET /notify/v1/inbound/domains', url: () => '/notify/v1/inbound/domains', expect: 'own' },
  {
    op: 'POST /notify/v1/inbound/domains',
    url: () => '/notify/v1/inbound/domains',
    body: () => ({ name: `bob-in-${randomBytes(4).toString('hex')}.example.org` }),
    expect: 'own',
  },
  { op: 'GET /notify/v1/inbound/domains/{id}', url: (a) => `/notify/v1/inbound/domains/${a.inboundDomainId}`, expect: 'denied' },
  { op: 'DELETE /notify/v1/inbound/domains/{id}', url: (a) => `/notify/v1/inbound/domains/${a.inboundDomainId}`, expect: 'denied' },
  { op: 'POST /notify/v1/inbound/domains/{id}/verify', url: (a) => `/notify/v1/inbound/domains/${a.inboundDomainId}/verify`, expect: 'denied' },
  { op: 'GET /notify/v1/inbound/routes', url: (a) => `/notify/v1/inbound/routes?domainId=${a.inboundDomainId}`, expect: 'own' },
  // A route on Alice's domain must be refused (a 400 naming domainId is fine).
  {
    op: 'POST /notify/v1/inbound/routes',
    url: () => '/notify/v1/inbound/routes',
    body: (a) => ({ domainId: a.inboundDomainId, pattern: 'bob', action: 'store' }),
    expect: 'own',
  },
  { op: 'GET /notify/v1/inbound/routes/{id}', url: (a) => `/notify/v1/inbound/routes/${a.inboundRouteId}`, expect: 'denied' },
  {
    op: 'PATCH /notify/v1/inbound/routes/{id}',
    url: (a) => `/notify/v1/inbound/routes/${a.inboundRouteId}`,
    body: () => ({ description: 'mine now' }),
    expect: 'denied',
  },
  { op: 'DELETE /notify/v1/inbound/routes/{id}', url: (a) => `/notify/v1/inbound/routes/${a.inboundRouteId}`, expect: 'denied' },
  { op: 'GET /notify/v1/inbound/messages', url: (a) => `/notify/v1/inbound/messages?routeId=${a.inboundRouteId}`, expect: 'own' },
  { op: 'GET /notify/v1/inbound/messages/{id}', url: (a) => `/notify/v1/inbound/messages/${a.inboundMessageId}`, expect: 'denied' },
  { op: 'GET /notify/v1/inbound/messages/{id}/raw', url: (a) => `/notify/v1/inbound/messages/${a.inboundMessageId}/raw`, expect: 'denied' },
  { op: 'POST /notify/v1/inbound/messages/{id}/replay', url: (a) => `/notify/v1/inbound/messages/${a.inboundMessageId}/replay`, expect: 'denied' },
  {
    op: 'GET /notify/v1/inbound/messages/{id}/attachments/{index}',
    url: (a) => `/notify/v1/inbound/messages/${a.inboundMessageId}/attachments/0`,
    expect: 'denied',
  },
  { op: 'DELETE /notify/v1/inbox/{id}', url: (a) => `/notify/v1/inbox/${a.capturedId}`, expect: 'denied' },
  // Bob empties his own inbox, and no one else's.
  { op: 'DELETE /notify/v1/inbox', url: () => '/notify/v1/inbox', expect: 'own' },
  { op: 'GET /notify/v1/inbox/{id}/attachments/{index}', url: (a) => `/notify/v1/inbox/${a.capturedId}/attachments/0`, expect: 'denied' },
  { op: 'POST /notify/v1/inbox/{id}/simulate', url: (a) => `/notify/v1/inbox/${a.capturedId}/simulate`, body: () => ({ outcome: 'bounce' }), expect: 'denied' },
  { op: 'GET /notify/v1/suppressions', url: (a) => `/notify/v1/suppressions?email=${encodeURIComponent(a.suppressed)}`, expect: 'own' },
  {
    op: 'GET /notify/v1/suppressions/export',
    url: (a) => `/notify/v1/suppressions/export?email=${encodeURIComponent(a.suppressed)}`,
    expect: 'own',
  },
  // Bob suppressing an address of his own; Alice's stays hers (his GET and DELETE of it must not find it).
  {
    op: 'POST /notify/v1/suppressions',
    url: () => '/notify/v1/suppressions',
    body: () => ({ email: `bob-blocked-${randomBytes(4).toString('hex')}@example.org` }),
    expect: 'own',
  },
  { op: 'GET /notify/v1/suppressions/{email}', url: (a) => `/notify/v1/suppressions/${encodeURIComponent(a.suppressed)}`, expect: 'denied' },
  { op: 'DELETE /notify/v1/suppressions/{email}', url: (a) => `/notify/v1/suppressions/${encodeURIComponent(a.suppressed)}`, expect: 'denied' },
  { op: 'GET /notify/v1/templates', url: () => '/notify/v1/templates', expect: 'own' },
  { op: 'POST /notify/v1/templates', url: () => '/notify/v1/templates', body: () => ({ name: 'bob', subject: 'Hi', htmlContent: '<p>Hi</p>' }), expect: 'own' },
  { op: 'GET /notify/v1/templates/{id}', url: (a) => `/notify/v1/templates/${a.templateId}`, expect: 'denied' },
  {
    // Renders only what it is given: Alice's template id in the body brings nothing of hers.
    op: 'POST /notify/v1/templates/render',
    url: () => '/notify/v1/templates/render',
    body: (a) => ({ templateId: a.templateId, subject: 'Hi {{ n }}', htmlContent: '<p>Hi</p>', params: { n: 'Bob' } }),
    expect: 'own',
  },
  {
    op: 'POST /notify/v1/templates/{id}/render',
    url: (a) => `/notify/v1/templates/${a.templateId}/render`,
    body: () => ({ params: {}, allowMissing: true }),
    expect: 'denied',
  },
  {
    op: 'PUT /notify/v1/templates/{id}',
    url: (a) => `/notify/v1/templates/${a.templateId}`,
    body: () => ({ name: 'bob', subject: 'Hi', htmlContent: '<p>Hi</p>' }),
    expect: 'denied',
  },
  { op: 'PATCH /notify/v1/templates/{id}', url: (a) => `/notify/v1/templates/${a.templateId}`, body: () => ({ subject: 'Hijacked' }), expect: 'denied' },
  { op: 'DELETE /notify/v1/templates/{id}', url: (a) => `/notify/v1/templates/${a.templateId}`, expect: 'denied' },
  { op: 'GET /notify/v1/webhooks', url: () => '/notify/v1/webhooks', expect: 'own' },
  { op: 'POST /notify/v1/webhooks', url: () => '/notify/v1/webhooks', body: () => ({ url: 'https://bob.example.org/hook' }), expect: 'own' },
  { op: 'GET /notify/v1/webhooks/{id}', url: (a) => `/notify/v1/webhooks/${a.webhookId}`, expect: 'denied' },
  {
    op: 'PATCH /notify/v1/webhooks/{id}',
    url: (a) => `/notify/v1/webhooks/${a.webhookId}`,
    body: () => ({ url: 'https://bob.example.org/stolen' }),
    expect: 'denied',
  },
  { op: 'DELETE /notify/v1/webhooks/{id}', url: (a) => `/notify/v1/webhooks/${a.webhookId}`, expect: 'denied' },
  { op: 'POST /notify/v1/webhooks/{id}/rotate-secret', url: (a) => `/notify/v1/webhooks/${a.webhookId}/rotate-secret`, expect: 'denied' },
  { op: 'GET /notify/v1/webhooks/{id}/deliveries', url: (a) => `/notify/v1/webhooks/${a.webhookId}/deliveries`, expect: 'denied' },
  {
    op: 'GET /notify/v1/webhooks/{id}/deliveries/{deliveryId}',
    url: (a) => `/notify/v1/webhooks/${a.webhookId}/deliveries/${a.eventId}`,
    expect: 'denied',
  },
  {
    op: 'POST /notify/v1/webhooks/{id}/replay',
    url: (a) => `/notify/v1/webhooks/${a.webhookId}/replay`,
    body: (a) => ({ eventIds: [a.eventId] }),
    expect: 'denied',
  },
  // Marketing area
  { op: 'GET /inbox/v1/groups', url: () => '/inbox/v1/groups', expect: 'own' },
  { op: 'POST /inbox/v1/groups', url: () => '/inbox/v1/groups', body: () => ({ groupName: 'bob' }), expect: 'own' },
  { op: 'GET /inbox/v1/groups/{id}', url: (a) => `/inbox/v1/groups/${a.groupId}`, expect: 'denied' },
  { op: 'PUT /inbox/v1/groups/{id}', url: (a) => `/inbox/v1/groups/${a.groupId}`, body: () => ({ groupName: 'bob' }), expect: 'denied' },
  { op: 'PATCH /inbox/v1/groups/{id}', url: (a) => `/inbox/v1/groups/${a.groupId}`, body: () => ({ groupName: 'bob' }), expect: 'denied' },
  { op: 'DELETE /inbox/v1/groups/{id}', url: (a) => `/inbox/v1/groups/${a.groupId}`, expect: 'denied' },
  { op: 'GET /inbox/v1/contactlists', url: () => '/inbox/v1/contactlists', expect: 'own' },
  // Filing Bob's new list in Alice's group must be refused (a 400 naming groupId is fine).
  { op: 'POST /inbox/v1/contactlists', url: () => '/inbox/v1/contactlists', body: (a) => ({ listName: 'bob', groupId: a.groupId }), expect: 'own' },
  { op: 'GET /inbox/v1/contactlists/{id}', url: (a) => `/inbox/v1/contactlists/${a.listId}`, expect: 'denied' },
  { op: 'PUT /inbox/v1/contactlists/{id}', url: (a) => `/inbox/v1/contactlists/${a.listId}`, body: () => ({ listName: 'bob' }), expect: 'denied' },
  { op: 'PATCH /inbox/v1/contactlists/{id}', url: (a) => `/inbox/v1/contactlists/${a.listId}`, body: () => ({ listName: 'bob' }), expect: 'denied' },
  { op: 'DELETE /inbox/v1/contactlists/{id}', url: (a) => `/inbox/v1/contactlists/${a.listId}`, expect: 'denied' },
  {
    op: 'POST /inbox/v1/contactlists/{id}/add',
    url: (a) => `/inbox/v1/contactlists/${a.listId}/add`,
    body: () => ({ email: 'bob@example.org' }),
    expect: 'denied',
  },
  { op: 'DELETE /inbox/v1/contactlists/{id}/delete/{contactId}', url: (a) => `/inbox/v1/contactlists/${a.listId}/delete/${a.contactId}`, expect: 'denied' },
  {
    op: 'POST /inbox/v1/contactlists/{id}/import',
    url: (a) => `/inbox/v1/contactlists/${a.listId}/import`,
    body: () => [{ email: 'bob@example.org' }],
    expect: 'denied',
  },
  { op: 'GET /inbox/v1/contactlists/{id}/import/{importId}', url: (a) => `/inbox/v1/contactlists/${a.listId}/import/${a.importId}`, expect: 'denied' },
  {
    op: 'POST /inbox/v1/contactlists/{id}/import/csv',
    url: (a) => `/inbox/v1/contactlists/${a.listId}/import/csv`,
    body: () => ({ file: 'email' }),
    expect: 'denied',
  },
  { op: 'GET /inbox/v1/forms', url: () => '/inbox/v1/forms', expect: 'own' },
  { op: 'POST /inbox/v1/forms', url: () => '/inbox/v1/forms', body: (a) => ({ title: 'bob', listIds: [a.listId] }), expect: 'denied' },
  { op: 'GET /inbox/v1/forms/{id}', url: (a) => `/inbox/v1/forms/${a.formId}`, expect: 'denied' },
  { op: 'PATCH /inbox/v1/forms/{id}', url: (a) => `/inbox/v1/forms/${a.formId}`, body: () => ({ title: 'bob' }), expect: 'denied' },
  { op: 'GET /inbox/v1/contacts/{id}/consents', url: (a) => `/inbox/v1/contacts/${a.contactId}/consents`, expect: 'own' },
  { op: 'GET /inbox/v1/contactlists/{id}/export', url: (a) => `/inbox/v1/contactlists/${a.listId}/export`, expect: 'denied' },
  { op: 'GET /inbox/v1/customfields', url: () => '/inbox/v1/customfields', expect: 'own' },
  { op: 'POST /inbox/v1/customfields', url: () => '/inbox/v1/customfields', body: () => ({ Name: 'bob', Type: 1 }), expect: 'own' },
  { op: 'GET /inbox/v1/customfields/{id}', url: (a) => `/inbox/v1/customfields/${a.customFieldId}`, expect: 'denied' },
  { op: 'PUT /inbox/v1/customfields/{id}', url: (a) => `/inbox/v1/customfields/${a.customFieldId}`, body: () => ({ Name: 'bob', Type: 1 }), expect: 'denied' },
  { op: 'PATCH /inbox/v1/customfields/{id}', url: (a) => `/inbox/v1/customfields/${a.customFieldId}`, body: () => ({ Name: 'bob' }), expect: 'denied' },
  { op: 'DELETE /inbox/v1/customfields/{id}', url: (a) => `/inbox/v1/customfields/${a.customFieldId}`, expect: 'denied' },
  { op: 'GET /inbox/v1/contacts', url: (a) => `/inbox/v1/contacts?listId=${a.listId}`, expect: 'own' },
  { op: 'GET /inbox/v1/contacts/{id}', url: (a) => `/inbox/v1/contacts/${a.contactId}`, expect: 'denied' },
  { op: 'GET /inbox/v1/contacts/{id}/activity', url: (a) => `/inbox/v1/contacts/${a.contactId}/activity`, expect: 'denied' },
  // Bob's selection of Alice's contact matches none of his: nothing of hers changes (checked afterwards).
  {
    op: 'POST /inbox/v1/contacts/bulk',
    url: () => '/inbox/v1/contacts/bulk',
    body: (a) => ({ contactIds: [a.contactId], action: 'delete' }),
    expect: 'own',
  },
  { op: 'POST /inbox/v1/contacts/{id}', url: (a) => `/inbox/v1/contacts/${a.contactId}`, body: () => ({ tags: ['bob'] }), expect: 'denied' },
  { op: 'POST /inbox/v1/contacts/{id}/status', url: (a) => `/inbox/v1/contacts/${a.contactId}/status`, body: () => ({ tags: ['bob'] }), expect: 'denied' },
  { op: 'PATCH /inbox/v1/contacts/{id}/status', url: (a) => `/inbox/v1/contacts/${a.contactId}/status`, body: () => ({ status: 3 }), expect: 'denied' },
  { op: 'DELETE /inbox/v1/contacts/{id}', url: (a) => `/inbox/v1/contacts/${a.contactId}`, expect: 'denied' },
  { op: 'GET /inbox/v1/tags', url: () => '/inbox/v1/tags', expect: 'own' },
  { op: 'GET /inbox/v1/segments', url: () => '/inbox/v1/segments', expect: 'own' },
  // A segment of Bob's naming Alice's list must be refused (a 400 is fine).
  {
    op: 'POST /inbox/v1/segments',
    url: () => '/inbox/v1/segments',
    body: (a) => ({ name: 'bob', rules: { field: 'list', operator: 'eq', value: a.listId } }),
    expect: 'own',
  },
  { op: 'GET /inbox/v1/segments/{id}', url: (a) => `/inbox/v1/segments/${a.segmentId}`, expect: 'denied' },
  { op: 'GET /inbox/v1/segments/{id}/count', url: (a) => `/inbox/v1/segments/${a.segmentId}/count`, expect: 'denied' },
  // Rules naming Alice's campaign are refused (a 400).
  {
    op: 'POST /inbox/v1/segments/count',
    url: () => '/inbox/v1/segments/count',
    body: (a) => ({ rules: { field: 'opened', operator: 'campaign', value: a.campaignId } }),
    expect: 'own',
  },
  {
    op: 'PUT /inbox/v1/segments/{id}',
    url: (a) => `/inbox/v1/segments/${a.segmentId}`,
    body: () => ({ name: 'bob', rules: { field: 'tag', operator: 'eq', value: 'x' } }),
    expect: 'denied',
  },
  { op: 'PATCH /inbox/v1/segments/{id}', url: (a) => `/inbox/v1/segments/${a.segmentId}`, body: () => ({ name: 'bob' }), expect: 'denied' },
  { op: 'DELETE /inbox/v1/segments/{id}', url: (a) => `/inbox/v1/segments/${a.segmentId}`, expect: 'denied' },
  { op: 'GET /inbox/v1/senders', url: () => '/inbox/v1/senders', expect: 'own' },
  {
    op: 'POST /inbox/v1/senders',
    url: () => '/inbox/v1/senders',
    body: (a) => ({ DisplayName: 'bob', Email: a.senderEmail, ReplyEmail: 'bob@example.org' }),
    expect: 'own',
  },
  { op: 'GET /inbox/v1/senders/{id}', url: (a) => `/inbox/v1/senders/${a.marketingSenderId}`, expect: 'denied' },
  {
    op: 'PUT /inbox/v1/senders/{id}',
    url: (a) => `/inbox/v1/senders/${a.marketingSenderId}`,
    body: () => ({ DisplayName: 'bob', Email: 'bob@example.org', ReplyEmail: 'bob@example.org' }),
    expect: 'denied',
  },
  { op: 'PATCH /inbox/v1/senders/{id}', url: (a) => `/inbox/v1/senders/${a.marketingSenderId}`, body: () => ({ DisplayName: 'bob' }), expect: 'denied' },
  { op: 'DELETE /inbox/v1/senders/{id}', url: (a) => `/inbox/v1/senders/${a.marketingSenderId}`, expect: 'denied' },
  { op: 'GET /inbox/v1/newsletters', url: () => '/inbox/v1/newsletters', expect: 'own' },
  {
    op: 'POST /inbox/v1/newsletters',
    url: () => '/inbox/v1/newsletters',
    body: () => ({ subject: 'bob', language: 'en', htmlContent: '<p>b</p>' }),
    expect: 'own',
  },
  { op: 'GET /inbox/v1/newsletters/{id}', url: (a) => `/inbox/v1/newsletters/${a.newsletterId}`, expect: 'denied' },
  {
    op: 'PUT /inbox/v1/newsletters/{id}',
    url: (a) => `/inbox/v1/newsletters/${a.newsletterId}`,
    body: () => ({ subject: 'bob', language: 'en', htmlContent: '<p>b</p>' }),
    expect: 'denied',
  },
  { op: 'PATCH /inbox/v1/newsletters/{id}', url: (a) => `/inbox/v1/newsletters/${a.newsletterId}`, body: () => ({ subject: 'bob' }), expect: 'denied' },
  { op: 'DELETE /inbox/v1/newsletters/{id}', url: (a) => `/inbox/v1/newsletters/${a.newsletterId}`, expect: 'denied' },
  { op: 'GET /inbox/v1/campaigns', url: () => '/inbox/v1/campaigns', expect: 'own' },
  // Bob aims at Alice's newsletter, list and sender: refused like any other of her ids.
  {
    op: 'POST /inbox/v1/campaigns',
    url: () => '/inbox/v1/campaigns',
    body: (a) => ({ newsletterId: a.newsletterId, senderAccountId: a.marketingSenderId, listType: 2, lists: [a.listId] }),
    expect: 'own',
  },
  {
    op: 'POST /inbox/v1/campaigns/custom',
    url: () => '/inbox/v1/campaigns/custom',
    body: (a) => ({ subject: 'bob', htmlContent: '<p>b</p>', language: 'en', senderAccountId: a.marketingSenderId, listType: 2, lists: [a.listId] }),
    expect: 'own',
  },
  // Bob counts Alice's list: refused (a 400 naming lists[0]) and her count never shown.
  {
    op: 'POST /inbox/v1/campaigns/audience',
    url: () => '/inbox/v1/campaigns/audience',
    body: (a) => ({ listType: 2, lists: [a.listId] }),
    expect: 'own',
  },
  { op: 'GET /inbox/v1/campaigns/{id}', url: (a) => `/inbox/v1/campaigns/${a.campaignId}`, expect: 'denied' },
  { op: 'PATCH /inbox/v1/campaigns/{id}', url: (a) => `/inbox/v1/campaigns/${a.campaignId}`, body: () => ({ subject: 'Mine now' }), expect: 'denied' },
  { op: 'GET /inbox/v1/campaigns/{id}/content', url: (a) => `/inbox/v1/campaigns/${a.campaignId}/content`, expect: 'denied' },
  { op: 'DELETE /inbox/v1/campaigns/{id}', url: (a) => `/inbox/v1/campaigns/${a.campaignId}`, expect: 'denied' },
  { op: 'POST /inbox/v1/campaigns/{id}/pause', url: (a) => `/inbox/v1/campaigns/${a.campaignId}/pause`, expect: 'denied' },
  { op: 'POST /inbox/v1/campaigns/{id}/resume', url: (a) => `/inbox/v1/campaigns/${a.campaignId}/resume`, expect: 'denied' },
  { op: 'POST /inbox/v1/campaigns/{id}/cancel', url: (a) => `/inbox/v1/campaigns/${a.campaignId}/cancel`, expect: 'denied' },
  { op: 'POST /inbox/v1/campaigns/{id}/resend', url: (a) => `/inbox/v1/campaigns/${a.campaignId}/resend`, expect: 'denied' },
  { op: 'POST /inbox/v1/campaigns/{id}/schedule', url: (a) => `/inbox/v1/campaigns/${a.campaignId}/schedule`, body: () => ({}), expect: 'denied' },
  {
    op: 'POST /inbox/v1/campaigns/{id}/test',
    url: (a) => `/inbox/v1/campaigns/${a.campaignId}/test`,
    body: () => ({ emails: ['bob@example.org'] }),
    expect: 'denied',
  },
  { op: 'GET /inbox/v1/campaigns/{id}/preview', url: (a) => `/inbox/v1/campaigns/${a.campaignId}/preview`, expect: 'denied' },
  { op: 'GET /inbox/v1/campaigns/{id}/report', url: (a) => `/inbox/v1/campaigns/${a.campaignId}/report`, expect: 'denied' },
];

/** Operations anyone may call without an account's credential; they hold no account's data. */
const PUBLIC_OPS = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'POST /token',
  'POST /token/refresh',
  'GET /token/cookie',
  'POST /accounts',
  'GET /notify/v1/senders/confirm',
  // Opened from a mailbox: a signed per-recipient token is the credential (tracking.test.ts tries forged ones).
  'GET /t/o/{token}',
  'GET /t/c/{token}',
  'HEAD /t/c/{token}',
  'GET /u/{token}',
  'POST /u/{token}',
  // The web version of a campaign copy: the same kind of token (campaign-templates.test.ts tries a forged one).
  'GET /w/{token}',
  // The public campaign archive: a random per-account slug, only campaigns their account chose to show (campaign-archive.test.ts).
  'GET /archive/{slug}',
  'GET /archive/{slug}/{id}',
]);

for (const dialect of DIALECTS) {
  describe(`isolation between accounts [${dialect}]`, () => {
    let app: TestApp;
    let alice: Alice;
    let bob: TestAccount;
    let bobKey: string;
    let documented: string[];

    const ok = async (response: Promise<TestResponse>, status = 200) => expectEnvelope(await response, status).resultObject;

    before(async () => {
      app = await startTestApp(dialect, { worker: true, config: { adminToken: ADMIN_TOKEN, signupEnabled: true } });
      const account = await app.signUp();
      const marker = `ALICE-SECRET-${randomBytes(6).toString('hex')}`;
      const as = (method: Method, url: string, body?: unknown, status = 201) => ok(app.request({ method, url, token: account.token, body }), status);

      await as('PATCH', `/notify/v1/senders/${account.senderId}`, { displayName: `Alice ${marker}` }, 200);
      const attachments = [{ filename: `${marker}.txt`, content: Buffer.from(marker).toString('base64'), contentType: 'text/plain' }];
      const sent = await as('POST', '/notify/v1/send', sendTo(account.email, { subject: `Invoice ${marker}`, attachments }), 200);
      const scheduled = await as(
        'POST',
        '/notify/v1/send',
        sendTo(account.email, { subject: `Later ${marker}`, scheduledAt: new Date(Date.now() + 86_400_000).toISOString() }),
        200,
      );
      const suppressed = `alice-blocked-${marker.toLowerCase()}@example.net`;
      await as('POST', '/notify/v1/suppressions', { email: suppressed });
      const webhook = await as('POST', '/notify/v1/webhooks', { url: `https://alice.example.net/hook/${marker}`, description: marker });
      const domain = await as('POST', '/notify/v1/domains', { name: `${marker.toLowerCase()}.example.net` });
      const template = await as('POST', '/notify/v1/templates', { name: marker, subject: `Subject ${marker}`, htmlContent: `<p>${marker}</p>` });
      const user = await as('POST', '/account/users', {
        email: `alice-colleague-${marker.toLowerCase()}@example.net`,
        name: `Colleague ${marker}`,
        role: 'member',
        password: 'a long password',
      });
      const key = await as('POST', '/account/apikeys', { name: `Key ${marker}`, scopes: ['send', 'read'] });
      const payment = await ok(
        app.request({
          method: 'POST',
          url: `/admin/accounts/${account.accountId}/payments`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          body: { credits: 10, amount: 100, currency: 'EUR', reference: marker },
        }),
        201,
      );
      const events = await ok(app.request({ method: 'GET', url: `/notify/v1/events?messageId=${sent.id}`, token: account.token }));
      // The capture transport's copy of her message (the capture inbox), once the worker has made it.
      let captured: { id: string } | undefined;
      for (let tries = 0; !captured && tries < 400; tries++) {
        captured = (await ok(app.request({ method: 'GET', url: '/notify/v1/inbox', token: account.token }))).items[0];
        if (!captured) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.ok(captured, "Alice's message was captured");
      const group = await as('POST', '/inbox/v1/groups', { groupName: `Group ${marker}` });
      const list = await as('POST', '/inbox/v1/contactlists', { listName: `List ${marker}`, groupId: group.id });
      const field = await as('POST', '/inbox/v1/customfields', { Name: `Field ${marker}`, Type: 1 });
      const contactId = await as(
        'POST',
        `/inbox/v1/contactlists/${list.id}/add`,
        {
          email: `alice-contact-${marker.toLowerCase()}@example.net`,
          tags: [marker],
          customFields: [{ customFieldId: field.id, value: marker }],
        },
        200,
      );
      const contactImport = await as(
        'POST',
        `/inbox/v1/contactlists/${list.id}/import`,
        [{ email: `alice-imported-${marker.toLowerCase()}@example.net` }],
        200,
      );
      const segment = await as('POST', '/inbox/v1/segments', { name: `Segment ${marker}`, rules: { field: 'list', operator: 'eq', value: list.id } });
      const form = await as('POST', '/inbox/v1/forms', { title: `Form ${marker}`, listIds: [list.id] });
      const marketingSender = await as('POST', '/inbox/v1/senders', { DisplayName: `News ${marker}`, Email: account.email, ReplyEmail: account.email });
      const newsletter = await as('POST', '/inbox/v1/newsletters', { subject: `News ${marker}`, language: 'en', htmlContent: `<p>${marker}</p>` }, 201);
      // A draft: nothing is dispatched while Bob probes it.
      const campaignId = await as(
        'POST',
        '/inbox/v1/campaigns/custom',
        {
          subject: `Campaign ${marker}`,
          htmlContent: `<p>${marker}</p>`,
          language: 'en',
          senderAccountId: marketingSender.id,
          listType: 2,
          lists: [list.id],
          draft: true,
        },
        201,
      );
      // Mail she received on a domain of hers, through the path the SMTP listener takes.
      const inboundDomain = await as('POST', '/notify/v1/inbound/domains', { name: `${marker.toLowerCase()}-in.example.net` });
      const inboundRoute = await as('POST', '/notify/v1/inbound/routes', { domainId: inboundDomain.id, pattern: '*', action: 'store', description: marker });
      const received = await app.runtime.services.inbound.receive(
        { mailFrom: 'someone@example.net', rcptTo: [`support@${inboundDomain.name}`] },
        Buffer.from(
          `From: someone@example.net\r\nSubject: Question ${marker}\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n` +
            `Content-Type: text/plain\r\n\r\n${marker}\r\n--b\r\nContent-Type: text/plain; name=a.txt\r\nContent-Disposition: attachment; filename=a.txt\r\n\r\n${marker}\r\n--b--\r\n`,
        ),
        { clientIp: '192.0.2.1', helo: 'mail.example.net' },
      );
      assert.ok(received.accepted);
      alice = {
        account,
        marker,
        senderId: account.senderId,
        senderEmail: account.email,
        messageId: sent.id,
        scheduledId: scheduled.id,
        suppressed,
        webhookId: webhook.id,
        domainId: domain.id,
        templateId: template.id,
        userId: (user.user ?? user).id,
        apiKeyId: key.id,
        apiKey: key.key,
        paymentId: payment.payment.id,
        eventId: events.items[0].id,
        groupId: group.id,
        listId: list.id,
        customFieldId: field.id,
        contactId,
        marketingSenderId: marketingSender.id,
        segmentId: segment.id,
        importId: contactImport,
        capturedId: captured.id,
        newsletterId: newsletter.id,
        campaignId,
        formId: form.id,
        inboundDomainId: inboundDomain.id,
        inboundRouteId: inboundRoute.id,
        inboundMessageId: received.ids[0]!,
      };

      bob = await app.signUp();
      bobKey = (
        await ok(
          app.request({
            method: 'POST',
            url: '/account/apikeys',
            token: bob.token,
            body: { name: 'everything', scopes: ['send', 'read', 'marketing', 'account'] },
          }),
          201,
        )
      ).key;

      const doc = (await app.request({ method: 'GET', url: '/docs/json' })).json;
      documented = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      );
    });
    after(() => app.close());

    /** Everything of Alice's that Bob did not put into this request himself. */
    const secretsFor = (requestText: string) =>
      [
        alice.marker,
        alice.account.accountId,
        alice.messageId,
        alice.scheduledId,
        alice.webhookId,
        alice.domainId,
        alice.templateId,
        alice.userId,
        alice.apiKeyId,
        alice.paymentId,
        alice.eventId,
        alice.capturedId,
        alice.newsletterId,
        alice.campaignId,
        alice.senderId,
        alice.groupId,
        alice.listId,
        alice.customFieldId,
        alice.contactId,
        alice.marketingSenderId,
        alice.segmentId,
        alice.importId,
        alice.inboundDomainId,
        alice.inboundRouteId,
        alice.inboundMessageId,
      ].filter((secret) => !requestText.includes(secret));

    /**
     * `asOwner`: Bob acts as his account's owner, whom no role or scope holds back, so a
     * request for Alice's resource can only fail because it is hers: 404, exactly (the
     * operator's endpoint excepted: 401).
     */
    const probe = async (p: Probe, headers: Record<string, string>, asOwner: boolean): Promise<string | undefined> => {
      const url = p.url(alice);
      const body = p.body?.(alice);
      const response = await app.request({ method: p.op.split(' ')[0] as Method, url, body, headers });
      const where = `${p.op} (${url}) answered ${response.status}`;
      if (response.status >= 500) return `${where}: ${response.text.slice(0, 200)}`;
      const refusals = !asOwner ? [401, 403, 404] : p.op.startsWith('POST /admin/') ? [401] : [404];
      if (p.expect === 'denied' && !refusals.includes(response.status)) return `${where}, not ${refusals.join('/')}: ${response.text.slice(0, 200)}`;
      const leaked = secretsFor(url + JSON.stringify(body ?? '')).filter((secret) => response.text.includes(secret));
      if (leaked.length) return `${where} and showed Alice's ${leaked.join(', ')}`;
      // Two answers are files, not envelopes, when they succeed: a message's MIME, the suppression list's CSV.
      const file =
        p.op === 'GET /notify/v1/messages/{id}/raw' || p.op === 'GET /notify/v1/suppressions/export' || p.op === 'GET /notify/v1/inbound/messages/{id}/raw';
      if (response.json === undefined && !file) return `${where} without a JSON envelope`;
      return undefined;
    };

    const probeAll = async (headers: Record<string, string>, asOwner = false) => {
      const failures: string[] = [];
      for (const p of PROBES) {
        const failure = await probe(p, headers, asOwner);
        if (failure) failures.push(failure);
      }
      assert.deepEqual(failures, []);
    };

    it('the table has a row for every operation of the OpenAPI document that needs a credential', () => {
      const probed = new Set(PROBES.map((p) => p.op));
      const missing = documented.filter((op) => !PUBLIC_OPS.has(op) && !probed.has(op as Probe['op']));
      assert.deepEqual(missing, [], 'add a row to PROBES for each of these');
      const gone = PROBES.filter((p) => !documented.includes(p.op)).map((p) => p.op);
      assert.deepEqual(gone, [], 'these rows name operations the API no longer has');
    });

    it("Bob's access token reaches none of Alice's resources on any endpoint, and no answer shows her data", async () => {
      await probeAll({ authorization: `Bearer ${bob.token}` }, true);
    });

    it("Bob's API key with every scope does no better (as Bearer and as x-api-key)", async () => {
      await probeAll({ authorization: `Bearer ${bobKey}` });
      await probeAll({ 'x-api-key': bobKey });
    });

    it("Bob's lists hold only his own data", async () => {
      for (const url of [
        '/notify/v1/senders',
        '/notify/v1/messages',
        '/notify/v1/events',
        '/notify/v1/suppressions',
        '/notify/v1/webhooks',
        '/notify/v1/domains',
        '/notify/v1/inbound/domains',
        '/notify/v1/inbound/routes',
        '/notify/v1/inbound/messages',
        '/notify/v1/templates',
        '/account/users',
        '/account/apikeys',
        '/account/payments',
        '/inbox/v1/groups',
        '/inbox/v1/contactlists',
        '/inbox/v1/customfields',
        '/inbox/v1/contacts',
        '/inbox/v1/tags',
        '/inbox/v1/senders',
        '/inbox/v1/segments',
        '/inbox/v1/newsletters',
        '/inbox/v1/campaigns',
      ]) {
        const list = await ok(app.request({ method: 'GET', url, token: bob.token }));
        const text = JSON.stringify(list);
        assert.ok(!secretsFor('').some((secret) => text.includes(secret)), `${url} shows Alice's data: ${text.slice(0, 300)}`);
      }
    });

    it("after all that, every resource of Alice's is still there, unchanged", async () => {
      const as = (url: string) => ok(app.request({ method: 'GET', url, token: alice.account.token }));
      assert.equal((await as(`/notify/v1/senders/${alice.senderId}`)).displayName, `Alice ${alice.marker}`);
      assert.match((await as(`/notify/v1/messages/${alice.messageId}`)).subject, new RegExp(alice.marker));
      const scheduled = await as(`/notify/v1/messages/${alice.scheduledId}`);
      assert.deepEqual(
        scheduled.recipients.map((r: { state: string }) => r.state),
        ['queued'],
      );
      assert.equal((await as(`/notify/v1/suppressions/${encodeURIComponent(alice.suppressed)}`)).email, alice.suppressed);
      assert.match((await as(`/notify/v1/webhooks/${alice.webhookId}`)).url, new RegExp(alice.marker));
      assert.ok(await as(`/notify/v1/domains/${alice.domainId}`));
      assert.ok(await as(`/notify/v1/inbound/domains/${alice.inboundDomainId}`));
      assert.equal((await as(`/notify/v1/inbound/routes/${alice.inboundRouteId}`)).description, alice.marker);
      assert.equal((await as(`/notify/v1/inbound/messages/${alice.inboundMessageId}`)).subject, `Question ${alice.marker}`);
      assert.equal((await as(`/notify/v1/inbox/${alice.capturedId}`)).id, alice.capturedId, 'her captured copy survived his DELETE /notify/v1/inbox');
      assert.match((await as(`/notify/v1/templates/${alice.templateId}`)).subject, new RegExp(alice.marker));
      assert.equal((await as(`/account/users/${alice.userId}`)).role, 'member');
      assert.equal((await as(`/account/payments/${alice.paymentId}`)).reference, alice.marker);
      assert.equal((await as('/account')).creditBalance, 10);
      assert.equal((await as(`/inbox/v1/contactlists/${alice.listId}/import/${alice.importId}`)).added, 1);
      assert.equal((await as(`/inbox/v1/groups/${alice.groupId}`)).contactsCount, 2);
      assert.equal((await as(`/inbox/v1/contactlists/${alice.listId}`)).count, 2);
      assert.equal((await as(`/inbox/v1/customfields/${alice.customFieldId}`)).name, `Field ${alice.marker}`);
      assert.equal((await as(`/inbox/v1/senders/${alice.marketingSenderId}`)).displayName, `News ${alice.marker}`);
      assert.deepEqual(await as(`/inbox/v1/segments/${alice.segmentId}/count`), { count: 2 });
      assert.equal((await as(`/inbox/v1/newsletters/${alice.newsletterId}`)).subject, `News ${alice.marker}`);
      const campaign = await as(`/inbox/v1/campaigns/${alice.campaignId}`);
      assert.deepEqual([campaign.subject, campaign.status, campaign.totalRecipients], [`Campaign ${alice.marker}`, 0, 0]);
      const contact = await as(`/inbox/v1/contacts/${alice.contactId}`);
      assert.deepEqual([contact.status, contact.tags, contact.customFields[0].value], [1, [alice.marker], alice.marker]);
      // Her API key still works.
      expectEnvelope(await app.request({ method: 'GET', url: '/notify/v1/senders', headers: { 'x-api-key': alice.apiKey } }), 200);
    });

    it('without a credential, or with a forged one, every endpoint answers 401', async () => {
      const otherSecret = new TextEncoder().encode(randomBytes(32).toString('hex'));
      const claims = { acc: alice.account.accountId, sid: alice.account.refreshToken.split('.')[0] };
      const otherSecretJwt = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(alice.account.userId)
        .setIssuer('postwire')
        .setAudience('postwire-api')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(otherSecret);
      const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const algNoneJwt = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: alice.account.userId, iss: 'postwire', aud: 'postwire-api', exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
      const [header, payload, signature] = alice.account.token.split('.');
      const tampered = `${header}.${b64({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), acc: bob.accountId })}.${signature}`;
      const credentials: [string, Record<string, string>][] = [
        ['none', {}],
        ['a malformed header', { authorization: 'Token abc' }],
        ['a random Bearer token', { authorization: `Bearer ${randomBytes(24).toString('hex')}` }],
        ['a JWT signed with another secret', { authorization: `Bearer ${otherSecretJwt}` }],
        ['an alg: none JWT', { authorization: `Bearer ${algNoneJwt}` }],
        ["Alice's JWT with Bob's account put in", { authorization: `Bearer ${tampered}` }],
        ['an API key that does not exist', { 'x-api-key': `pw_live_${'A'.repeat(40)}` }],
      ];
      const failures: string[] = [];
      for (const [what, headers] of credentials) {
        for (const p of PROBES) {
          // POST /token/revoke with a RefreshToken needs no other credential (the refresh token is one); `all` needs an access token.
          const body = p.op === 'POST /token/revoke' ? { all: true } : p.body?.(alice);
          const response = await app.request({ method: p.op.split(' ')[0] as Method, url: p.url(alice), body, headers });
          if (response.status !== 401 || response.json?.resultCode !== 401) {
            failures.push(`${what}: ${p.op} answered ${response.status}: ${response.text.slice(0, 120)}`);
          } else if (response.status === 401 && !p.op.startsWith('POST /admin/') && !/Bearer/.test(String(response.headers['www-authenticate']))) {
            failures.push(`${what}: ${p.op} 401 without WWW-Authenticate: Bearer`);
          }
        }
      }
      assert.deepEqual(failures, []);
    });
  });
}
