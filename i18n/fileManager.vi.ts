/** Các màn hình nhân viên của /accessible-files. Khóa gốc: chỉ `fileManager`. */
export default {
  fileManager: {
    title: 'Truy cập tệp',
  },
};
