/** SAML sign-in (issue 37): why an identity provider's answer was refused, in Vietnamese. */
export default {
  ssoSaml: {
    providerIncomplete: 'Đăng nhập một lần của tổ chức bạn chưa được thiết lập đầy đủ: hãy hỏi quản trị viên của bạn',
    flowExpired: 'Lần đăng nhập này đã quá lâu hoặc đã được dùng: hãy bắt đầu lại',
    expired: 'Phản hồi đăng nhập từ tổ chức của bạn đã hết hạn: hãy bắt đầu lại (và kiểm tra đồng hồ máy tính nếu lỗi này lặp lại)',
    replayed: 'Phản hồi đăng nhập này đã được dùng: hãy bắt đầu lại',
    responseRefused: 'Không thể tin cậy phản hồi đăng nhập từ tổ chức của bạn: hãy bắt đầu lại, hoặc nhờ quản trị viên kiểm tra cấu hình SAML',
    idpRefused: 'Tổ chức của bạn đã không cho bạn đăng nhập: hãy bắt đầu lại, hoặc hỏi quản trị viên của bạn',
    noEmail: 'Đăng nhập từ tổ chức của bạn không cho biết địa chỉ email: hãy nhờ quản trị viên gửi kèm (NameID hoặc thuộc tính mail)',
  },
};
