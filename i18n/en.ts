import raEnglish from 'ra-language-english';
import appEn from './app.en';
import validationEn from './validation.en';

/** The complete English catalogue: react-admin's ra.*, the app's app.* and the schemas' validation.*. */
export default { ...raEnglish, ...appEn, ...validationEn };
