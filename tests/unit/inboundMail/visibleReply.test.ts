import { describe, expect, it } from 'vitest';
import { visibleHtmlOf, visibleTextOf } from '../../../server/modules/inboundMail/visibleReply';
import { noiseOf } from '../../../server/modules/inboundMail/mailNoise';
import { deliveryFailuresOf } from '../../../server/modules/inboundMail/mailBounces';
import { parseReplyAddress, readReplyToken, replyAddress, replyTokenVerifies, signReplyToken } from '../../../server/modules/inboundMail/replyTokens';

/** What a reply by mail keeps of its text: the lines its writer typed, above whatever their client quoted. */
describe('the visible reply of a mail', () => {
  it.each([
    ['Gmail (en)', 'Thanks, done.\n\nOn Wed, Dec 2, 2026 at 10:00 AM Sam Support <support@example.com> wrote:\n> Please check.\n'],
    [
      'Gmail wrapping its attribution',
      'Thanks, done.\n\nOn Wed, Dec 2, 2026 at 10:00 AM Partner Portal <\nno-reply@partner-portal.local> wrote:\n> Please check.',
    ],
    ['Gmail (vi)', 'Thanks, done.\n\nVào Th 4, 2 thg 12, 2026 lúc 10:00 Sam Support <support@example.com> đã viết:\n> Please check.'],
    ['Outlook', 'Thanks, done.\r\n\r\n-----Original Message-----\r\nFrom: Partner Portal\r\nSent: Wednesday\r\nPlease check.'],
    [
      'Outlook (From/Sent block)',
      'Thanks, done.\n\n________________________________\nFrom: Partner Portal <no-reply@x>\nSent: Wednesday, 2 December 2026 10:00\nTo: Bình',
    ],
    ['Outlook (vi)', 'Thanks, done.\n\nTừ: Partner Portal <no-reply@x>\nĐã gửi: Thứ Tư, 2 tháng 12, 2026 10:00\nĐến: Bình'],
    ['bare quoting', 'Thanks, done.\n> Please check.\n> Again.'],
    ['a signature', 'Thanks, done.\n-- \nBình Trần\nAcme Logistics'],
  ])('%s: the quoted history is cut', (_client, text) => {
    expect(visibleTextOf(text)).toBe('Thanks, done.');
  });

  it('keeps every line of a reply that quotes nothing', () => {
    expect(visibleTextOf('Line one\n\nLine two: on Monday it wrote nothing')).toBe('Line one\n\nLine two: on Monday it wrote nothing');
  });

  it.each([
    [
      'Gmail',
      '<div dir="ltr">Thanks, <b>done</b>.</div><br><div class="gmail_quote"><div class="gmail_attr">On Wed, Sam wrote:<br></div><blockquote class="gmail_quote">Please check.</blockquote></div>',
    ],
    [
      'Apple Mail',
      '<div>Thanks, <b>done</b>.</div><div><br><blockquote type="cite"><div>On 2 Dec 2026, at 10:00, Sam wrote:</div>Please check.</blockquote></div>',
    ],
    ['Outlook', '<div>Thanks, <b>done</b>.</div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> Sam</div>Please check.'],
    [
      'an attribution without a container',
      '<div>Thanks, <b>done</b>.</div><div>Vào Th 4, Sam Support &lt;support@example.com&gt; đã viết:</div><div>Please check.</div>',
    ],
  ])('%s HTML: the quote is cut, the rest sanitised', (_client, html) => {
    const visible = visibleHtmlOf(html);
    expect(visible).toContain('Thanks, <b>done</b>.');
    expect(visible).not.toContain('Please check');
    expect(visible).not.toMatch(/class=|id=|dir=/);
  });
});

describe('mail no person wrote', () => {
  const headers = (entries: Record<string, unknown>) => new Map(Object.entries(entries));
  it.each([
    [{ 'auto-submitted': 'auto-replied' }, 'Re: x', 'auto-submitted'],
    [{ 'auto-submitted': 'auto-generated; owner-email="x@y"' }, 'Re: x', 'auto-submitted'],
    [{ precedence: 'Bulk' }, 'Re: x', 'precedence'],
    [{ precedence: 'list' }, 'Re: x', 'precedence'],
    [{ 'x-autoreply': 'yes' }, 'Re: x', 'x-autoreply'],
    [{ 'x-autorespond': 'yes' }, 'Re: x', 'x-autorespond'],
    [{}, 'Out of Office: Re: x', 'subject'],
    [{}, 'Automatic reply: Re: x', 'subject'],
    [{}, 'Trả lời tự động: Re: x', 'subject'],
    [{}, 'Tôi đang vắng mặt', 'subject'],
  ])('%o with subject %s is noise (%s)', (entries, subject, why) => {
    expect(noiseOf(headers(entries), subject)).toBe(why);
  });

  it('a person’s reply is not, nor one saying Auto-Submitted: no', () => {
    expect(noiseOf(headers({ 'auto-submitted': 'no', precedence: 'first-class' }), 'Re: the office printer')).toBeNull();
  });
});

describe('delivery reports', () => {
  it('name the recipients that failed for good, not those delayed', () => {
    const report =
      'Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822; Gone@Example.com\nAction: failed\nStatus: 5.1.1\n\nFinal-Recipient: rfc822;later@example.com\nAction: delayed\n';
    expect(deliveryFailuresOf(report)).toEqual([{ email: 'gone@example.com', diagnostic: '5.1.1' }]);
  });
});

describe('reply tokens', () => {
  const key = Buffer.alloc(32, 1);
  const ticket = '0b7e0f4c-3f9a-4d6e-9a51-6a2f1c7d8e90';
  const user = '7d1e2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b';
  const later = new Date(Date.now() + 60_000);

  it('fit an address local part, name their ticket and verify for their recipient and kind only', () => {
    const token = signReplyToken(key, 'reply', ticket, user, later);
    const address = replyAddress('reply', token, 'reply.example.com');
    expect(address.split('@')[0].length).toBeLessThanOrEqual(64);
    expect(parseReplyAddress(address.toUpperCase(), 'reply.example.com')).toEqual({ kind: 'reply', token });
    expect(readReplyToken(token)?.ticketId).toBe(ticket);
    expect(replyTokenVerifies(key, 'reply', token, user)).toBe('valid');
    expect(replyTokenVerifies(key, 'note', token, user)).toBe('invalid');
    expect(replyTokenVerifies(key, 'reply', token, ticket)).toBe('invalid');
    expect(replyTokenVerifies(Buffer.alloc(32, 2), 'reply', token, user)).toBe('invalid');
    expect(replyTokenVerifies(key, 'reply', token, user, new Date(later.getTime() + 1000))).toBe('expired');
    expect(parseReplyAddress(address, 'other.example.com')).toBeNull();
  });
});
