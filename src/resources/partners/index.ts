import { partnersDeclaration } from '../../../contract/resources/partners';
import { declaredScreen } from '../../admin/declaredScreen';

/** Partners (/partners): every partner, for staff who may see across partners; all of it from the declaration. */
export default declaredScreen(partnersDeclaration, { entity: () => import('./partnerTable') });
