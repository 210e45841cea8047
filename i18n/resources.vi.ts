/** Vietnamese texts of the declared resources; the same keys as resources.en.ts. */
export default {
  resources: {
    agreements: {
      name: 'thỏa thuận |||| thỏa thuận',
      title: 'Thỏa thuận',
      description: 'Các văn bản người dùng của đối tác chấp nhận, như điều khoản đối tác hay NDA. Công bố phiên bản mới sẽ yêu cầu họ chấp nhận lại.',
      empty: 'Chưa có thỏa thuận nào',
      fields: { nameEn: 'Tên (tiếng Anh)', nameVi: 'Tên (tiếng Việt)' },
    },
    'help-categories': {
      name: 'danh mục trợ giúp |||| danh mục trợ giúp',
      title: 'Danh mục trợ giúp',
      description: 'Các danh mục của trung tâm trợ giúp, đặt tên bằng tiếng Anh và tiếng Việt, theo thứ tự người đọc thấy.',
      empty: 'Chưa có danh mục trợ giúp nào',
      fields: { nameEn: 'Tên (tiếng Anh)', nameVi: 'Tên (tiếng Việt)', position: 'Vị trí' },
    },
    countries: {
      name: 'quốc gia |||| quốc gia',
      title: 'Quốc gia',
      description: 'Các quốc gia nơi đối tác đặt trụ sở. Không thể xóa một quốc gia mà đối tác đang chọn.',
      empty: 'Chưa có quốc gia nào',
      codeTaken: 'Một quốc gia khác đã dùng mã này',
      fields: { code: 'Mã', name: 'Tên', region: 'Khu vực', partnerCount: 'Số đối tác' },
      values: { region: { Asia: 'Châu Á', Europe: 'Châu Âu', Americas: 'Châu Mỹ', Africa: 'Châu Phi', Oceania: 'Châu Đại Dương' } },
    },
    'canned-responses': {
      name: 'câu trả lời mẫu |||| câu trả lời mẫu',
      description: 'Các câu trả lời nhân viên chèn vào cuộc trò chuyện của phiếu bằng cách gõ /: dùng chung cho mọi nhân viên, hoặc của riêng mình.',
      empty: 'Chưa có câu trả lời mẫu nào',
      fields: { title: 'Tiêu đề', body: 'Nội dung', language: 'Ngôn ngữ', shared: 'Dùng chung cho mọi nhân viên' },
      values: { language: { en: 'Tiếng Anh', vi: 'Tiếng Việt' } },
    },
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
