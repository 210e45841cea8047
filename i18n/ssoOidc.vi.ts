/** Đăng nhập qua nhà cung cấp OpenID Connect (issue 37): lý do câu trả lời của nhà cung cấp bị từ chối. Khóa gốc: `ssoOidc`. */
export default {
  ssoOidc: {
    notConfigured: 'Đăng nhập OpenID Connect của tổ chức này chưa được thiết lập đầy đủ (thiếu issuer hoặc client id): hãy liên hệ nhân viên cổng thông tin',
    providerUnreachable: 'Không kết nối được với nhà cung cấp danh tính của bạn: hãy thử lại sau giây lát',
    flowInvalid: 'Lượt đăng nhập này đã hết hạn hoặc đã được dùng: hãy bắt đầu lại từ trang đăng nhập',
    providerRefused: 'Nhà cung cấp danh tính của bạn không đăng nhập cho bạn (đã hủy, hoặc không được phép dùng cổng thông tin này)',
    answerRefused: 'Không xác minh được câu trả lời của nhà cung cấp danh tính: hãy bắt đầu lại, và báo quản trị viên nếu lỗi tiếp diễn',
    emailMissing: 'Nhà cung cấp danh tính của bạn không cung cấp địa chỉ email: hãy nhờ quản trị viên cho phép trả về claim email',
    emailUnverified: 'Nhà cung cấp danh tính của bạn cho biết địa chỉ email của bạn chưa được xác minh',
  },
};
