/** Server messages of validation rules and onboarding rules (mirrors formRulesApi.en.ts). Top-level key: `formRulesApi` only. */
export default {
  formRulesApi: {
    nameTaken: 'Đã có quy tắc kiểm tra khác mang tên này',
    ruleInUse: 'Quy tắc này đang được dùng bởi các biểu mẫu đã sẵn sàng nên không thể xóa: %{forms}',
    noSourceOnCreation: 'Quy tắc chạy khi tạo đối tác không có biểu mẫu nguồn',
    sameSourceAndTarget: 'Biểu mẫu được giao phải khác biểu mẫu đã nộp',
    unknownDefinition: 'Không có biểu mẫu này',
    duplicateRule: 'Quy tắc tiếp nhận đối tác này đã tồn tại',
    patternTooLarge:
      'Biểu thức này biên dịch thành hơn %{max} lệnh, quá nhiều để kiểm tra câu trả lời nhanh: hãy dùng ít lần lặp có đếm hơn hoặc nhỏ hơn, như {1000}',
    patternTooCostly:
      'Biểu thức này quá lớn để kiểm tra nhanh câu trả lời dài như vậy: hãy đặt độ dài tối đa không quá %{max}, hoặc dùng ít lần lặp có đếm hơn hoặc nhỏ hơn, như {1000}',
  },
};
