/** Đăng nhập một lần qua nhà cung cấp danh tính của tổ chức (issue 37): câu trả lời của máy chủ. */
export default {
  sso: {
    saved: 'Đã lưu cài đặt đăng nhập',
    roleNotGivable: 'Không thể cấp vai trò này qua đăng nhập một lần',
    domainPublic: 'Không thể nhận tên miền của nhà cung cấp thư công cộng',
    domainTaken: 'Tên miền này đã được nhận',
    emailInvalid: 'Nhà cung cấp danh tính của bạn không cung cấp địa chỉ email dùng được',
    domainNotVerified: 'Tên miền email của bạn chưa được xác minh cho đăng nhập của tổ chức này',
    otherOrganisation: 'Một tài khoản dùng email này thuộc về tổ chức khác: hãy nhờ nhân viên cổng hỗ trợ',
    accountInactive: 'Tài khoản của bạn đã bị vô hiệu hóa: hãy liên hệ quản trị viên',
    codeInvalid: 'Liên kết đăng nhập này đã hết hạn hoặc đã được dùng: hãy đăng nhập lại',
    providerUnknown: 'Nhà cung cấp đăng nhập này không khả dụng',
    required: 'Tổ chức của bạn đăng nhập bằng nhà cung cấp danh tính riêng: hãy tiếp tục với nhà cung cấp đó',
    refused: 'Nhà cung cấp danh tính không xác nhận việc đăng nhập: hãy thử lại',
    signIn: {
      subtitle: 'Nhập email để tiếp tục với tổ chức của bạn.',
      continueWith: 'Tiếp tục với %{name}',
      offered: 'Tổ chức của bạn đăng nhập bằng %{name}. Bạn vẫn có thể dùng mật khẩu bên dưới.',
      requiredNotice: 'Tổ chức của bạn đăng nhập bằng %{name}: hãy tiếp tục với nhà cung cấp đó để đăng nhập.',
    },
    complete: {
      signingIn: 'Đang hoàn tất đăng nhập…',
      failedTitle: 'Chưa đăng nhập được',
      failed: 'Không thể hoàn tất đăng nhập: hãy đăng nhập lại',
      secondFactorTitle: 'Thêm một bước nữa',
    },
  },
};
