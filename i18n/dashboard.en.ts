/** Home's dashboards for partners and staff. Top-level key: `dashboard` only. */
export default {
  dashboard: {
    title: 'Home',
  },
};
