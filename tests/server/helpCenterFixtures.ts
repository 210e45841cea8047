import { randomBytes } from 'node:crypto';
import { afterEach } from 'vitest';
import type { HelpArticleDto, HelpArticleInput } from '../../contract/helpCenter';
import { unique, type useDemoServer } from './factories';

type Demo = ReturnType<typeof useDemoServer>;

/** Help-center articles made through the staff API by admin@example.com, deleted after each test. */
export function helpArticleFactory(demo: Demo) {
  const made: string[] = [];
  const categories: string[] = [];
  const admin = () => demo.token('admin@example.com');
  afterEach(async () => {
    for (const id of made.splice(0)) await demo.server.api('DELETE', `/api/v1/help-articles/${id}`, { token: admin() });
    for (const id of categories.splice(0)) await demo.server.api('DELETE', `/api/v1/help-categories/${id}`, { token: admin() });
  });

  async function category(nameEn: string, nameVi = nameEn, position = 1) {
    const answer = await demo.server.api<{ id: string }>('POST', '/api/v1/help-categories', { token: admin(), body: { nameEn, nameVi, position } });
    if (answer.status !== 201) throw new Error(`the category was refused: ${answer.text}`);
    categories.push(answer.body.data!.id);
    return answer.body.data!.id;
  }

  async function make(input: Partial<HelpArticleInput> = {}) {
    const tag = unique('help');
    const body: HelpArticleInput = {
      slug: tag
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
      categoryId: null,
      audience: 'public',
      partnerIds: [],
      en: { title: `Article ${tag}`, body: `<p>About ${tag}</p>` },
      vi: null,
      ...input,
    };
    const answer = await demo.server.api<HelpArticleDto>('POST', '/api/v1/help-articles', { token: admin(), body });
    if (answer.status !== 201) throw new Error(`the article was refused: ${answer.text}`);
    made.push(answer.body.data!.id);
    return answer.body.data!;
  }

  async function publish(article: HelpArticleDto, token = admin()) {
    const answer = await demo.server.api<HelpArticleDto>('POST', `/api/v1/help-articles/${article.id}/publish`, { token });
    if (answer.status !== 200) throw new Error(`the article was not published: ${answer.text}`);
    return answer.body.data!;
  }

  /** An article made and published at once. */
  const published = async (input: Partial<HelpArticleInput> = {}) => publish(await make(input));

  return { make, publish, published, category, admin };
}

/** A word no other article has (letters only: search reads letters and digits): what a test searches for. */
export const wordOf = () =>
  `zq${randomBytes(5)
    .toString('hex')
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`;
