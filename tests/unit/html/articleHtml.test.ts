import { describe, expect, it } from 'vitest';
import { articleTextOf, toSafeArticleHtml } from '../../../server/modules/helpCenter/articleHtml';
import { sanitizeHtml } from '../../../server/modules/tickets/ticketHtml';

/** Every element and attribute a reader's browser would build from the stored body. */
function elementsOf(html: string) {
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  return [...body.querySelectorAll('*')].map((element) => ({
    tag: element.tagName.toLowerCase(),
    attributes: Object.fromEntries([...element.attributes].map(({ name, value }) => [name, value])),
  }));
}

const anyAttribute = (html: string, test: (name: string, value: string) => boolean) =>
  elementsOf(html).some(({ attributes }) => Object.entries(attributes).some(([name, value]) => test(name, value)));

describe("a help article's body as stored", () => {
  it('keeps headings h2–h4, lists, links, tables, code and images of this site', () => {
    const html =
      '<h2>Title</h2><h3>Part</h3><h4>Step</h4><ol start="2"><li>One</li></ol><p><a href="https://example.com/docs">docs</a></p>' +
      '<table><thead><tr><th colspan="2">Head</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>' +
      '<pre><code>npm start</code></pre><p><img src="/api/v1/files/1b0c/content" alt="Screen" width="320"></p>';
    expect(toSafeArticleHtml(html)).toBe(
      '<h2>Title</h2><h3>Part</h3><h4>Step</h4><ol start="2"><li>One</li></ol><p><a href="https://example.com/docs" rel="noopener noreferrer nofollow" target="_blank">docs</a></p>' +
        '<table><thead><tr><th colspan="2">Head</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>' +
        '<pre><code>npm start</code></pre><p><img src="/api/v1/files/1b0c/content" alt="Screen" width="320"></p>',
    );
  });

  it('drops scripts, event handlers and styles, keeping the text around them', () => {
    const stored = toSafeArticleHtml(
      '<p onclick="alert(1)" style="color:red">Hi<script>alert(1)</script><svg onload="alert(2)"></svg>' +
        '<img src="/api/v1/files/a/content" onerror="alert(3)"><style>p{background:url(javascript:alert(4))}</style>' +
        '<iframe src="https://evil.example"></iframe><a href="/help" onmouseover="alert(5)">x</a></p>',
    );
    expect(stored).not.toMatch(/script|alert|style|onerror|onclick|onload|onmouseover|iframe|svg/i);
    expect(elementsOf(stored).map((e) => e.tag)).toEqual(['p', 'img', 'a']);
    expect(anyAttribute(stored, (name) => name.startsWith('on') || name === 'style' || name === 'class')).toBe(false);
  });

  it('refuses javascript:, data: and other sites in links and images, entity-encoded or spaced out too', () => {
    for (const html of [
      '<a href="javascript:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a href="&#x6A;&#x61;vascript&colon;alert(1)">x</a>',
      '<a href="java\tscript:alert(1)">x</a>',
      '<a href=" javascript:alert(1)">x</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
      '<img src="javascript:alert(1)">',
      '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
      '<img src="https://evil.example/track.png">',
      '<img src="//evil.example/track.png">',
      '<img src="/\\evil.example/track.png">',
      '<img src="&#47;&#47;evil.example/x.png">',
    ]) {
      const stored = toSafeArticleHtml(html);
      expect(
        anyAttribute(stored, (name, value) => (name === 'href' || name === 'src') && !/^(https?:|mailto:|#|\/(?![/\\]))/i.test(value)),
        html,
      ).toBe(false);
      expect(
        anyAttribute(stored, (name, value) => name === 'src' && !value.startsWith('/')),
        html,
      ).toBe(false);
      expect(stored, html).not.toMatch(/javascript|data:|evil/i);
    }
  });

  it('leaves no CSS trick: no style attribute, <style>, <link> or class, however written', () => {
    for (const html of [
      '<p style="position:fixed;top:0;left:0;width:100%;height:100%">cover</p>',
      '<p STYLE="background:url(/x)">x</p>',
      '<style>@import url(https://evil.example/x.css)</style><p>x</p>',
      '<link rel="stylesheet" href="https://evil.example/x.css"><p>x</p>',
      '<p class="MuiBackdrop-root">x</p>',
      '<div style="&#98;ackground:url(javascript:alert(1))">x</div>',
    ]) {
      const stored = toSafeArticleHtml(html);
      expect(stored, html).not.toMatch(/style|class|@import|evil|link/i);
    }
  });

  it('keeps the chat without images: the article list is the chat list plus <img>', () => {
    expect(sanitizeHtml('<img src="/api/v1/files/a/content">x')).toBe('x');
    expect(toSafeArticleHtml('<img src="/api/v1/files/a/content">x')).toBe('<img src="/api/v1/files/a/content">x');
  });

  it('reads a table cell by cell for search and snippets, not as words run together', () => {
    const html = toSafeArticleHtml('<h2>Terms</h2><table><tr><th>Plan</th><th>Payment</th></tr><tr><td>Standard</td><td>30&nbsp;days</td></tr></table>');
    expect(articleTextOf(html)).toBe('Terms Plan Payment Standard 30 days');
  });
});
