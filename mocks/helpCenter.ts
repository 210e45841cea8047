import { http } from 'msw';
import type {
  HelpArticleDto,
  HelpArticleHitDto,
  HelpArticleVersionDto,
  HelpArticleViewDto,
  HelpCategoryDto,
  HelpInsightsDto,
  HelpLanguage,
  HelpTranslation,
} from '../contract/helpCenter';
import { created, failed, ok } from './envelopes';

const STAMP = '2025-01-01T00:00:00.000Z';
const EDITOR = { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Admin' };

export const HELP_CATEGORIES: HelpCategoryDto[] = [
  { id: '0e000000-0000-4000-8000-000000000001', nameEn: 'Billing', nameVi: 'Thanh toán', position: 1 },
  { id: '0e000000-0000-4000-8000-000000000002', nameEn: 'Your account', nameVi: 'Tài khoản', position: 2 },
];

export function helpArticle(id: string, fields: Partial<HelpArticleDto> = {}): HelpArticleDto {
  return {
    id,
    slug: `article-${id.slice(-2)}`,
    categoryId: null,
    audience: 'partners',
    partnerIds: [],
    status: 'draft',
    en: null,
    vi: null,
    publishedVersion: null,
    publishedAt: null,
    latestVersion: 1,
    helpfulYes: 0,
    helpfulNo: 0,
    createdAt: STAMP,
    updatedAt: STAMP,
    updatedBy: EDITOR.id,
    version: '1',
    ...fields,
  };
}

const seedArticles = (): HelpArticleDto[] => [
  helpArticle('0a000000-0000-4000-8000-000000000001', {
    slug: 'reset-your-password',
    categoryId: HELP_CATEGORIES[1].id,
    status: 'published',
    publishedVersion: 2,
    publishedAt: STAMP,
    latestVersion: 2,
    en: { title: 'Reset your password', body: '<p>Open <strong>Profile</strong> and choose Change password.</p>' },
    vi: { title: 'Đặt lại mật khẩu', body: '<p>Mở <strong>Hồ sơ</strong> và chọn Đổi mật khẩu.</p>' },
  }),
  helpArticle('0a000000-0000-4000-8000-000000000002', {
    slug: 'pay-an-invoice',
    categoryId: HELP_CATEGORIES[0].id,
    status: 'published',
    publishedVersion: 1,
    publishedAt: STAMP,
    en: { title: 'Pay an invoice', body: '<p>Invoices are paid by bank transfer within 30 days.</p>' },
  }),
];

const seedVersions = (): HelpArticleVersionDto[] => [
  {
    articleId: '0a000000-0000-4000-8000-000000000001',
    number: 1,
    en: { title: 'Reset a password', body: '<p>Open Settings and choose Change password.</p>' },
    vi: null,
    publishedAt: null,
    editedBy: EDITOR.id,
    editedByName: EDITOR.name,
    editedAt: '2025-01-01T08:00:00.000Z',
  },
  {
    articleId: '0a000000-0000-4000-8000-000000000001',
    number: 2,
    en: { title: 'Reset your password', body: '<p>Open <strong>Profile</strong> and choose Change password.</p>' },
    vi: { title: 'Đặt lại mật khẩu', body: '<p>Mở <strong>Hồ sơ</strong> và chọn Đổi mật khẩu.</p>' },
    publishedAt: STAMP,
    editedBy: EDITOR.id,
    editedByName: EDITOR.name,
    editedAt: '2025-01-02T08:00:00.000Z',
  },
];

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const plain = (html: string) => html.replace(/<[^>]*>/g, '');
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The translation a reader gets: the one asked for, or the other one. */
function shownIn(article: HelpArticleDto, lang: HelpLanguage): { language: HelpLanguage; text: HelpTranslation } | null {
  const other: HelpLanguage = lang === 'en' ? 'vi' : 'en';
  if (article[lang]) return { language: lang, text: article[lang] };
  return article[other] ? { language: other, text: article[other] } : null;
}

/** A hit as the server makes it: the matched words of the body in <mark>, everything else escaped. */
function hitOf(article: HelpArticleDto, lang: HelpLanguage, query: string[]): HelpArticleHitDto {
  const shown = shownIn(article, lang)!;
  const snippet = escapeText(plain(shown.text.body)).replace(/[\p{L}\p{N}]+/gu, (word) => (query.includes(word.toLowerCase()) ? `<mark>${word}</mark>` : word));
  return { id: article.id, slug: article.slug, language: shown.language, title: shown.text.title, snippet, rank: 1 };
}

const matches = (article: HelpArticleDto, query: string[]) =>
  query.some((word) => (['en', 'vi'] as const).some((l) => words(`${article[l]?.title ?? ''} ${plain(article[l]?.body ?? '')}`).includes(word)));

/** What the mock help center holds and was sent; tests read it and `reset()` it between cases. */
export const helpCenterMock = {
  articles: seedArticles(),
  versions: seedVersions(),
  categories: HELP_CATEGORIES,
  writes: [] as { method: string; path: string; body: unknown }[],
  /** Each reader search and suggestion asked, in order (what was typed reaches the server once typing pauses). */
  searches: [] as string[],
  insights: noInsights(),
  reset() {
    this.articles = seedArticles();
    this.versions = seedVersions();
    this.categories = HELP_CATEGORIES;
    this.writes = [];
    this.searches = [];
    this.insights = noInsights();
  },
};

function noInsights(): HelpInsightsDto {
  return { deflectedLast30Days: 0, deflectedTotal: 0, unanswered: [], feedback: [] };
}

const published = () => helpCenterMock.articles.filter((a) => a.status === 'published');

async function recorded(request: Request) {
  const body = request.headers.get('content-type')?.includes('json') ? await request.clone().json() : undefined;
  helpCenterMock.writes.push({ method: request.method, path: new URL(request.url).pathname, body });
  return body as Record<string, unknown>;
}

export const helpCenterHandlers = [
  // Staff: the declared resource and its extra routes.
  http.post('/api/v1/help-articles/search', async ({ request }) => {
    const body = (await request.json()) as { ids?: string[]; keyword?: string };
    const keyword = body.keyword?.toLowerCase() ?? '';
    const items = helpCenterMock.articles.filter(
      (a) => (!body.ids || body.ids.includes(a.id)) && `${a.slug} ${a.en?.title ?? ''} ${a.vi?.title ?? ''}`.toLowerCase().includes(keyword),
    );
    return ok({ items, totalCount: items.length, currentPage: 1, pageSize: Math.max(items.length, 1) });
  }),
  http.get('/api/v1/help-articles/:id/versions', ({ params }) =>
    ok(
      helpCenterMock.versions
        .filter((v) => v.articleId === params.id)
        .sort((a, b) => b.number - a.number)
        .map((v) => ({ ...v, en: v.en && { title: v.en.title, body: '' }, vi: v.vi && { title: v.vi.title, body: '' } })),
    ),
  ),
  http.get('/api/v1/help-articles/:id/versions/:number', ({ params }) => {
    const version = helpCenterMock.versions.find((v) => v.articleId === params.id && v.number === Number(params.number));
    return version ? ok(version) : failed(404, 'Not found');
  }),
  http.get('/api/v1/help-articles/:id', ({ params }) => {
    const article = helpCenterMock.articles.find((a) => a.id === params.id);
    return article ? ok(article) : failed(404, 'Not found');
  }),
  http.post('/api/v1/help-articles', async ({ request }) => {
    const body = await recorded(request);
    const article = helpArticle(
      `0a000000-0000-4000-8000-0000000001${String(helpCenterMock.articles.length).padStart(2, '0')}`,
      body as Partial<HelpArticleDto>,
    );
    helpCenterMock.articles.push(article);
    return created(article, 'Help article created');
  }),
  http.patch('/api/v1/help-articles/:id', async ({ request, params }) => {
    const body = await recorded(request);
    const index = helpCenterMock.articles.findIndex((a) => a.id === params.id);
    if (index < 0) return failed(404, 'Not found');
    const current = helpCenterMock.articles[index];
    helpCenterMock.articles[index] = { ...current, ...(body as Partial<HelpArticleDto>), version: String(Number(current.version) + 1) };
    return ok(helpCenterMock.articles[index]);
  }),
  ...(['publish', 'unpublish'] as const).map((action) =>
    http.post(`/api/v1/help-articles/:id/${action}`, async ({ request, params }) => {
      await recorded(request);
      const article = helpCenterMock.articles.find((a) => a.id === params.id);
      if (!article) return failed(404, 'Not found');
      article.status = action === 'publish' ? 'published' : 'draft';
      return ok(article);
    }),
  ),
  http.get('/api/v1/help-center/insights', () => ok(helpCenterMock.insights)),
  http.post('/api/v1/help-categories/search', async ({ request }) => {
    const body = (await request.json()) as { ids?: string[] };
    const items = helpCenterMock.categories.filter((c) => !body.ids || body.ids.includes(c.id));
    return ok({ items, totalCount: items.length, currentPage: 1, pageSize: Math.max(items.length, 1) });
  }),

  // Readers: what is published for them.
  http.get('/api/v1/help/categories', () => ok(helpCenterMock.categories)),
  http.get('/api/v1/help/articles', ({ request }) => {
    const url = new URL(request.url);
    const q = url.searchParams.get('q') ?? '';
    const lang = (url.searchParams.get('lang') ?? 'en') as HelpLanguage;
    const categoryId = url.searchParams.get('categoryId');
    helpCenterMock.searches.push(q);
    const query = words(q);
    const items = published()
      .filter((a) => (!categoryId || a.categoryId === categoryId) && (!query.length || matches(a, query)))
      .map((a) => hitOf(a, lang, query));
    return ok({ items, totalCount: items.length, currentPage: 1, pageSize: 10 });
  }),
  http.get('/api/v1/help/articles/:slug', ({ request, params }) => {
    const lang = (new URL(request.url).searchParams.get('lang') ?? 'en') as HelpLanguage;
    const article = published().find((a) => a.slug === params.slug);
    const shown = article && shownIn(article, lang);
    if (!article || !shown) return failed(404, 'Not found');
    const view: HelpArticleViewDto = {
      id: article.id,
      slug: article.slug,
      categoryId: article.categoryId,
      language: shown.language,
      translationMissing: shown.language !== lang,
      languages: (['en', 'vi'] as const).filter((l) => article[l]),
      title: shown.text.title,
      body: shown.text.body,
      publishedAt: article.publishedAt ?? STAMP,
    };
    return ok(view);
  }),
  http.post('/api/v1/help/articles/:slug/feedback', async ({ request }) => {
    await recorded(request);
    return created(null, '');
  }),
  http.post('/api/v1/help/suggestions', async ({ request }) => {
    const body = await recorded(request);
    const text = `${String(body.subject ?? '')} ${String(body.description ?? '')}`;
    helpCenterMock.searches.push(text.trim());
    const query = words(text);
    return ok(
      published()
        .filter((a) => query.length && matches(a, query))
        .slice(0, 3)
        .map((a) => hitOf(a, (body.lang as HelpLanguage) ?? 'en', query)),
    );
  }),
  http.post('/api/v1/help/deflections', async ({ request }) => {
    await recorded(request);
    return created(null, '');
  }),
];
