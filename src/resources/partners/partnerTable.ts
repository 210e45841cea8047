import { partnersDeclaration } from '../../../contract/resources/partners';
import { declaredEntity } from '../../entityTable/declaredEntity';

/** Partners (specification sections 2, 3, 5): the declared table, nothing written beside it. */
export default declaredEntity(partnersDeclaration);
