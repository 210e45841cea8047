import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { DeclaredIconName } from '../../contract/resources/declaration';

/** The icon of each name a declaration may give its menu item (contract/resources/, `screen.icon`). */
const DECLARED_ICONS: Record<DeclaredIconName, SvgIconComponent> = {
  business: BusinessOutlined,
  contacts: ContactsOutlined,
  people: PeopleAltOutlined,
  public: PublicOutlined,
  rule: RuleOutlined,
};

export const declaredIcon = (name: DeclaredIconName | undefined) => (name ? DECLARED_ICONS[name] : TableRowsOutlined);
