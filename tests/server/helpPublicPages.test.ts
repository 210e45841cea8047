import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import type { HelpArticleDto, HelpArticleViewDto } from '../../contract/helpCenter';
import { helpArticleVersions } from '../../server/modules/helpCenter/helpCenter.schema';
import { useDemoServer } from './factories';
import { helpArticleFactory, wordOf } from './helpCenterFixtures';

const demo = useDemoServer();
const { server, token, partnerIds } = demo;
const articles = helpArticleFactory(demo);

/** A public page as a browser without scripts gets it: status, headers, and its parsed document (jsdom runs no script). */
async function page(path: string, init: RequestInit = {}) {
  const response = await fetch(server.url + path, init);
  const text = await response.text();
  const document = new JSDOM(text).window.document;
  return { status: response.status, headers: response.headers, text, document };
}

type Page = Awaited<ReturnType<typeof page>>;
const origin = () => server.config.publicUrl;
const hrefOf = (doc: Document, selector: string) => doc.querySelector(selector)?.getAttribute('href') ?? null;
const alternates = (doc: Document) =>
  Object.fromEntries([...doc.querySelectorAll('link[rel="alternate"]')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
const linkedSlugs = (doc: Document, root: string) =>
  [...doc.querySelectorAll('main a')].map((a) => a.getAttribute('href') ?? '').filter((href) => href.startsWith(`${root}/`));

/** What every public page has: one h1, the landmarks, a skip link to main, a sign-in link, no script. */
function expectProperPage({ document: doc, headers }: Page, language: 'en' | 'vi') {
  expect(doc.documentElement.lang).toBe(language);
  expect(doc.querySelectorAll('h1')).toHaveLength(1);
  for (const landmark of ['header', 'nav', 'main', 'footer']) expect(doc.querySelector(landmark), landmark).not.toBeNull();
  const skip = doc.querySelector('body > a');
  expect(skip?.getAttribute('href')).toBe('#main');
  expect(doc.getElementById('main')?.tagName).toBe('MAIN');
  expect(hrefOf(doc, 'header a[href="/sign-in"]')).toBe('/sign-in');
  expect(doc.querySelectorAll('script')).toHaveLength(0);
  expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(headers.get('cache-control')).toBe('no-cache');
}

describe('the public help center, server-rendered', () => {
  it('lists the public articles by category in English and Vietnamese, with titles, canonical and language links', async () => {
    const word = wordOf();
    const categoryId = await articles.category(`Accounts ${word}`, `Tài khoản ${word}`);
    const both = await articles.published({
      categoryId,
      en: { title: `Reset your password ${word}`, body: '<p>Open the sign-in page.</p>' },
      vi: { title: `Đặt lại mật khẩu ${word}`, body: '<p>Mở trang đăng nhập.</p>' },
    });
    const englishOnly = await articles.published({ categoryId, en: { title: `English only ${word}`, body: '<p>Text</p>' } });

    const en = await page('/help');
    expect(en.status).toBe(200);
    expectProperPage(en, 'en');
    expect(en.document.title).toBe('Help center | Partner Portal');
    expect(en.document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/common questions/);
    expect(hrefOf(en.document, 'link[rel="canonical"]')).toBe(`${origin()}/help`);
    expect(alternates(en.document)).toEqual({ en: `${origin()}/help`, vi: `${origin()}/vi/help`, 'x-default': `${origin()}/help` });
    expect(en.document.querySelector('header a[hreflang="vi"]')?.textContent).toBe('Đọc bằng tiếng Việt');
    expect(en.document.querySelector('form[role="search"] input[name="q"]')).not.toBeNull();
    const section = en.document.getElementById(`category-${categoryId}`)!;
    expect(section.querySelector('h2')?.textContent).toBe(`Accounts ${word}`);
    expect([...section.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [`English only ${word}`, `/help/${englishOnly.slug}`],
      [`Reset your password ${word}`, `/help/${both.slug}`],
    ]);

    const vi = await page('/vi/help');
    expectProperPage(vi, 'vi');
    expect(vi.document.title).toBe('Trung tâm trợ giúp | Partner Portal');
    expect(hrefOf(vi.document, 'link[rel="canonical"]')).toBe(`${origin()}/vi/help`);
    const viSection = vi.document.getElementById(`category-${categoryId}`)!;
    expect(viSection.querySelector('h2')?.textContent).toBe(`Tài khoản ${word}`);
    const viLinks = [...viSection.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('lang')]);
    // A title not yet translated is shown in the other language, marked as such for screen readers.
    expect(viLinks).toContainEqual([`Đặt lại mật khẩu ${word}`, `/vi/help/${both.slug}`, null]);
    expect(viLinks).toContainEqual([`English only ${word}`, `/vi/help/${englishOnly.slug}`, 'en']);
  });

  it('shows an article with its title, description, canonical, hreflang per translation and breadcrumbs to its category', async () => {
    const word = wordOf();
    const categoryId = await articles.category(`Billing ${word}`, `Thanh toán ${word}`);
    const article = await articles.published({
      categoryId,
      en: { title: `Pay an invoice ${word}`, body: '<h1>Steps</h1><p>Choose the invoice, then pay it by card.</p>' },
      vi: { title: `Thanh toán hóa đơn ${word}`, body: '<p>Chọn hóa đơn, rồi thanh toán bằng thẻ.</p>' },
    });

    const en = await page(`/help/${article.slug}`);
    expect(en.status).toBe(200);
    expectProperPage(en, 'en');
    expect(en.document.title).toBe(`Pay an invoice ${word} | Help center | Partner Portal`);
    expect(en.document.querySelector('h1')?.textContent).toBe(`Pay an invoice ${word}`);
    // The body's own h1 is one level under the page's.
    expect(en.document.querySelector('article h2')?.textContent).toBe('Steps');
    expect(en.document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Steps Choose the invoice, then pay it by card.');
    expect(hrefOf(en.document, 'link[rel="canonical"]')).toBe(`${origin()}/help/${article.slug}`);
    expect(alternates(en.document)).toEqual({
      en: `${origin()}/help/${article.slug}`,
      vi: `${origin()}/vi/help/${article.slug}`,
      'x-default': `${origin()}/help/${article.slug}`,
    });
    const crumbs = [...en.document.querySelectorAll('nav.crumbs a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(crumbs).toEqual([
      ['Help center', '/help'],
      [`Billing ${word}`, `/help#category-${categoryId}`],
    ]);
    expect(hrefOf(en.document, `main a[hreflang="vi"]`)).toBe(`/vi/help/${article.slug}`);

    const vi = await page(`/vi/help/${article.slug}`);
    expectProperPage(vi, 'vi');
    expect(vi.document.title).toBe(`Thanh toán hóa đơn ${word} | Trung tâm trợ giúp | Partner Portal`);
    expect(vi.document.querySelector('.notice')).toBeNull();
    expect(hrefOf(vi.document, 'link[rel="canonical"]')).toBe(`${origin()}/vi/help/${article.slug}`);
    expect([...vi.document.querySelectorAll('nav.crumbs a')].map((a) => a.textContent)).toEqual(['Trung tâm trợ giúp', `Thanh toán ${word}`]);
    expect(vi.document.querySelector('main a[hreflang="en"]')?.textContent).toBe('Read in English');
  });

  it('says a translation is missing, shows the other language marked as such, and names it canonical', async () => {
    const article = await articles.published({ en: { title: 'Only in English', body: '<p>English text</p>' } });
    const vi = await page(`/vi/help/${article.slug}`);
    expect(vi.status).toBe(200);
    expectProperPage(vi, 'vi');
    expect(vi.document.querySelector('.notice')?.textContent).toBe('Bài viết này chưa được dịch; đang hiển thị bằng tiếng Anh.');
    expect(vi.document.querySelector('article')?.getAttribute('lang')).toBe('en');
    expect(vi.document.querySelector('h1')?.textContent).toBe('Only in English');
    expect(vi.document.title).toBe('Only in English | Trung tâm trợ giúp | Partner Portal');
    expect(hrefOf(vi.document, 'link[rel="canonical"]')).toBe(`${origin()}/help/${article.slug}`);
    expect(alternates(vi.document)).toEqual({ en: `${origin()}/help/${article.slug}`, 'x-default': `${origin()}/help/${article.slug}` });
  });

  it('shows public published articles only: every other audience, a draft and an unpublished article are the 404 page', async () => {
    const word = wordOf();
    const titled = { en: { title: `Audience ${word}`, body: `<p>${word}</p>` } };
    const readable = await articles.published({ ...titled, audience: 'public' });
    const hidden: Record<string, HelpArticleDto> = {
      partners: await articles.published({ ...titled, audience: 'partners' }),
      chosenPartners: await articles.published({ ...titled, audience: 'chosenPartners', partnerIds: [partnerIds['Acme Logistics']] }),
      staff: await articles.published({ ...titled, audience: 'staff' }),
      draft: await articles.make({ ...titled, audience: 'public' }),
    };
    const unpublished = await articles.published({ ...titled, audience: 'public' });
    await server.api('POST', `/api/v1/help-articles/${unpublished.id}/unpublish`, { token: articles.admin() });
    hidden.unpublished = unpublished;

    for (const root of ['/help', '/vi/help']) {
      const home = await page(root);
      expect(linkedSlugs(home.document, root)).toContain(`${root}/${readable.slug}`);
      const searched = await page(`${root}?q=${word}`);
      expect(linkedSlugs(searched.document, root)).toEqual([`${root}/${readable.slug}`]);
      expect((await page(`${root}/${readable.slug}`)).status).toBe(200);
      for (const [name, article] of Object.entries(hidden)) {
        expect(linkedSlugs(home.document, root), name).not.toContain(`${root}/${article.slug}`);
        const opened = await page(`${root}/${article.slug}`);
        expect(opened.status, `${root} ${name}`).toBe(404);
        expect(opened.text).not.toContain(word);
      }
    }
    // A signed-in partner's token changes nothing: the pages are the visitors'.
    const asPartner = await page(`/help/${hidden.partners.slug}`, { headers: { authorization: `Bearer ${token('partner@acme.example')}` } });
    expect(asPartner.status).toBe(404);
  });

  it('answers odd addresses with the 404 page in the address language, never a 500 or a stack', async () => {
    const odd = [
      'no-such-article',
      '%00',
      'a%00b',
      '%ED%A0%80',
      '%F0%9F',
      'x'.repeat(10 * 1024),
      '__proto__',
      'toString',
      'constructor',
      'a/b',
      '..%2F..%2Fpackage.json',
      'A-B',
    ];
    for (const [root, language, title] of [
      ['/help', 'en', 'Article not found | Help center | Partner Portal'],
      ['/vi/help', 'vi', 'Không tìm thấy bài viết | Trung tâm trợ giúp | Partner Portal'],
    ] as const) {
      for (const slug of odd) {
        const answer = await page(`${root}/${slug}`);
        expect(answer.status, `${root}/${slug.slice(0, 20)}`).toBe(404);
        expectProperPage(answer, language);
        expect(answer.document.title).toBe(title);
        expect(answer.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
        expect(answer.text).not.toMatch(/\bat .+:\d+:\d+|Error:/);
      }
    }
  });

  it('searches with ranked hits whose snippets keep only <mark>, finds Vietnamese typed without marks, and takes a huge q', async () => {
    const word = wordOf();
    const inTitle = await articles.published({
      en: { title: `Export ${word} <b>reports</b>`, body: '<p>Open Reports.</p>' },
      vi: { title: `Xuất báo cáo ${word}`, body: '<p>Mở mục Báo cáo rồi chọn Xuất dữ liệu.</p>' },
    });
    const inBody = await articles.published({ en: { title: 'Another article', body: `<p>Use &lt;script&gt;alert(1)&lt;/script&gt; then ${word} it.</p>` } });

    const en = await page(`/help?q=${word}`);
    expect(en.status).toBe(200);
    expectProperPage(en, 'en');
    expect(en.document.title).toBe(`Results for “${word}” | Help center | Partner Portal`);
    expect(en.document.querySelector('input[name="q"]')?.getAttribute('value')).toBe(word);
    const hits = [...en.document.querySelectorAll('ol.hits > li')];
    expect(hits.map((hit) => hit.querySelector('a')?.getAttribute('href'))).toEqual([`/help/${inTitle.slug}`, `/help/${inBody.slug}`]);
    expect(hits[0].querySelector('a')?.textContent).toBe(`Export ${word} <b>reports</b>`);
    expect(hits[0].querySelector('b')).toBeNull();
    const snippet = hits[1].querySelector('p')!;
    expect(snippet.textContent).toContain(`Use <script>alert(1)</script> then ${word} it.`);
    expect([...snippet.querySelectorAll('*')].map((element) => [element.tagName, element.textContent])).toEqual([['MARK', word]]);

    const vi = await page(`/vi/help?q=${encodeURIComponent(`bao cao ${word}`)}`);
    expectProperPage(vi, 'vi');
    const viHits = [...vi.document.querySelectorAll('ol.hits > li')];
    expect(viHits.map((hit) => hit.querySelector('a')?.getAttribute('href'))).toEqual([`/vi/help/${inTitle.slug}`]);
    expect(viHits[0].querySelector('a')?.textContent).toBe(`Xuất báo cáo ${word}`);
    expect([...viHits[0].querySelectorAll('mark')].map((mark) => mark.textContent)).toContain('Báo');

    const nothing = await page(`/help?q=${wordOf()}`);
    expect(nothing.status).toBe(200);
    expect(nothing.document.querySelector('[role="status"]')?.textContent).toBe('Nothing found. Try other words, or write to support.');
    for (const q of ['x'.repeat(10 * 1024), `${word} `.repeat(800), '%ED%A0%80', '!!!', '<script>alert(1)</script>']) {
      const answer = await page(`/help?q=${encodeURIComponent(q)}`);
      expect(answer.status, q.slice(0, 20)).toBe(200);
      expectProperPage(answer, 'en');
      expect(answer.document.querySelector('input[name="q"]')?.getAttribute('value')?.length).toBeLessThanOrEqual(200);
    }
  });

  it('answers HEAD with the headers of GET, and a copy the reader has with 304', async () => {
    const article = await articles.published();
    for (const path of ['/help', `/vi/help/${article.slug}`]) {
      const get = await fetch(server.url + path);
      const head = await fetch(server.url + path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      for (const name of ['content-type', 'cache-control', 'etag', 'content-security-policy']) expect(head.headers.get(name), name).toBe(get.headers.get(name));
      // The page depends on its address alone: no Vary on cookies, languages or tokens.
      expect(get.headers.get('vary')).toBeNull();
      const again = await fetch(server.url + path, { headers: { 'if-none-match': get.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
    expect((await fetch(`${server.url}/help/no-such-article`, { method: 'HEAD' })).status).toBe(404);
  });
});

/** What must not survive in an article: script, handlers, `javascript:` (plain and entity-encoded), styles and CSS tricks. */
const HOSTILE_BODY = [
  '<p>Before</p>',
  '<script>window.hacked = 1</script>',
  '<img src="/x.png" onerror="window.hacked = 2">',
  '<a href="javascript:alert(1)">plain</a>',
  '<a href="&#106;avascript:alert(2)">decimal</a>',
  '<a href="&#x6A;&#x61;vascript&colon;alert(3)">hex</a>',
  '<a href="java&#x09;script:alert(4)">tab</a>',
  '<p style="position:fixed;inset:0;background:url(javascript:alert(5))" onmouseover="alert(6)">styled</p>',
  '<style>body { display: none }</style>',
  '<div class="skip" id="main">classed</div>',
  '<svg onload="alert(7)"><circle></circle></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<form action="https://evil.example"><input name="password"></form>',
  '<p>After</p>',
].join('');

/** Nothing active in an element's subtree: no script, style, frame or form element; no handler, style, class or id attribute; no javascript: URL. */
function activeThingsIn(root: Element) {
  const found: string[] = [];
  for (const element of [root, ...root.querySelectorAll('*')]) {
    if (['SCRIPT', 'STYLE', 'IFRAME', 'SVG', 'FORM', 'INPUT', 'OBJECT', 'EMBED'].includes(element.tagName.toUpperCase())) found.push(element.tagName);
    for (const { name, value } of element.attributes) {
      const below = element !== root;
      if (/^on/i.test(name) || name === 'style' || (below && (name === 'class' || name === 'id'))) found.push(`${element.tagName}[${name}]`);
      // eslint-disable-next-line no-control-regex -- browsers drop these characters from a URL before reading its scheme
      if (/^\s*javascript:/i.test(value.replace(/[\u0000-\u001f]/g, ''))) found.push(`${element.tagName}[${name}=${value}]`);
    }
  }
  return found;
}

describe('hostile article bodies', () => {
  it('are neutral in the staff API, the readers API and the page', async () => {
    const article = await articles.published({ en: { title: 'Hostile', body: HOSTILE_BODY } });
    const stored = await server.api<HelpArticleDto>('GET', `/api/v1/help-articles/${article.id}`, { token: articles.admin() });
    const read = await server.api<HelpArticleViewDto>('GET', `/api/v1/help/articles/${article.slug}`);
    for (const body of [stored.body.data!.en!.body, read.body.data!.body]) {
      const fragment = JSDOM.fragment(`<div>${body}</div>`).firstElementChild!;
      expect(activeThingsIn(fragment)).toEqual([]);
      expect(body).toContain('<p>Before</p>');
      expect(body).toContain('<p>After</p>');
    }

    const shown = await page(`/help/${article.slug}`);
    expect(shown.status).toBe(200);
    expectProperPage(shown, 'en');
    expect(activeThingsIn(shown.document.querySelector('article .article-body')!)).toEqual([]);
    expect(shown.document.querySelectorAll('style')).toHaveLength(1);
    expect(shown.document.querySelectorAll('#main')).toHaveLength(1);
    expect(shown.document.querySelector('article')?.textContent).toContain('Before');
  });

  it('are sanitised again on the page, whatever the database holds', async () => {
    const article = await articles.published({ en: { title: 'Tampered', body: '<p>Clean</p>' } });
    // As if the stored version had been written around the API (an old row, a restore, a bug): the page must not trust it.
    await server.built.database.db.update(helpArticleVersions).set({ enBody: HOSTILE_BODY }).where(eq(helpArticleVersions.articleId, article.id));
    const shown = await page(`/help/${article.slug}`);
    expect(shown.status).toBe(200);
    expect(activeThingsIn(shown.document.querySelector('article .article-body')!)).toEqual([]);
    expect(shown.document.querySelectorAll('script, iframe, article form')).toHaveLength(0);
    expect(shown.document.querySelector('article')?.textContent).toContain('After');
  });
});
