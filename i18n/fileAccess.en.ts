/** The partner's files (/accessible-files) and the file page (/file-request/view). Top-level key: `fileAccess` only. */
export default {
  fileAccess: {
    title: 'My files',
  },
};
