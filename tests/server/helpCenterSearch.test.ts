import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { HelpArticleHitDto, HelpInsightsDto } from '../../contract/helpCenter';
import { useDemoServer } from './factories';
import { helpArticleFactory, wordOf } from './helpCenterFixtures';

const demo = useDemoServer();
const { server, token } = demo;
const articles = helpArticleFactory(demo);

const search = (q: string, lang = 'en', as: { token?: string } = {}) =>
  server.api<PagedResult<HelpArticleHitDto>>('GET', `/api/v1/help/articles?q=${encodeURIComponent(q)}&lang=${lang}`, as);

describe('searching the help center', () => {
  it('finds Vietnamese words typed without their marks, and shows the hit in the language that matched', async () => {
    const word = wordOf();
    const article = await articles.published({
      en: { title: `Printing labels ${word}`, body: '<p>Open the printer settings.</p>' },
      vi: { title: `In nhãn hàng ${word}`, body: '<p>Hướng dẫn đặt lại mật khẩu của máy in.</p>' },
    });
    const hits = (await search(`huong dan dat lai ${word}`, 'en')).body.data!;
    expect(hits.items.map((hit) => [hit.slug, hit.language])).toEqual([[article.slug, 'vi']]);
    expect(hits.items[0].snippet).toBe('<mark>Hướng</mark> <mark>dẫn</mark> <mark>đặt</mark> <mark>lại</mark> mật khẩu của máy in.');
    // Marks typed find the same; a prefix finds a word as it is being typed.
    expect((await search(`Hướng dẫn ${word}`, 'vi')).body.data!.totalCount).toBe(1);
    expect((await search(`print ${word.slice(0, 6)}`, 'en')).body.data!.items[0]).toMatchObject({ slug: article.slug, language: 'en' });
  });

  it('ranks a title match above a body match, and escapes the snippet around the <mark>s', async () => {
    const word = wordOf();
    const inBody = await articles.published({ en: { title: `Other ${wordOf()}`, body: `<p>Use &lt;b&gt; &amp; "quotes" with ${word} here</p>` } });
    const inTitle = await articles.published({ en: { title: `All about ${word}`, body: '<p>Nothing else</p>' } });
    const hits = (await search(word)).body.data!.items;
    expect(hits.map((hit) => hit.slug)).toEqual([inTitle.slug, inBody.slug]);
    expect(hits[0].rank).toBeGreaterThan(hits[1].rank);
    expect(hits[1].snippet).toBe(`Use &lt;b&gt; &amp; &quot;quotes&quot; with <mark>${word}</mark> here`);
  });

  it('suggests the best three for a ticket draft and counts what found nothing for staff', async () => {
    const word = wordOf();
    for (let i = 0; i < 4; i++) await articles.published({ en: { title: `Draft ${word} ${i}`, body: `<p>${'more '.repeat(i)}${word}</p>` } });
    const partner = token('partner@acme.example');
    const suggested = await server.api<HelpArticleHitDto[]>('POST', '/api/v1/help/suggestions', {
      token: partner,
      body: { subject: `Problem with ${word}`, description: 'It stopped working yesterday' },
    });
    expect(suggested.body.data!).toHaveLength(3);

    const missing = wordOf();
    await search(`Nothing ${missing}`, 'vi', { token: partner });
    await search(`nothing   ${missing.toUpperCase()}`, 'vi');
    const none = await server.api<HelpArticleHitDto[]>('POST', '/api/v1/help/suggestions', {
      token: partner,
      body: { subject: `Subject ${missing}`, lang: 'en' },
    });
    expect(none.body.data).toEqual([]);
    const insights = (await server.api<HelpInsightsDto>('GET', '/api/v1/help-center/insights', { token: token('support@example.com') })).body.data!;
    expect(insights.unanswered.filter((u) => u.query.includes(missing)).map((u) => [u.query, u.language, u.count])).toEqual(
      expect.arrayContaining([
        [`nothing ${missing}`, 'vi', 2],
        [`subject ${missing}`, 'en', 1],
      ]),
    );
  });

  it('suggests from whole words of a draft, and from the start of the word still being typed at the end of a field', async () => {
    const word = wordOf();
    const article = await articles.published({ en: { title: `Customs ${word}`, body: '<p>Declarations</p>' } });
    const partner = token('partner@acme.example');
    const suggest = async (subject: string, description = '') =>
      (await server.api<HelpArticleHitDto[]>('POST', '/api/v1/help/suggestions', { token: partner, body: { subject, description, lang: 'en' } })).body
        .data!.map((hit) => hit.slug)
        .includes(article.slug);
    const start = word.slice(0, 7);
    expect(await suggest(start)).toBe(true);
    expect(await suggest('', `Help with ${start}`)).toBe(true);
    expect(await suggest(`${start} please`)).toBe(false);
    expect(await suggest(`${start}.`)).toBe(false);
    expect(await suggest(`${word} please`)).toBe(true);
  });

  it('counts feedback per article and language with its comments, and deflections, on the insights', async () => {
    const article = await articles.published({ en: { title: `Feedback ${wordOf()}`, body: '' }, vi: { title: 'Phản hồi', body: '' } });
    const partner = token('partner@acme.example');
    const rate = (helpful: boolean, language: string, comment = '') =>
      server.api('POST', `/api/v1/help/articles/${article.slug}/feedback`, { token: partner, body: { helpful, language, comment } });
    expect((await rate(true, 'en')).status).toBe(201);
    expect((await rate(false, 'en', 'Step 3 is missing')).status).toBe(201);
    expect((await rate(true, 'vi')).status).toBe(201);
    expect((await rate(true, 'fr')).status).toBe(400);
    const before = (await server.api<HelpInsightsDto>('GET', '/api/v1/help-center/insights', { token: articles.admin() })).body.data!;
    await server.api('POST', '/api/v1/help/deflections', { token: partner, body: { articleId: article.id, query: 'labels' } });
    const insights = (await server.api<HelpInsightsDto>('GET', '/api/v1/help-center/insights', { token: articles.admin() })).body.data!;
    const mine = insights.feedback.filter((f) => f.articleId === article.id).map((f) => [f.language, f.yes, f.no, f.comments.map((c) => c.text)]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ['en', 1, 1, ['Step 3 is missing']],
        ['vi', 1, 0, []],
      ]),
    );
    expect(insights.deflectedTotal).toBe(before.deflectedTotal + 1);
    expect(insights.deflectedLast30Days).toBe(before.deflectedLast30Days + 1);
    const staffView = await server.api<{ helpfulYes: number; helpfulNo: number }>('GET', `/api/v1/help-articles/${article.id}`, { token: articles.admin() });
    expect(staffView.body.data).toMatchObject({ helpfulYes: 2, helpfulNo: 1 });
  });

  it('answers odd and huge queries with a 4xx or an empty page, never a 500', async () => {
    const odd = ['&:*|!()\'"\\', '\u0000', 'x'.repeat(201), '__proto__', 'a:* & b', '   ', '\ufffe\u200b'];
    for (const q of odd) expect((await search(q)).status, JSON.stringify(q)).toBeLessThan(500);
    expect((await server.api('GET', '/api/v1/help/articles?__proto__[x]=1&constructor=2')).status).toBeLessThan(500);
    expect((await server.api('GET', '/api/v1/help/articles?q=%ED%A0%80%00')).status).toBeLessThan(500);
    expect((await server.api('GET', '/api/v1/help/articles?q=a&q=b')).status).toBe(400);
    expect((await server.api('GET', '/api/v1/help/articles?perPage=100000&page=-1')).status).toBe(400);
    expect((await server.api('GET', '/api/v1/help/articles?lang=fr')).status).toBe(400);
    const big = await server.api('POST', '/api/v1/help/suggestions', { body: { subject: 'word '.repeat(400), description: 'é'.repeat(2000) } });
    expect(big.status).toBe(200);
    expect((await server.api('POST', '/api/v1/help/suggestions', { body: { subject: 'x'.repeat(3000) } })).status).toBe(400);
    expect((await server.api('POST', '/api/v1/help/suggestions', { body: '[]', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});
