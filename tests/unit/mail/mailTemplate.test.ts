import { describe, expect, it } from 'vitest';
import { mailFromKeys, renderMail } from '../../../server/mail/mailTemplate';
import { instantIn } from '../../../server/mail/mailTime';

const LINK = 'https://portal.example/forgot-password?token=abc&email=a%40b.example';
const UNSUBSCRIBE = 'https://portal.example/api/unsubscribe?token=xyz';
const HOSTILE = `<script>alert("x")</script><img src="https://evil.example/p.png"> & 'quoted'`;

const reset = (languages: ('en' | 'vi')[], name = 'Bình', unsubscribe?: string) =>
  mailFromKeys(
    languages,
    { subjectKey: 'mail.resetSubject', bodyKey: 'mail.resetBody', actionKey: 'mail.resetAction', afterKey: 'mail.resetAfter' },
    { name },
    LINK,
    unsubscribe,
  );

describe('the shared mail template', () => {
  it('lays one content out twice: an HTML part with a button to the link, and a text part with the same words', () => {
    const mail = reset(['en']);
    expect(mail.subject).toBe('Reset your Partner Portal password');
    expect(mail.text).toBe(
      [
        'Reset your Partner Portal password',
        'Hello Bình,',
        'To set a new password, open the link below within an hour.',
        `Set a new password:\n${LINK}`,
        'If you did not ask for this, ignore this mail.',
      ].join('\n\n'),
    );
    expect(mail.html).toContain('<h1 style="');
    expect(mail.html).toContain('>Reset your Partner Portal password</h1>');
    expect(mail.html).toContain('>Hello Bình,</p>');
    expect(mail.html).toContain(`<a href="${LINK.replace(/&/g, '&amp;')}" target="_blank"`);
    expect(mail.html).toMatch(/>Set a new password<\/a>/);
    expect(mail.html).toContain('>Partner Portal</td>');
    // Fluid up to 600 px (a 375 px phone), a fixed table for Outlook, the phone's viewport declared.
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).toContain('<!--[if mso]>');
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
  });

  it('escapes every value in the HTML part and carries no script or remote image', () => {
    const mail = renderMail(['en'], () => ({
      subject: HOSTILE,
      heading: HOSTILE,
      paragraphs: [HOSTILE],
      quote: [{ author: HOSTILE, at: HOSTILE, text: HOSTILE }],
      items: [{ title: HOSTILE, at: HOSTILE, text: HOSTILE, link: { label: HOSTILE, url: `https://portal.example/x?a="><script>` } }],
      action: { label: HOSTILE, url: LINK },
    }));
    const page = new DOMParser().parseFromString(mail.html, 'text/html');
    expect(page.querySelectorAll('script, img, [src], [onerror], [style*="url("]')).toHaveLength(0);
    expect(page.querySelector('h1')!.textContent).toBe(HOSTILE);
    expect([...page.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([`https://portal.example/x?a="><script>`, LINK]);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('&amp; &#39;quoted&#39;');
    expect(mail.html).toContain('href="https://portal.example/x?a=&quot;&gt;&lt;script&gt;"');
    // The text part is text: the words as they were.
    expect(mail.text).toContain(HOSTILE);
  });

  it('makes a link only of a web address', () => {
    const mail = renderMail(['en'], () => ({ subject: 's', heading: 'h', paragraphs: [], action: { label: 'Open', url: 'javascript:alert(1)' } }));
    expect(mail.html).not.toContain('href=');
    expect(mail.html).toContain('Open: javascript:alert(1)');
  });

  it('writes the reader’s language alone when it is known, every language one after the other when not', () => {
    const vi = reset(['vi']);
    expect(vi.subject).toBe('Đặt lại mật khẩu Partner Portal');
    expect(vi.html).toContain('<html lang="vi">');
    expect(vi.html).toContain('>Đặt mật khẩu mới</a>');
    expect(vi.text).not.toContain('Reset your');
    expect(vi.html).not.toContain('Reset your');
    expect(vi.html).not.toContain('You receive this mail');

    const both = reset(['en', 'vi']);
    expect(both.subject).toBe('Reset your Partner Portal password / Đặt lại mật khẩu Partner Portal');
    const [en, vietnamese] = both.text.split('\n\n-----\n\n');
    expect(en).toContain('Set a new password:');
    expect(vietnamese).toContain('Đặt mật khẩu mới:');
    expect(both.html).toContain('<div lang="en">');
    expect(both.html).toContain('<div lang="vi">');
  });

  it('puts the unsubscribe link in a muted footer of both parts when the mail has one, and none otherwise', () => {
    const mail = reset(['en'], 'Bình', UNSUBSCRIBE);
    expect(mail.text.endsWith(`To stop these mails: ${UNSUBSCRIBE}`)).toBe(true);
    expect(mail.html).toMatch(new RegExp(`Do not want these mails\\? <a href="${UNSUBSCRIBE.replace(/[?]/g, '\\?')}"[^>]*>Stop them</a>`));
    const security = reset(['en']);
    expect(security.html).not.toContain('unsubscribe');
    expect(security.text).not.toContain('To stop these mails');
  });

  it('quotes lines oldest first with author and time, as text and as HTML', () => {
    const mail = renderMail(['en'], () => ({
      subject: 's',
      heading: 'h',
      paragraphs: ['p'],
      quote: [
        { author: 'An Partner', at: '1 Dec 2026, 09:00 GMT+7', text: 'first' },
        { author: 'Staff One', at: '1 Dec 2026, 09:05 GMT+7', text: 'second\nline' },
      ],
    }));
    expect(mail.text).toContain('> An Partner · 1 Dec 2026, 09:00 GMT+7\n> first\n>\n> Staff One · 1 Dec 2026, 09:05 GMT+7\n> second\n> line');
    expect(mail.html.indexOf('first')).toBeLessThan(mail.html.indexOf('second<br>line'));
  });

  it('reads an instant in the reader’s zone and language', () => {
    const at = new Date('2026-12-01T01:30:00Z');
    expect(instantIn('en', 'Asia/Ho_Chi_Minh', at)).toBe('1 Dec 2026, 08:30 GMT+7');
    expect(instantIn('en', 'Europe/Paris', at)).toBe('1 Dec 2026, 02:30 CET');
    expect(instantIn('vi', 'Asia/Ho_Chi_Minh', at)).toContain('08:30');
    expect(instantIn('vi', 'Asia/Ho_Chi_Minh', at)).toContain('thg 12');
  });
});
