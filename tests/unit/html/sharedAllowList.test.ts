import { describe, expect, it } from 'vitest';
import { HTML_ALLOWED_TAGS, HTML_LINK_ATTRIBUTES, HTML_VOID_TAGS } from '../../../contract/html/allowList';
import { sanitizeHtml as serverSanitize } from '../../../server/modules/tickets/ticketHtml';
import { sanitizeHtml as browserSanitize } from '../../../src/components/richText/safeHtml';

/** What a reader's browser builds from some HTML: each element with its attributes, in document order. */
function elementsOf(html: string) {
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  return [...body.querySelectorAll('*')].map((element) => ({
    tag: element.tagName.toLowerCase(),
    attributes: Object.fromEntries([...element.attributes].map(({ name, value }) => [name, value])),
  }));
}

/** Both sides' verdict on the same input, as a page would show it. */
const bothSides = (html: string) => ({ server: elementsOf(serverSanitize(html)), browser: elementsOf(browserSanitize(html)) });

describe('the HTML allow-list both sides share', () => {
  it('gives a link the same rel and target on the server and in the browser', () => {
    const { server, browser } = bothSides('<a href="https://example.com" rel="opener" target="_self" title="Docs">docs</a>');
    const link = { tag: 'a', attributes: { href: 'https://example.com', title: 'Docs', ...HTML_LINK_ATTRIBUTES } };
    expect(server).toEqual([link]);
    expect(browser).toEqual([link]);
  });

  it('drops a disallowed tag on both sides, keeping its text', () => {
    for (const html of [
      '<font color="red">hi</font>',
      '<img src="x" onerror="alert(1)">',
      '<iframe src="https://evil.example"></iframe>',
      '<script>alert(1)</script>',
    ]) {
      const { server, browser } = bothSides(html);
      expect(server.map((e) => e.tag)).not.toContain(html.slice(1, html.search(/[\s>]/)));
      expect(browser.map((e) => e.tag)).toEqual(server.map((e) => e.tag));
    }
    expect(serverSanitize('<font>hi</font>')).toBe('hi');
    expect(browserSanitize('<font>hi</font>')).toBe('hi');
  });

  it('keeps every allowed tag on both sides', () => {
    for (const tag of HTML_ALLOWED_TAGS.filter((t) => !['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'li'].includes(t))) {
      const html = HTML_VOID_TAGS.includes(tag) ? `<${tag}>x` : `<${tag}>x</${tag}>`;
      const { server, browser } = bothSides(html);
      expect(
        server.map((e) => e.tag),
        tag,
      ).toEqual([tag]);
      expect(
        browser.map((e) => e.tag),
        tag,
      ).toEqual([tag]);
    }
    const table = '<table><caption>c</caption><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="1">d</td></tr></tbody></table>';
    expect(bothSides(table).browser).toEqual(bothSides(table).server);
  });

  it('keeps an attribute only on the tags that may carry it, with a safe value, on both sides', () => {
    const cases = [
      '<p colspan="2" title="t" style="color:red" class="x" onclick="alert(1)">p</p>',
      '<ol start="3"><li>three</li></ol>',
      '<ol start="three"><li>not a number</li></ol>',
      '<a href="javascript:alert(1)">bad</a>',
      '<a href="java&#x09;script:alert(1)">hidden tab</a>',
      '<a href="mailto:help@example.com">mail</a>',
      '<a href="/tickets/1/detail">in the app</a>',
    ];
    for (const html of cases) {
      const { server, browser } = bothSides(html);
      expect(browser, html).toEqual(server);
    }
    expect(bothSides('<p title="t" style="x">p</p>').server).toEqual([{ tag: 'p', attributes: {} }]);
    expect(bothSides('<a href="javascript:alert(1)">bad</a>').server[0].attributes).not.toHaveProperty('href');
  });
});
