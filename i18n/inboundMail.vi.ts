/** Trả lời yêu cầu hỗ trợ qua thư (issue 38): điều người gửi một thư bị từ chối được báo. */
export default {
  inboundMail: {
    bounce: {
      subject: 'Thư trả lời của bạn chưa được thêm: %{subject}',
      body: 'Xin chào,\n\nThư "%{subject}" của bạn chưa được thêm vào yêu cầu hỗ trợ: %{reason}\n\nBạn có thể viết trong cuộc trò chuyện của yêu cầu trên cổng thông tin: %{link}\n\nĐây là thư tự động; trả lời thư này sẽ không đến được ai.',
    },
    reasons: {
      expired: 'địa chỉ bạn trả lời đã hết hạn.',
      notRecipient: 'thư không đến từ một địa chỉ được phép trả lời yêu cầu này.',
      notAllowed: 'tài khoản của bạn không được phép viết trong yêu cầu này.',
      closed: 'yêu cầu đã đóng.',
      empty: 'thư không có nội dung và không có tệp.',
      file: 'một tệp bị từ chối (%{problem}).',
      note: 'chỉ nhân viên mới được để lại ghi chú nội bộ.',
    },
  },
};
