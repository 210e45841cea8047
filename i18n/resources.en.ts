/**
 * Texts of the declared resources (contract/resources/), under react-admin's own `resources.<name>` keys, so stock
 * components label their fields too. Vietnamese mirrors every key in resources.vi.ts.
 */
export default {
  resources: {
    agreements: {
      name: 'agreement |||| agreements',
      title: 'Agreements',
      description: "Documents partners' users accept, such as the partner terms or an NDA. Publishing a new version asks them to accept again.",
      empty: 'No agreements yet',
      fields: { nameEn: 'Name (English)', nameVi: 'Name (Vietnamese)' },
    },
    'help-categories': {
      name: 'help category |||| help categories',
      title: 'Help categories',
      description: "The help center's categories, named in English and Vietnamese, in the order readers see them.",
      empty: 'No help categories yet',
      fields: { nameEn: 'Name (English)', nameVi: 'Name (Vietnamese)', position: 'Position' },
    },
    countries: {
      name: 'country |||| countries',
      title: 'Countries',
      description: 'The countries partners are based in. A country that a partner names cannot be deleted.',
      empty: 'No countries yet',
      codeTaken: 'Another country has this code',
      fields: { code: 'Code', name: 'Name', region: 'Region', partnerCount: 'Partners' },
      values: { region: { Asia: 'Asia', Europe: 'Europe', Americas: 'Americas', Africa: 'Africa', Oceania: 'Oceania' } },
    },
    'canned-responses': {
      name: 'canned response |||| canned responses',
      description: "Replies staff insert in a ticket's chat by typing /: shared with every staff member, or one's own.",
      empty: 'No canned responses yet',
      fields: { title: 'Title', body: 'Text', language: 'Language', shared: 'Shared with all staff' },
      values: { language: { en: 'English', vi: 'Vietnamese' } },
    },
    'partner-contacts': {
      name: 'contact |||| contacts',
      title: 'Partner contacts',
      description: 'The people to talk to at each partner: how to reach them and what they handle.',
      empty: 'No contacts yet',
      fields: { name: 'Name', email: 'Email', phone: 'Phone', role: 'Role', partnerId: 'Partner' },
      values: { role: { Primary: 'Primary contact', Billing: 'Billing', Technical: 'Technical', Legal: 'Legal', Other: 'Other' } },
    },
  },
};
