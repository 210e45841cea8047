/** Các trang trợ giúp công khai (máy chủ dựng sẵn ở /help và /vi/help, issue 39 mục 6); phần còn lại ở helpCenter.*. */
export default {
  helpPublic: {
    siteName: 'Partner Portal',
    skipToContent: 'Chuyển đến nội dung',
    signIn: 'Đăng nhập',
    siteNav: 'Điều hướng trang',
    breadcrumbs: 'Bạn đang ở đây',
    description: 'Giải đáp các câu hỏi thường gặp về Partner Portal, bằng tiếng Anh và tiếng Việt.',
    searchButton: 'Tìm kiếm',
    searchTitle: 'Tìm kiếm',
    hitCount: 'Số bài viết tìm thấy: %{count}',
    hitsShown: 'Đang hiển thị %{shown} bài đầu tiên: hãy thêm từ để thu hẹp tìm kiếm.',
    otherArticles: 'Bài viết khác',
    updated: 'Cập nhật %{date}',
    notFoundTitle: 'Không tìm thấy bài viết',
    table: 'Bảng',
    footer: 'Đối tác và nhân viên đăng nhập để đọc mọi bài viết dành cho họ và gửi yêu cầu hỗ trợ.',
  },
};
