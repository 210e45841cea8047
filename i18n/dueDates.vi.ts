/** Hạn nộp của biểu mẫu đối tác (issue 24). Top-level key: `dueDates` only. */
export default {
  dueDates: {
    label: 'Hạn nộp',
    assignHelp: 'Không bắt buộc. Đối tác sẽ được nhắc trước và sau hạn này.',
    dueOn: 'Hạn nộp %{date}',
    overdue: 'Quá hạn: hạn nộp là %{date}',
    overdueShort: 'Quá hạn · %{date}',
    none: 'Không có hạn nộp',
    column: 'Hạn nộp',
    filterOverdue: 'Quá hạn',
    filterAll: 'Mọi hạn nộp',
    filterNotOverdue: 'Chưa quá hạn',
    ruleDays: 'Hạn nộp sau (ngày)',
    ruleDaysHelp: 'Không bắt buộc: biểu mẫu phải nộp trong số ngày này kể từ khi được giao (1 đến %{max}).',
    ruleDaysText: 'hạn nộp %{smart_count} ngày sau khi giao',
  },
};
