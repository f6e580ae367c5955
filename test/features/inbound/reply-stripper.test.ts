/** The reply without quoted history and signature, in the forms common mail programs write. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stripReply } from '../../../src/features/notify/inbound/reply-stripper.js';

describe('stripReply', () => {
  it('cuts at an "On … wrote:" attribution and the quotes under it', () => {
    const text = 'Sounds good, see you then.\n\nOn Tue, 3 Mar 2026 at 10:00, Shop <shop@example.com> wrote:\n> Your order shipped.\n> Thanks\n';
    assert.equal(stripReply(text), 'Sounds good, see you then.');
  });

  it('cuts at an attribution wrapped over two lines', () => {
    const text = 'Yes please.\r\n\r\nOn Tue, 3 Mar 2026 at 10:00, A Very Long Name From Example Shop <\r\nshop@example.com> wrote:\r\n> Question?\r\n';
    assert.equal(stripReply(text), 'Yes please.');
  });

  it('cuts at the German and French attributions', () => {
    assert.equal(stripReply('Danke!\n\nAm 03.03.2026 um 10:00 schrieb Shop <shop@example.com>:\n> Hallo'), 'Danke!');
    assert.equal(stripReply('Merci\n\nLe mar. 3 mars 2026 à 10:00, Shop <shop@example.com> a écrit :\n> Bonjour'), 'Merci');
  });

  it('cuts at -----Original Message-----', () => {
    const text = 'Please cancel it.\n\n-----Original Message-----\nFrom: Shop\nSent: Tuesday\nSubject: Order\n\nYour order…';
    assert.equal(stripReply(text), 'Please cancel it.');
  });

  it("cuts at Outlook's header block, with or without the rule above it", () => {
    const text = 'Thanks, received.\n\nFrom: Shop <shop@example.com>\nSent: Tuesday, March 3, 2026 10:00 AM\nTo: Ann\nSubject: Order\n\nYour order…';
    assert.equal(stripReply(text), 'Thanks, received.');
    const ruled = 'Thanks.\n________________________________\nFrom: Shop <shop@example.com>\nDate: Tuesday\n\nYour order…';
    assert.equal(stripReply(ruled), 'Thanks.');
  });

  it('keeps a "From:" line that is not a header block', () => {
    assert.equal(stripReply('From: the team, with thanks.\nAnn'), 'From: the team, with thanks.\nAnn');
  });

  it('cuts at the "-- " signature separator', () => {
    assert.equal(stripReply('Works for me.\n\n-- \nAnn Example\nCEO, Example Ltd'), 'Works for me.');
  });

  it('cuts a trailing > quoted block and keeps inline answers between quotes', () => {
    assert.equal(stripReply('Agreed.\n\n> old text\n> more old text\n\n'), 'Agreed.');
    const inline = '> Can you come on Monday?\nYes.\n> And Tuesday?\nNo.';
    assert.equal(stripReply(inline), inline);
  });

  it('returns the whole text when cutting would leave nothing', () => {
    assert.equal(stripReply('> only a quote\n> here'), '> only a quote\n> here');
    assert.equal(stripReply(''), '');
  });

  it('leaves a reply without history alone', () => {
    assert.equal(stripReply('Line one.\nLine two.\n'), 'Line one.\nLine two.');
  });
});
