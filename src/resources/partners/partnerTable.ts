import { partnersDeclaration } from '../../../contract/resources/partners';
import { createElement } from 'react';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { declaredEntity } from '../../entityTable/declaredEntity';

/** Partners (specification sections 2, 3, 5): the declared table, and each partner's sign-in settings (issue 37). */
export default declaredEntity(partnersDeclaration, {
  rowActions: [
    {
      key: 'sign-in',
      labelKey: 'signInSettings.partnerAction',
      icon: createElement(VpnKeyOutlined, { fontSize: 'small' }),
      access: { action: 'Configure', resource: 'IdentityProviders' },
      run: (partner, { navigate }) => navigate(`/partners/${encodeURIComponent(String(partner.id))}/sign-in`),
    },
  ],
});
