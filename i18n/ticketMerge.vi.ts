/** Gộp yêu cầu hỗ trợ và đánh giá (issue 25, mục 7 và 8). */
export default {
  ticketMerge: {
    intoItself: 'Không thể gộp một yêu cầu vào chính nó',
    targetNotFound: 'Không có yêu cầu nào của cùng đối tác có mã này',
    sourceMerged: 'Yêu cầu này đã được gộp vào yêu cầu khác; nó vẫn đóng',
    targetMerged: 'Yêu cầu đó đã được gộp vào yêu cầu khác: hãy gộp vào yêu cầu kia',
    targetClosed: 'Yêu cầu đó đã đóng: hãy mở lại trước, hoặc chọn yêu cầu khác',
    merged: 'Đã gộp yêu cầu',
    notifications: {
      merged: { title: 'Đã gộp yêu cầu', message: 'Yêu cầu #%{source} đã được gộp vào yêu cầu #%{target} "%{subject}"' },
    },
    line: 'Yêu cầu #%{number} “%{subject}” đã được gộp vào yêu cầu này',
    notice: 'Yêu cầu #%{number} đã được gộp vào yêu cầu này',
    action: 'Gộp vào…',
    dialog: {
      title: 'Gộp yêu cầu #%{number} vào yêu cầu khác',
      intro: 'Tin nhắn, ghi chú nội bộ và tệp của nó chuyển sang yêu cầu bạn chọn; yêu cầu này sẽ đóng và dẫn sang đó. Đối tác sẽ được báo.',
      search: 'Tìm yêu cầu của %{partner} theo mã hoặc tiêu đề',
      results: 'Các yêu cầu có thể gộp vào',
      noResults: 'Không có yêu cầu đang mở nào khác của đối tác này khớp.',
      selected: 'Vào #%{number} “%{subject}”',
      confirm: 'Gộp',
      cancel: 'Hủy',
    },
  },
  ticketRatings: {
    staffCannotRate: 'Chỉ người dùng của đối tác sở hữu yêu cầu mới đánh giá được',
    notResolved: 'Chỉ đánh giá được khi bộ phận hỗ trợ đã giải quyết yêu cầu',
    alreadyRated: 'Yêu cầu này đã được đánh giá',
    rated: 'Cảm ơn bạn đã đánh giá',
    score: '%{score} trên 5',
    star: '1 sao |||| %{smart_count} sao',
    card: {
      title: 'Chúng tôi hỗ trợ thế nào?',
      intro: 'Đánh giá cách yêu cầu này được xử lý. Bạn chỉ đánh giá được một lần.',
      scoreLabel: 'Đánh giá của bạn',
      comment: 'Nhận xét (không bắt buộc)',
      submit: 'Gửi đánh giá',
      chooseScore: 'Chọn từ 1 đến 5 sao',
    },
    shown: {
      title: 'Đánh giá của đối tác',
      by: '%{name} đánh giá, %{date}',
    },
    home: {
      title: 'Mức độ hài lòng',
      average: '%{average} / 5',
      count: '1 đánh giá trong %{days} ngày qua |||| %{smart_count} đánh giá trong %{days} ngày qua',
      none: 'Không có đánh giá nào trong %{days} ngày qua',
    },
  },
};
