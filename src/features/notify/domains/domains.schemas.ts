import { Type, type Static } from 'typebox';
import { ResourceFields } from '../../../http/resource.js';

export const DnsRecord = Type.Object({
  purpose: Type.Union([Type.Literal('dkim'), Type.Literal('spf'), Type.Literal('dmarc'), Type.Literal('return_path')], {
    description:
      'dkim: the public key receivers check signatures with. spf: authorises this server to send for the domain. dmarc: a starting ' +
      'policy (suggested). return_path: where bounces come back (BOUNCE_DOMAIN; published once by the operator).',
  }),
  type: Type.Union([Type.Literal('TXT'), Type.Literal('MX')]),
  name: Type.String({ description: 'The DNS name to publish the record at.', examples: ['postwire._domainkey.example.com'] }),
  value: Type.String({
    description:
      'The record to publish (for MX: priority and host). For SPF: if the domain already has an SPF record, add the mechanism to it instead of publishing a second one.',
    examples: ['v=DKIM1; k=rsa; p=MIIBIjANBgkqh…'],
  }),
  required: Type.Boolean({ description: 'Needed for the domain to be verified.' }),
  status: Type.Union([Type.Literal('unchecked'), Type.Literal('found'), Type.Literal('missing'), Type.Literal('wrong')], {
    description:
      'Result of the last check: unchecked (never checked), found (published as expected), missing (no such record at the name), wrong (a record is there but not this one; see found).',
  }),
  found: Type.Array(Type.String(), { description: 'What the DNS answered at the name at the last check (TXT strings joined; MX as "priority host").' }),
});

export const Domain = Type.Object(
  {
    ...ResourceFields,
    customerId: Type.String({ description: 'The owning account.' }),
    name: Type.String({ description: 'The domain, lowercase.', examples: ['example.com'] }),
    selector: Type.String({ description: 'DKIM selector of the generated key.', examples: ['postwire'] }),
    verified: Type.Boolean({
      description:
        'The last check found every required record (DKIM and SPF): mail from this domain is signed with its key, and its addresses are usable senders.',
    }),
    verifiedTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Since when the domain is verified (the first check of an unbroken run that found it so); null when it is not.',
    }),
    lastCheckTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the records were last checked; null: never.' }),
    records: Type.Array(DnsRecord, { description: 'The DNS records to publish, each with the result of the last check.' }),
  },
  { description: 'A sending domain with its DKIM key (the private key never leaves the server).' },
);

export type Domain = Static<typeof Domain>;
export type DnsRecord = Static<typeof DnsRecord>;

export const CreateDomainBody = Type.Object({
  name: Type.String({ maxLength: 253, description: 'The domain to send from, like example.com or mail.example.com.', examples: ['example.com'] }),
  selector: Type.Optional(
    Type.String({ maxLength: 63, description: 'DKIM selector for the generated key; default: DKIM_SELECTOR (postwire).', examples: ['postwire'] }),
  ),
});

export type CreateDomainBody = Static<typeof CreateDomainBody>;
