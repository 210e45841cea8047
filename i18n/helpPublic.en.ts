/** The public help center's pages (server-rendered at /help and /vi/help, issue 39 item 6); the rest is under helpCenter.*. */
export default {
  helpPublic: {
    siteName: 'Partner Portal',
    skipToContent: 'Skip to the content',
    signIn: 'Sign in',
    siteNav: 'Site',
    breadcrumbs: 'You are here',
    description: 'Answers to common questions about Partner Portal, in English and Vietnamese.',
    searchButton: 'Search',
    searchTitle: 'Search',
    hitCount: 'Articles found: %{count}',
    hitsShown: 'The first %{shown} are shown: add words to narrow the search.',
    otherArticles: 'Other articles',
    updated: 'Updated %{date}',
    notFoundTitle: 'Article not found',
    table: 'Table',
    footer: 'Partners and staff sign in to read every article meant for them and to ask support.',
  },
};
