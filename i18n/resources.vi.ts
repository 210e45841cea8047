/** Vietnamese texts of the declared resources; the same keys as resources.en.ts. */
export default {
  resources: {
    'partner-contacts': {
      name: 'liên hệ |||| liên hệ',
      title: 'Liên hệ của đối tác',
      description: 'Những người cần liên hệ ở mỗi đối tác: cách liên lạc và việc họ phụ trách.',
      empty: 'Chưa có liên hệ nào',
      fields: { name: 'Họ tên', email: 'Email', phone: 'Điện thoại', role: 'Vai trò', partnerId: 'Đối tác' },
      values: { role: { Primary: 'Liên hệ chính', Billing: 'Thanh toán', Technical: 'Kỹ thuật', Legal: 'Pháp lý', Other: 'Khác' } },
    },
  },
};
