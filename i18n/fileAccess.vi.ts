/** Tệp của đối tác (/accessible-files) và trang mở tệp (/file-request/view). Khóa gốc: chỉ `fileAccess`. */
export default {
  fileAccess: {
    title: 'Tệp của tôi',
  },
};
