import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { HelpArticleDto, HelpArticleHitDto, HelpArticleViewDto, HelpCategoryDto } from '../../contract/helpCenter';
import { accessOf, mayHear } from '../../server/hub/audience';
import { audienceOfChange } from '../../server/hub/resourceAudiences';
import { useDemoServer } from './factories';
import { helpArticleFactory, wordOf } from './helpCenterFixtures';

const demo = useDemoServer();
const { server, token, partnerIds } = demo;
const articles = helpArticleFactory(demo);

/** One article per audience, published, and a draft, each with the word in its title; in a new category. */
async function articlesFor(word: string) {
  const categoryId = await articles.category(`Cat ${word}`, `Mục ${word}`);
  const titled = (audience: string) => ({ en: { title: `${audience} ${word}`, body: `<p>How to ${word} for ${audience}</p>` }, categoryId });
  const made = {
    public: await articles.published({ ...titled('public'), audience: 'public' }),
    partners: await articles.published({ ...titled('partners'), audience: 'partners' }),
    acme: await articles.published({ ...titled('acme'), audience: 'chosenPartners', partnerIds: [partnerIds['Acme Logistics']] }),
    staff: await articles.published({ ...titled('staff'), audience: 'staff' }),
    draft: await articles.make({ ...titled('draft'), audience: 'public' }),
  };
  return { made, categoryId };
}

type Made = Awaited<ReturnType<typeof articlesFor>>['made'];
const READERS = {
  visitor: { token: undefined, reads: ['public'] },
  globex: { token: 'partner@globex.example', reads: ['public', 'partners'] },
  acme: { token: 'partner@acme.example', reads: ['public', 'partners', 'acme'] },
  staff: { token: 'support@example.com', reads: ['public', 'partners', 'acme', 'staff'] },
} as const;

const slugsOf = (made: Made, names: readonly string[]) => names.map((name) => made[name as keyof Made].slug).sort();
const namesOf = (made: Made, slugs: string[]) =>
  slugs.map((slug) => Object.entries(made).find(([, a]) => (a as HelpArticleDto).slug === slug)?.[0] ?? slug).sort();

describe('what each reader of the help center reaches', () => {
  it('lists, searches, suggests and opens exactly what is published for the reader, and answers 404 for the rest', async () => {
    const word = wordOf();
    const { made, categoryId } = await articlesFor(word);
    for (const [reader, { token: email, reads }] of Object.entries(READERS)) {
      const as = email ? { token: token(email) } : {};
      const listed = await server.api<PagedResult<HelpArticleHitDto>>('GET', `/api/v1/help/articles?q=${word}&perPage=50`, as);
      expect(
        namesOf(
          made,
          listed.body.data!.items.map((hit) => hit.slug),
        ),
        reader,
      ).toEqual([...reads].sort());
      expect(listed.body.data!.totalCount, reader).toBe(reads.length);

      const inCategory = await server.api<PagedResult<HelpArticleHitDto>>('GET', `/api/v1/help/articles?categoryId=${categoryId}&perPage=50`, as);
      expect(
        namesOf(
          made,
          inCategory.body.data!.items.map((hit) => hit.slug),
        ),
        reader,
      ).toEqual([...reads].sort());

      const suggested = await server.api<HelpArticleHitDto[]>('POST', '/api/v1/help/suggestions', {
        ...as,
        body: { subject: `cannot ${word}`, description: '' },
      });
      expect(suggested.body.data!.length, reader).toBe(Math.min(3, reads.length));
      for (const hit of suggested.body.data!) expect(slugsOf(made, reads), reader).toContain(hit.slug);

      for (const name of Object.keys(made) as (keyof Made)[]) {
        const opened = await server.api<HelpArticleViewDto>('GET', `/api/v1/help/articles/${made[name].slug}`, as);
        expect(opened.status, `${reader} opening ${name}`).toBe((reads as readonly string[]).includes(name) ? 200 : 404);
        const feedback = await server.api('POST', `/api/v1/help/articles/${made[name].slug}/feedback`, { ...as, body: { helpful: true, language: 'en' } });
        expect(feedback.status, `${reader} rating ${name}`).toBe((reads as readonly string[]).includes(name) ? 201 : 404);
      }

      const categories = await server.api<HelpCategoryDto[]>('GET', '/api/v1/help/categories', as);
      expect(
        categories.body.data!.some((c) => c.id === categoryId),
        reader,
      ).toBe(true);
    }
  });

  it("shows Globex no category holding only Acme's article, and refuses a deflection by an article the user may not read", async () => {
    const word = wordOf();
    const categoryId = await articles.category(`Only ${word}`, `Chỉ ${word}`, 2);
    const acmeOnly = await articles.published({
      categoryId,
      audience: 'chosenPartners',
      partnerIds: [partnerIds['Acme Logistics']],
      en: { title: `Acme ${word}`, body: '' },
    });
    const globex = token('partner@globex.example');
    const categories = await server.api<HelpCategoryDto[]>('GET', '/api/v1/help/categories', { token: globex });
    expect(categories.body.data!.map((c) => c.id)).not.toContain(categoryId);
    const deflect = (who: string) => server.api('POST', '/api/v1/help/deflections', { token: token(who), body: { articleId: acmeOnly.id, query: word } });
    expect((await deflect('partner@globex.example')).status).toBe(404);
    expect((await deflect('partner@acme.example')).status).toBe(201);
    expect((await server.api('POST', '/api/v1/help/deflections', { body: { articleId: acmeOnly.id } })).status).toBe(401);
  });

  it('takes an unpublished article away from every reader at once', async () => {
    const article = await articles.published({ audience: 'public' });
    expect((await server.api('GET', `/api/v1/help/articles/${article.slug}`)).status).toBe(200);
    await server.api('POST', `/api/v1/help-articles/${article.id}/unpublish`, { token: articles.admin() });
    expect((await server.api('GET', `/api/v1/help/articles/${article.slug}`)).status).toBe(404);
    expect((await server.api('GET', `/api/v1/help/articles/${article.slug}`, { token: token('support@example.com') })).status).toBe(404);
  });

  it("sends a change of an article to staff who may read articles, never to a partner's users", () => {
    const change = audienceOfChange({ type: 'ResourceChanged', resource: 'help-articles', id: '00000000-0000-4000-8000-000000000000', action: 'updated' })!;
    const partner = accessOf({ partnerId: partnerIds['Acme Logistics'], permissions: new Set(['Permissions.HelpArticles.View', 'Permissions.Tickets.View']) });
    const staff = accessOf({ partnerId: null, permissions: new Set(['Permissions.HelpArticles.View']) });
    expect(mayHear(partner, change.audience)).toBe(false);
    expect(mayHear(staff, change.audience)).toBe(true);
  });
});

describe('the demo help center', () => {
  it('has one article per audience and one without Vietnamese, each read by whom its audience says', async () => {
    const open = (slug: string, who?: string, lang = 'vi') =>
      server.api<HelpArticleViewDto>('GET', `/api/v1/help/articles/${slug}?lang=${lang}`, who ? { token: token(who) } : {});
    expect((await open('reset-your-password')).body.data).toMatchObject({ language: 'vi', title: 'Đặt lại mật khẩu', translationMissing: false });
    expect((await open('supported-browsers')).body.data).toMatchObject({ language: 'en', translationMissing: true, languages: ['en'] });
    expect((await open('download-an-invoice')).status).toBe(404);
    expect((await open('download-an-invoice', 'partner@globex.example')).status).toBe(200);
    expect((await open('acme-shipping-labels', 'partner@globex.example')).status).toBe(404);
    expect((await open('acme-shipping-labels', 'partner@acme.example')).status).toBe(200);
    expect((await open('handling-refund-requests', 'partner@acme.example')).status).toBe(404);
    expect((await open('handling-refund-requests', 'support@example.com')).status).toBe(200);
  });
});
