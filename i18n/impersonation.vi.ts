/** Mạo danh để hỗ trợ (issue 26, điểm 5). Khóa gốc: chỉ `impersonation`. */
export default {
  impersonation: {
    started: 'Bạn đang đăng nhập với tư cách người dùng này.',
    ended: 'Phiên mạo danh đã kết thúc.',
    expired: 'Phiên mạo danh đã hết thời hạn.',
    withdrawn: 'Phiên mạo danh đã kết thúc: người mạo danh không còn quyền mạo danh.',
    notImpersonating: 'Phiên đăng nhập này không phải là phiên mạo danh.',
    notWhileImpersonating:
      'Không được phép khi đang mạo danh: chỉ chính người dùng mới thay đổi được mật khẩu, xác thực hai lớp, passkey và các phiên đăng nhập.',
    notYourself: 'Bạn không thể mạo danh chính mình.',
    outranked: 'Bạn chỉ có thể mạo danh người dùng có vai trò thấp hơn vai trò của bạn.',
    inactiveUser: 'Chỉ có thể mạo danh người dùng đang hoạt động.',
    partnerRefused: 'Người dùng của đối tác không thể mạo danh bất kỳ ai.',
    partnerRole: 'Quyền này chỉ dành cho nhân viên: không thể cấp cho vai trò mà người dùng của đối tác đang giữ.',
    notification: {
      title: 'Nhân viên hỗ trợ đã đăng nhập với tư cách của bạn',
      message: '%{impersonator} đã đăng nhập với tư cách của bạn đến %{endsAt}. Lý do: %{reason}',
    },
    action: 'Mạo danh',
    dialog: {
      title: 'Mạo danh %{name}',
      intro: 'Bạn sẽ thấy cổng thông tin như người dùng này thấy. Họ sẽ được thông báo, và mọi yêu cầu bạn thực hiện đều được ghi nhật ký kèm tên của cả hai.',
      reason: 'Lý do',
      reasonHelp: 'Vì sao bạn cần thao tác với tư cách người dùng này (họ sẽ thấy lý do)',
      minutes: 'Thời hạn (phút)',
      minutesHelp: 'Tối đa %{max} phút',
      start: 'Bắt đầu mạo danh',
      cancel: 'Hủy',
    },
    banner: {
      label: 'Mạo danh',
      text: '%{impersonator} (hỗ trợ) đang đăng nhập với tư cách %{user}',
      endsAt: 'kết thúc lúc %{time}',
      return: 'Quay lại tài khoản của tôi',
      returning: 'Đang quay lại…',
      timeUp: 'Phiên mạo danh đã hết thời hạn: bạn đã quay lại tài khoản của mình.',
    },
  },
};
