import raEnglish from 'ra-language-english';
import adminEn from './admin.en';
import appEn from './app.en';
import ticketsEn from './tickets.en';
import validationEn from './validation.en';

/** The complete English catalogue: react-admin's ra.*, the app's app.* and the schemas' validation.*. */
export default { ...raEnglish, ...appEn, ...adminEn, ...ticketsEn, ...validationEn };
