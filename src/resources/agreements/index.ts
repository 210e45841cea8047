import { agreementsDeclaration } from '../../../contract/resources/agreements';
import { declaredScreen } from '../../admin/declaredScreen';

/** Agreements (/agreements): the declared table, with each agreement's versions and who accepted them. */
export default declaredScreen(agreementsDeclaration, { entity: () => import('./agreementTable') });
