/** Texts of the builder's conditions (mirrors formConditions.en.ts). Top-level key: `formConditions` only. */
export default {
  formConditions: {
    operators: {
      lt: 'nhỏ hơn',
      lte: 'tối đa là',
      gt: 'lớn hơn',
      gte: 'tối thiểu là',
    },
    group: {
      join: 'Hiện khi',
      and: 'tất cả các điều kiện này đúng',
      or: 'một trong các điều kiện này đúng',
      label: 'Nhóm điều kiện',
      addCondition: 'Thêm điều kiện',
      addGroup: 'Thêm nhóm',
      addAnother: 'Thêm một điều kiện nữa',
      atLimit: 'Tối đa %{count} điều kiện; nhóm nằm trong nhóm khác chỉ chứa điều kiện',
    },
    sentence: {
      shownWhen: 'Hiện khi %{condition}',
      single: '“%{question}” %{operator} %{value}',
      and: 'và',
      or: 'hoặc',
      yes: 'có',
      no: 'không',
      noValue: '…',
    },
  },
};
