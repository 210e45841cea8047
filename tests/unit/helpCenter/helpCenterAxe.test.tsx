import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EntityTableScreen } from '../../../src/entityTable/EntityTableScreen';
import helpArticleTable from '../../../src/resources/helpArticles/helpArticleTable';
import { seriousAxeFindings } from '../axeFindings';
import { renderInAdmin } from '../entityTable/renderEntityTable';
import { LOAD } from '../renderWithRouter';
import { signInAs } from '../sessionFixtures';
import { renderHelp } from './renderHelp';

/** Issue 39: the help center's new screens have no serious or critical axe finding, in both languages. */
describe.each(['en', 'vi'] as const)('the help center in %s', (language) => {
  it('the Help page with results and categories', async () => {
    signInAs('partner');
    const { container } = renderHelp('/help-center', { language });
    await screen.findAllByTestId('help-snippet', {}, LOAD);
    expect(await seriousAxeFindings(container)).toEqual([]);
  });

  it('an article with its notice, other-language link and the feedback form open', async () => {
    signInAs('partner');
    const user = userEvent.setup();
    const { container } = renderHelp('/help-center/reset-your-password', { language });
    await screen.findByTestId('help-article', {}, LOAD);
    await user.click(screen.getAllByRole('button', { pressed: false })[0]);
    expect(await seriousAxeFindings(container)).toEqual([]);
  });

  it('the article form with its editor', async () => {
    signInAs('admin');
    renderInAdmin(<EntityTableScreen resource={helpArticleTable} basePath="/help-articles" />, {
      url: '/help-articles/0a000000-0000-4000-8000-000000000001',
      path: '/help-articles/:id?',
      language,
    });
    const dialog = await screen.findByTestId('entity-form-dialog', {}, LOAD);
    await within(dialog).findByTestId(`help-article-preview-en`);
    expect(await seriousAxeFindings(dialog)).toEqual([]);
  });
});
