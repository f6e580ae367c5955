/**
 * Personalisation of campaign mail: `#fieldname#` placeholders, the original service's
 * syntax (transactional `customFields` use it too, lib/template-render.ts). A campaign
 * fills them from the contact: `#email#`, and each custom field by its name (any case;
 * characters other than letters, digits and `_` written as `_`, so "First name" is
 * `#first_name#`). Unlike a transactional send, an unknown placeholder is not kept as
 * written: a contact without the value gets nothing there, and the campaign's preview
 * lists the names no field answers to, so the author sees the mistake before sending.
 */
import { escapeHtml } from '../../../lib/template-render.js';

const PLACEHOLDER = /#([A-Za-z0-9_]+)#/g;

/** The key a custom field's name is written with in a placeholder. */
export function placeholderKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
}

/** The distinct placeholder keys `text` uses, in order. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!.toLowerCase()))];
}

/** `text` with each placeholder replaced by its value (HTML-escaped for HTML), or by nothing. */
export function personalise(text: string, values: ReadonlyMap<string, string>, html: boolean): string {
  if (!text.includes('#')) return text;
  return text.replace(PLACEHOLDER, (_whole, key: string) => {
    const value = values.get(key.toLowerCase()) ?? '';
    return html ? escapeHtml(value) : value;
  });
}
