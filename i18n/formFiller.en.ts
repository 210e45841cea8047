/** Texts of a partner's forms list and the section filler. Top-level key: `formFiller` only. */
export default {
  formFiller: {
    question: {
      yes: 'Yes',
      no: 'No',
      choose: 'Choose…',
      comment: 'Comment from staff',
      chooseFile: 'Choose a file',
      replaceFile: 'Replace the file',
      addFiles: 'Add files',
      removeFile: 'Remove %{name}',
      fileLimits: 'One file, at most %{size} MB: %{types}',
      filesLimits: 'Up to %{max} files, at most %{size} MB each: %{types}',
      uploading: 'Uploading %{name}: %{percent}%',
      uploadFailed: '%{name} could not be uploaded. Try again.',
      uploadInForm: 'Partners upload their files here.',
    },
  },
};
