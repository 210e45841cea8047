import raVi from './ra.vi';
import adminVi from './admin.vi';
import appVi from './app.vi';
import ticketsVi from './tickets.vi';
import validationVi from './validation.vi';

/** The complete Vietnamese catalogue; the i18n provider layers it over English, the fallback. */
export default { ...raVi, ...appVi, ...adminVi, ...ticketsVi, ...validationVi };
