/** The staff screens of /accessible-files: requests, file manager, grants, access log. Top-level key: `fileManager` only. */
export default {
  fileManager: {
    title: 'File access',
  },
};
