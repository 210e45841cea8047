import { eq } from 'drizzle-orm';
import { foldForSearch } from '../../../contract/fold';
import type { HelpAudience } from '../../../contract/helpCenter';
import type { AppContext } from '../../context';
import { partners } from '../partners/partners.schema';
import { toSafeArticleHtml } from './articleHtml';
import { helpArticles, helpCategories } from './helpCenter.schema';
import { recordVersion, setPublication } from './helpArticles.versions';

const CATEGORIES = [
  { nameEn: 'Getting started', nameVi: 'Bắt đầu', position: 1 },
  { nameEn: 'Orders and invoices', nameVi: 'Đơn hàng và hóa đơn', position: 2 },
];

interface DemoArticle {
  slug: string;
  category: number;
  audience: HelpAudience;
  acmeOnly?: boolean;
  en: { title: string; body: string } | null;
  vi: { title: string; body: string } | null;
}

/** One article per audience, one without its Vietnamese translation (SEED=demo). */
const ARTICLES: DemoArticle[] = [
  {
    slug: 'reset-your-password',
    category: 0,
    audience: 'public',
    en: {
      title: 'Reset your password',
      body: '<h2>Forgot it?</h2><ol><li>Open the sign-in page.</li><li>Choose <strong>Forgot password</strong>.</li><li>Follow the link in the mail.</li></ol>',
    },
    vi: {
      title: 'Đặt lại mật khẩu',
      body: '<h2>Quên mật khẩu?</h2><ol><li>Mở trang đăng nhập.</li><li>Chọn <strong>Quên mật khẩu</strong>.</li><li>Làm theo đường dẫn trong thư.</li></ol>',
    },
  },
  {
    slug: 'download-an-invoice',
    category: 1,
    audience: 'partners',
    en: { title: 'Download an invoice', body: '<p>Invoices are under <em>Files</em>. Ask support in a ticket if one is missing.</p>' },
    vi: { title: 'Tải hóa đơn', body: '<p>Hóa đơn nằm trong mục <em>Tệp</em>. Nếu thiếu, hãy gửi phiếu hỗ trợ.</p>' },
  },
  {
    slug: 'acme-shipping-labels',
    category: 1,
    audience: 'chosenPartners',
    acmeOnly: true,
    en: { title: 'Print shipping labels (Acme)', body: '<p>Acme prints labels from the warehouse portal.</p><pre><code>Label size: 100 x 150 mm</code></pre>' },
    vi: { title: 'In nhãn vận chuyển (Acme)', body: '<p>Acme in nhãn từ cổng kho.</p><pre><code>Khổ nhãn: 100 x 150 mm</code></pre>' },
  },
  {
    slug: 'handling-refund-requests',
    category: 1,
    audience: 'staff',
    en: { title: 'Handling refund requests', body: '<p>Staff only: check the invoice, then assign the ticket to accounting.</p>' },
    vi: null,
  },
  {
    slug: 'supported-browsers',
    category: 0,
    audience: 'public',
    en: { title: 'Supported browsers', body: '<p>The portal works in the last two versions of Chrome, Edge, Firefox and Safari.</p>' },
    vi: null,
  },
];

/** Demo categories and published articles, found again by name and slug. */
export async function seedDemoHelpCenter(ctx: AppContext) {
  const { db } = ctx;
  const categoryIds: string[] = [];
  for (const category of CATEGORIES) {
    const [found] = await db.select({ id: helpCategories.id }).from(helpCategories).where(eq(helpCategories.nameEn, category.nameEn));
    const id =
      found?.id ??
      (
        await db
          .insert(helpCategories)
          .values({ ...category, searchText: foldForSearch(`${category.nameEn} ${category.nameVi}`) })
          .returning({ id: helpCategories.id })
      )[0].id;
    categoryIds.push(id);
  }
  const [acme] = await db.select({ id: partners.id }).from(partners).where(eq(partners.name, 'Acme Logistics'));
  for (const article of ARTICLES) {
    const [found] = await db.select({ id: helpArticles.id }).from(helpArticles).where(eq(helpArticles.slug, article.slug));
    if (found || (article.acmeOnly && !acme)) continue;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(helpArticles)
        .values({
          slug: article.slug,
          categoryId: categoryIds[article.category],
          audience: article.audience,
          partnerIds: article.acmeOnly ? [acme.id] : [],
          enTitle: article.en?.title ?? null,
          enBody: article.en ? toSafeArticleHtml(article.en.body) : null,
          viTitle: article.vi?.title ?? null,
          viBody: article.vi ? toSafeArticleHtml(article.vi.body) : null,
          latestVersion: 1,
          searchText: foldForSearch([article.slug.replace(/-/g, ' '), article.en?.title, article.vi?.title].filter(Boolean).join(' ')),
        })
        .returning({ id: helpArticles.id });
      await recordVersion(tx as never, row.id);
      await setPublication(tx as never, row.id, 1);
    });
  }
}
