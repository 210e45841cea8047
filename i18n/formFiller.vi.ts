/** Texts of a partner's forms list and the section filler (mirrors formFiller.en.ts). Top-level key: `formFiller` only. */
export default {
  formFiller: {
    question: {
      yes: 'Có',
      no: 'Không',
      choose: 'Chọn…',
      comment: 'Nhận xét của nhân viên',
      chooseFile: 'Chọn tệp',
      replaceFile: 'Thay tệp',
      addFiles: 'Thêm tệp',
      removeFile: 'Xóa %{name}',
      fileLimits: 'Một tệp, tối đa %{size} MB: %{types}',
      filesLimits: 'Tối đa %{max} tệp, mỗi tệp tối đa %{size} MB: %{types}',
      uploading: 'Đang tải lên %{name}: %{percent}%',
      uploadFailed: 'Không tải lên được %{name}. Vui lòng thử lại.',
      uploadInForm: 'Đối tác tải tệp lên tại đây.',
    },
  },
};
