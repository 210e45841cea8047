import { describe, expect, it } from 'vitest';
import type { HelpArticleDto, HelpArticleVersionDto } from '../../contract/helpCenter';
import { expectEnvelope } from './expectations';
import { useDemoServer } from './factories';
import { helpArticleFactory } from './helpCenterFixtures';

const demo = useDemoServer();
const { server, token } = demo;
const articles = helpArticleFactory(demo);

describe('help articles as staff write them', () => {
  it('makes a version for each save, with who saved it, and publishes the working copy as it is', async () => {
    const article = await articles.make({ en: { title: 'Reset your password', body: '<p>First</p>' } });
    expect(article).toMatchObject({
      status: 'draft',
      latestVersion: 1,
      publishedVersion: null,
      en: { title: 'Reset your password', body: '<p>First</p>' },
      vi: null,
    });

    const support = token('support@example.com');
    const saved = await server.api<HelpArticleDto>('PUT', `/api/v1/help-articles/${article.id}`, {
      token: support,
      headers: { 'if-match': `"${article.version}"` },
      body: {
        slug: article.slug,
        audience: 'public',
        en: { title: 'Reset your password', body: '<p>Second</p>' },
        vi: { title: 'Đặt lại mật khẩu', body: '<p>Hai</p>' },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ latestVersion: 2, vi: { title: 'Đặt lại mật khẩu' } });

    const published = await articles.publish(saved.body.data!);
    expect(published).toMatchObject({ status: 'published', publishedVersion: 2, latestVersion: 2 });
    expect(published.publishedAt).toBeTruthy();

    const versions = await server.api<HelpArticleVersionDto[]>('GET', `/api/v1/help-articles/${article.id}/versions`, { token: support });
    expect(versions.body.data!.map((v) => [v.number, v.editedByName, v.publishedAt !== null])).toEqual([
      [2, 'Sam Support', true],
      [1, 'Ada Admin', false],
    ]);
    expect(versions.body.data![0].en).toEqual({ title: 'Reset your password', body: '' });
    const first = await server.api<HelpArticleVersionDto>('GET', `/api/v1/help-articles/${article.id}/versions/1`, { token: support });
    expect(first.body.data).toMatchObject({ number: 1, en: { title: 'Reset your password', body: '<p>First</p>' }, vi: null });
    expectEnvelope(await server.api('GET', `/api/v1/help-articles/${article.id}/versions/9`, { token: support }), 404);
    expectEnvelope(await server.api('GET', `/api/v1/help-articles/${article.id}/versions/x1`, { token: support }), 404);

    const unpublished = await server.api<HelpArticleDto>('POST', `/api/v1/help-articles/${article.id}/unpublish`, { token: articles.admin() });
    expect(unpublished.body.data).toMatchObject({ status: 'draft', publishedVersion: null, latestVersion: 2 });
  });

  it('refuses the second of two saves made from the same version (412 with the record as it is now)', async () => {
    const article = await articles.make();
    const save = (title: string, who: string) =>
      server.api<HelpArticleDto>('PUT', `/api/v1/help-articles/${article.id}`, {
        token: token(who),
        headers: { 'if-match': `"${article.version}"` },
        body: { slug: article.slug, audience: 'public', en: { title, body: '' } },
      });
    expect((await save('First admin', 'admin@example.com')).status).toBe(200);
    const second = await save('Second admin', 'support@example.com');
    expect(second.status).toBe(412);
    expect((second.body.data as unknown as HelpArticleDto).en?.title).toBe('First admin');
  });

  it('refuses a taken slug, a missing category or partner, and a chosen-partners article without partners, changing nothing', async () => {
    const article = await articles.make();
    const admin = articles.admin();
    const create = (body: object) =>
      server.api('POST', '/api/v1/help-articles', { token: admin, body: { slug: 'fresh-slug-x', audience: 'public', en: { title: 'T', body: '' }, ...body } });
    expect((await create({ slug: article.slug })).body.errors).toEqual([{ field: 'slug', message: 'Another article has this address' }]);
    expect((await create({ slug: 'Not A Slug' })).status).toBe(400);
    expect((await create({ categoryId: '00000000-0000-4000-8000-000000000000' })).body.errors?.[0].field).toBe('categoryId');
    expect((await create({ audience: 'chosenPartners', partnerIds: ['00000000-0000-4000-8000-000000000000'] })).body.errors?.[0].field).toBe('partnerIds[0]');
    expect((await create({ audience: 'chosenPartners', partnerIds: [] })).status).toBe(400);
    expect((await create({ en: null, vi: null })).status).toBe(400);
    const listed = await server.api<{ totalCount: number }>('POST', '/api/v1/help-articles/search', { token: admin, body: { keyword: 'fresh-slug-x' } });
    expect(listed.body.data!.totalCount).toBe(0);
  });

  it('keeps staff routes from partners and publishing from Support (Configure)', async () => {
    const article = await articles.make();
    const partner = token('partner.admin@acme.example');
    expect((await server.api('POST', '/api/v1/help-articles/search', { token: partner, body: {} })).status).toBe(403);
    expect((await server.api('GET', `/api/v1/help-articles/${article.id}`, { token: partner })).status).toBe(403);
    expect((await server.api('GET', '/api/v1/help-center/insights', { token: partner })).status).toBe(403);
    expect((await server.api('POST', `/api/v1/help-articles/${article.id}/publish`, { token: token('support@example.com') })).status).toBe(403);
    expect((await server.api('POST', `/api/v1/help-articles/${article.id}/publish`)).status).toBe(401);
  });
});
